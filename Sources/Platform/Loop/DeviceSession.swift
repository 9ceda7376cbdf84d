import Display
import LoopCore
import Measure
import LecternLog
import Logging
import Geometry
import Raster

/// Everything `lectern run` needs around a scene: the card, the console, the loop,
/// hotplug, signals and a clean exit. The executable builds one and calls `run`.
public final class DeviceSession {
    public struct Options {
        public var card: String?
        public var mode: (width: Int, height: Int)?
        public var rotation: Rotation = .r0
        /// Where the display leaves what the driver offers (`[display]`).
        public var tuning = ScanoutTuning()
        public init(card: String? = nil, mode: (width: Int, height: Int)? = nil, rotation: Rotation = .r0,
                    tuning: ScanoutTuning = ScanoutTuning()) {
            self.card = card; self.mode = mode; self.rotation = rotation; self.tuning = tuning
        }
    }

    public let log: Logger
    /// systemd's notification socket (a no-op when not started by systemd).
    private let notifier = SystemdNotifier()
    let options: Options
    let system: SystemCalls
    /// SIGUSR1: write `canvas` (the shadow frame, logical size) to a file.
    public var onSnapshot: (Canvas) -> Void = { _ in }
    /// The loop is made (its metrics and delegate set), before it runs: the kiosk's
    /// composition root adds its fds and timers (`KioskWiring.attach`).
    public var onLoop: (DeviceLoop) -> Void = { _ in }

    /// The signals the session reads from its signalfd: SIGTERM, SIGINT, SIGHUP, SIGUSR1
    /// and the VT release / acquire signals.
    static let signals = [DeviceSignal.terminate, .interrupt, .hangUp, .user1].map(\.rawValue)
        + [Console.releaseSignal, Console.acquireSignal]
    /// Made (and the signals blocked) when the session is made, before `lectern run`
    /// starts any thread: a thread inherits the mask of the thread that starts it, and a
    /// thread with the signals unblocked (the speech player, the PDF renderers' queue)
    /// takes SIGHUP, SIGTERM or a VT signal with its default action, which ends the
    /// process: no reload, no clean exit, no console given back (the machine test saw
    /// all three once espeak-ng's data was in its image).
    private var signalFD: FileDescriptor?
    private var signalFDError: Error?

    /// - Parameter system: the calls the loop makes; `lectern run` hands the same to the
    ///   kiosk's composition root (its background workers' pipes).
    public init(options: Options, log: Logger = .lectern, system: SystemCalls = LinuxSystemCalls()) {
        self.options = options
        self.log = log
        self.system = system
        do { signalFD = try system.signalFD(Self.signals) } catch { signalFDError = error }
    }

    /// Tells systemd what the kiosk shows (`systemctl status lectern`: STATUS=).
    public func status(_ text: String) { notifier.status(text) }

    /// Runs `scene` on the display until SIGTERM / SIGINT; restores the console and
    /// the CRTC on the way out (also when an error is thrown). `delegate` is the kiosk's
    /// wiring (reload, touch input); the session handles the console's signals, SIGUSR1
    /// and the status line around it.
    public func run(scene: FrameSource, delegate: DeviceLoopDelegate) throws {
        let notifier = self.notifier
        // The signals were blocked when the session was made: SIGTERM is read from the
        // signalfd and cannot kill Lectern between taking the console and restoring it;
        // the VT release / acquire signals are included so an early VT switch is not fatal.
        guard let signalFD else { throw signalFDError ?? Errno.badFileDescriptor }
        self.signalFD = nil
        defer { system.close(signalFD) }
        let card = try DRMCard.open(explicit: options.card, system: system)
        guard try MasterWait.acquire(card, system: system, signalFD: signalFD, log: log, status: { notifier.status($0); notifier.ready() }) else {
            log.info("stopping (signal) while waiting for DRM master")
            notifier.stopping()
            return
        }
        let display = KMSDisplay(device: card, rotation: options.rotation, requestedMode: options.mode, tuning: options.tuning, log: log)
        let console = Console(system: system, log: log)
        console?.take()
        defer {
            notifier.stopping()
            display.shutdown()
            console?.restore()
        }
        if try !display.start() {
            // Not a failure: the service is up and will draw when a display appears.
            notifier.status("waiting for a display")
            notifier.ready()
        }

        let metrics = FrameMetrics(log: log)
        let loop = try DeviceLoop(system: system, clock: SystemClock.shared, sink: display, scene: scene,
                                  notifier: notifier, signalFD: signalFD, log: log)
        loop.metrics = metrics
        loop.delegate = SessionLoopDelegate(kiosk: delegate, display: display, console: console, notifier: notifier,
                                            log: log, onSnapshot: onSnapshot)
        onLoop(loop)
        loop.attachInput()
        if let hotplug = HotplugMonitor() {
            loop.extraSources.append((hotplug.fd, { [unowned self] in
                guard hotplug.readHotplug() else { return }
                do {
                    if case .resized = try display.rescan() {
                        loop.requestFullRedraw()
                        loop.attachInput()
                    }
                } catch {
                    log.info("display rescan failed: \(error)")
                }
            }))
        } else {
            log.info("no udev monitor: display hotplug will not be noticed")
        }
        try withExtendedLifetime(console) {
            try loop.run()
        }
        log.info("stopping (signal \(loop.stopSignal.map(String.init) ?? "none")); frames presented \(loop.framesPresented), wake-ups \(loop.wakeUps)")
        metrics.report()
    }
}

/// The session's part of the loop's wiring, around the kiosk's delegate: the VT release
/// and acquire signals (the console's), SIGUSR1's counters and snapshot, the status
/// line; everything else goes to the kiosk.
private final class SessionLoopDelegate: DeviceLoopDelegate {
    let kiosk: DeviceLoopDelegate
    let display: KMSDisplay
    let console: Console?
    let notifier: ServiceNotifier
    let log: Logger
    let onSnapshot: (Canvas) -> Void

    init(kiosk: DeviceLoopDelegate, display: KMSDisplay, console: Console?, notifier: ServiceNotifier, log: Logger,
         onSnapshot: @escaping (Canvas) -> Void) {
        self.kiosk = kiosk
        self.display = display
        self.console = console
        self.notifier = notifier
        self.log = log
        self.onSnapshot = onSnapshot
    }

    func reload(at time: Double) -> ReloadEffect {
        log.info("SIGHUP: reloading")
        return kiosk.reload(at: time)
    }

    func makeInput(for geometry: DisplayGeometry) -> InputSource? { kiosk.makeInput(for: geometry) }

    func handleSignal(_ signal: Int32, in loop: DeviceLoop) {
        switch signal {
        case DeviceSignal.user1.rawValue:
            // Counters for the machine test: two snapshots apart with nothing moving
            // must show the same wake-ups (idle costs nothing).
            log.info("metrics wake_ups=\(loop.wakeUps) frames=\(loop.framesPresented)")
            if let canvas = display.shownCanvas { onSnapshot(canvas) } else { log.info("SIGUSR1: no frame to snapshot (no display)") }
        case Console.releaseSignal where console?.processMode == true:
            display.suspend()
            console?.allowRelease()
        case Console.acquireSignal where console?.processMode == true:
            console?.acknowledgeAcquire()
            display.resume()
            loop.requestFullRedraw()
        default:
            kiosk.handleSignal(signal, in: loop)
        }
    }

    func firstFrameShown() {
        notifier.status("showing \(display.output?.description ?? "nothing")")
        kiosk.firstFrameShown()
    }
}
