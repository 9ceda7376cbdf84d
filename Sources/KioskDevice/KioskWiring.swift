import Kiosk
import LecternLog
import Logging
import LoopCore
import Measure

/// The kiosk's one composition root: builds the runtime, its loop delegate and everything
/// wired around them (the wake-up pipes of PDF sheets, hyphenation dictionaries and pictures, the
/// content watch, the metrics file, the headphone jack, the clock-set watch, speech,
/// clips' sound, the TV switched over HDMI-CEC), and
/// attaches them to the loop once it is made. `lectern run`, the headless player and the
/// tests build their kiosk here alike; they differ only in what they pass in: the system
/// calls and where touches come from (the loop's), and the `KioskEnvironment` (the world
/// outside the loop). Whoever makes the loop (`DeviceSession`, `HeadlessPlayer`) sets its
/// delegate and calls `attach(to:)`.
public final class KioskWiring {
    /// What the runtime is made from.
    public enum Start {
        /// A configuration and the file it came from (nil: built in; nothing to reload).
        case configuration(KioskConfig, path: String?)
        /// A kiosk already assembled for its screen (tools and tests that build the
        /// assembly themselves); no file to reload.
        case assembly(KioskAssembly)
    }

    public let runtime: KioskRuntime
    /// The loop's delegate: reload, touch input for the display's geometry, the panel's density.
    public let delegate: KioskLoopDelegate
    /// Content that updates itself (`[watch]`), when the environment offers inotify.
    public let watch: ContentWatch?
    /// Health and usage for node_exporter (`[metrics]`), when the environment can write it.
    public let metrics: MetricsFile?
    private let backgroundWork: BackgroundWork
    private let headphoneJack: HeadphoneSwitch?
    private let clockSetWatch: PolledDevice?
    /// The TV behind HDMI, switched with the opening hours over HDMI-CEC.
    public let tvSwitch: TVSwitch?

    /// - Parameter system: the calls the loop makes (the background workers' pipes are
    ///   made through them).
    /// - Parameter touch: where touches come from (libinput on the seat, scripted touches).
    public init(_ start: Start, system: SystemCalls, touch: TouchInputMaker?, environment: KioskEnvironment = KioskEnvironment(),
                log: Logger = .lectern) {
        switch start {
        case let .configuration(config, path): runtime = KioskRuntime(config: config, configPath: path, log: log)
        case let .assembly(assembly): runtime = KioskRuntime(assembly: assembly, log: log)
        }
        let runtime = self.runtime
        let config = runtime.config
        runtime.wallClock = environment.wallClock
        runtime.onStatus = environment.status
        // Speech mode (docs/accessibility.md): without espeak-ng the kiosk runs on silently.
        if let speech = environment.speech { runtime.speechOutput = speech(config, log) }
        // Clips' sound (docs/content.md, "Video clips"): played only where [clips] sound allows.
        if let clipSound = environment.clipSound { runtime.clipSound = clipSound(config, log) }
        delegate = KioskLoopDelegate(runtime: runtime, touch: touch)
        backgroundWork = BackgroundWork(runtime: runtime, system: system, dictionaryLoading: environment.dictionaries,
                                        pictureDecoding: environment.pictures, searchIndex: environment.searchIndex, log: log)
        let backgroundWork = self.backgroundWork
        delegate.onFirstFrameForSearch = { backgroundWork.firstFrameShown() }
        let wallClock = environment.wallClock ?? SystemWallClock.shared
        watch = Self.contentWatch(reload: delegate.siteReload, calls: environment.fileWatch, wallClock: wallClock, log: log)
        if config.metrics.enabled, let write = environment.writeFileAtomically {
            metrics = MetricsFile(path: config.metrics.path, runtime: runtime, writeAtomically: write, wallClock: wallClock,
                                  softwareVersion: environment.softwareVersion, log: log)
        } else {
            metrics = nil
        }
        headphoneJack = Self.headphoneJack(runtime: runtime, open: environment.headphoneJack, log: log)
        var clockSetWatch: PolledDevice?
        if let makeClockSetWatch = environment.clockSetWatch {
            do { clockSetWatch = try makeClockSetWatch() } catch {
                log.warning("cannot watch for the wall clock being set (\(error)); opening hours follow it at the next wake-up")
            }
        }
        self.clockSetWatch = clockSetWatch
        if let openCEC = environment.cec {
            let tv = TVSwitch(open: openCEC, log: log)
            runtime.onHoursDark = { [unowned runtime] dark in tv.follow(dark: dark, choice: runtime.config.display.cec) }
            tvSwitch = tv
        } else {
            tvSwitch = nil
        }
        metrics?.siteReload = delegate.siteReload
        delegate.watch = watch
        delegate.metrics = metrics
        let metrics = self.metrics, status = environment.status
        watch?.onUpdate = { update in
            status(update.ok ? "content updated" : "content update refused: \(update.reason)")
            metrics?.reloaded(update, refusedBy: true)
        }
    }

    /// The loop is made (its delegate set by its maker): every descriptor and timer of the
    /// kiosk's surroundings goes into its poll, all at the loop's clock.
    public func attach(to loop: DeviceLoop) {
        backgroundWork.attach(to: loop)
        headphoneJack?.attach(to: loop)
        watch?.attach(to: loop)
        clockSetWatch?.attach(to: loop)
        metrics?.frameMetrics = loop.metrics
        metrics?.attach(to: loop)
    }

    /// No background work a frame depends on is still to come (PDF sheets asked for,
    /// dictionaries a layout went without, pictures being decoded): what the headless player waits for before
    /// it captures a frame.
    public var backgroundWorkSettled: Bool { backgroundWork.isSettled }

    /// Content that updates itself ([watch]): inotify on the site, checked once it settles.
    private static func contentWatch(reload: SiteReload, calls: FileWatchCalls?, wallClock: WallClock, log: Logger) -> ContentWatch? {
        let settings = reload.runtime.config.watch
        guard reload.runtime.configPath != nil, settings.enabled, let calls else { return nil }
        do {
            let watch = try ContentWatch(reload: reload, settle: settings.settle, calls: calls, wallClock: wallClock, log: log)
            log.info("content watch: \(watch.watchedPaths.count) path(s) watched, settle \(settings.settle) s, version \(watch.version)")
            return watch
        } catch {
            log.warning("content watch unavailable (\(error)); send SIGHUP after changing content")
            return nil
        }
    }

    /// The headphone jack: plugging headphones in turns speech mode on (evdev switch).
    private static func headphoneJack(runtime: KioskRuntime, open: (() -> HeadphoneSwitch)?, log: Logger) -> HeadphoneSwitch? {
        let speech = runtime.config.speech
        guard speech.enabled, speech.headphoneJack, runtime.speechOutput != nil, let open else { return nil }
        let jack = open()
        let found = jack.devicePaths.joined(separator: ", ")
        log.info(found.isEmpty ? "headphone jack: no input device reports SW_HEADPHONE_INSERT; speech mode starts by gesture only"
                               : "headphone jack: \(found)")
        jack.onChange = { plugged in runtime.headphonesChanged(plugged: plugged) }
        return jack
    }
}
