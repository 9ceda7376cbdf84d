import Display
import KioskDevice
import Logging
import LecternLog
import ArgumentParser
import Foundation
import PDFPages
import Kiosk
import Typeset
import Measure
import Platform
import Raster

/// `lectern run`: the kiosk on the display, as the systemd service starts it.
///
/// Exit codes (docs/deploy.md): 0 stopped by SIGTERM/SIGINT; 64 bad arguments;
/// 65 bad configuration file or content file; 69 no DRM display device; 77 no permission to open
/// the display device; 70 any other failure while running.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Show the kiosk on the display (DRM/KMS) and read the touchscreen."
    )

    @Option(name: .long, help: "Configuration file (TOML). Without it, the built-in demo pages.")
    var config: String?

    @Option(name: .long, help: "DRM device, e.g. /dev/dri/card1 (default: the first card with a connected display).")
    var card: String?

    @Option(name: .long, help: "libinput seat to read touch from.")
    var seat: String = "seat0"

    enum Exit: Int32 { case usage = 64, config = 65, software = 70, unavailable = 69, permission = 77 }

    func validate() throws {
        if let card, !card.hasPrefix("/") { throw ValidationError("--card needs a device path such as /dev/dri/card0, got '\(card)'") }
        if seat.isEmpty { throw ValidationError("--seat needs a seat name such as seat0") }
    }

    func run() throws {
        HeapUsage.returnLargeBlocksToTheSystem()
        var options = DeviceSession.Options(card: card)
        var kioskConfig = KioskConfig.builtIn
        if let config {
            do {
                kioskConfig = try ConfigLoader.load(path: config)
            } catch {
                fail(error.errors.map(\.description).joined(separator: "\nlectern: "), .config)
            }
        }
        for page in kioskConfig.pages {
            // A PDF is opened by poppler in its sandbox, never here.
            guard case let .file(path) = page.source, !page.isPDF else { continue }
            do { try Document.checkLoadable(path: path) } catch { fail("\(error)", .config) }
        }
        options.rotation = kioskConfig.display.rotation
        options.mode = kioskConfig.display.mode.map { ($0.width, $0.height) }
        let session = DeviceSession(options: options)
        let kiosk = KioskRuntime(config: kioskConfig, configPath: config, log: session.log)
        // Opening hours ([display] on / off) follow the system clock and time zone; a
        // clock set after boot (NTP) wakes the loop through a cancel-on-set timerfd.
        kiosk.wallClock = SystemWallClock()
        var clockSet: ClockSetWatch?
        do { clockSet = try ClockSetWatch() } catch {
            session.log.warning("cannot watch for the wall clock being set (\(error)); opening hours follow it at the next wake-up")
        }
        // Speech mode (docs/accessibility.md): without espeak-ng the kiosk runs on silently.
        kiosk.speechOutput = DeviceSpeech.make(config: kioskConfig, log: session.log)
        // Reload, touch input (libinput on the seat, for the display's geometry) and the
        // panel's density: the kiosk's one loop delegate, as headless and in the tests.
        let delegate = KioskLoopDelegate(runtime: kiosk, touch: LibinputTouchMaker(seat: seat, log: session.log))
        // Content that updates itself ([watch]): inotify on the site, checked once it settles.
        var watch: ContentWatch?
        if config != nil, kioskConfig.watch.enabled {
            do {
                watch = try ContentWatch(runtime: kiosk, settle: kioskConfig.watch.settle, log: session.log)
                session.log.info("content watch: \(watch!.watchedPaths.count) path(s) watched, settle \(kioskConfig.watch.settle) s, version \(watch!.version)")
            } catch {
                session.log.warning("content watch unavailable (\(error)); send SIGHUP after changing content")
            }
        }
        let metrics = kioskConfig.metrics.enabled ? MetricsFile(path: kioskConfig.metrics.path, runtime: kiosk, log: session.log) : nil
        metrics?.watch = watch
        delegate.watch = watch
        delegate.metrics = metrics
        watch?.onUpdate = { update in
            session.status(update.ok ? "content updated" : "content update refused: \(update.reason)")
            metrics?.reloaded(update, refusedBy: true)
        }
        // The headphone jack: plugging headphones in turns speech mode on (evdev switch).
        var jack: HeadphoneJack?
        if kioskConfig.speech.enabled, kioskConfig.speech.headphoneJack, kiosk.speechOutput != nil {
            jack = HeadphoneJack()
            let found = jack!.devices.map(\.path).joined(separator: ", ")
            session.log.info(found.isEmpty ? "headphone jack: no input device reports SW_HEADPHONE_INSERT; speech mode starts by gesture only"
                                           : "headphone jack: \(found)")
            jack?.onChange = { plugged in kiosk.headphonesChanged(plugged: plugged) }
        }
        session.onLoop = { loop, frameMetrics in
            jack?.attach(to: loop)
            watch?.attach(to: loop, clock: SystemClock())
            clockSet?.attach(to: loop) { session.log.info("\($0)") }
            metrics?.frameMetrics = frameMetrics
            metrics?.attach(to: loop, clock: SystemClock())
        }
        kiosk.onStatus = { session.status($0) }
        session.onSnapshot = { canvas in Snapshot.write(canvas, log: session.log) }
        // The first frame does not wait for a hyphenation dictionary (German: over a
        // second to load): pages are laid out without it, then again when it is there.
        if let arrival = try? session.wakePipe({ time in kiosk.hyphenationArrived(at: time) }) {
            HyphenationDictionaries.shared.onArrival = arrival.wake
        }
        HyphenationDictionaries.shared.waitsForLoading = false
        // PDF pages are rendered off the loop; a pipe wakes it when a page is ready.
        if kioskConfig.pages.contains(where: \.isPDF),
           let finished = try? session.wakePipe({ time in kiosk.backgroundWorkFinished(at: time) }) {
            PDFRenderQueue.shared.onFinished = finished.wake
        }
        do {
            try session.run(scene: kiosk, delegate: delegate)
        } catch let error as DisplayError {
            switch error {
            case .noDevice, .noSuchCard: fail(error.description, .unavailable)
            case let .cannotOpen(_, errno) where errno == .permissionDenied || errno == .notPermitted: fail(error.description, .permission)
            default: fail(error.description, .software)
            }
        } catch {
            fail("\(error)", .software)
        }
    }

    private func fail(_ message: String, _ code: Exit) -> Never {
        FileHandle.standardError.write(Data("lectern: \(message)\n".utf8))
        Foundation.exit(code.rawValue)
    }
}

/// SIGUSR1: the frame on screen (the shadow buffer, logical size) to a PNG in
/// $RUNTIME_DIRECTORY (or /run/lectern), for support staff who cannot see the kiosk.
enum Snapshot {
    static func write(_ canvas: Canvas, log: Logger) {
        let dir = ProcessInfo.processInfo.environment["RUNTIME_DIRECTORY"].flatMap { $0.split(separator: ":").first.map(String.init) } ?? "/run/lectern"
        let path = "\(dir)/snapshot.png"
        do {
            try PNGEncoder.write(canvas: canvas, to: path)
            log.info("snapshot written to \(path)")
        } catch {
            log.info("cannot write snapshot \(path): \(error)")
        }
    }
}
