import Raster
import Touch

/// A source of touch events with a pollable fd: the libinput reader on the device,
/// a fake in tests.
public protocol InputSource: AnyObject {
    var pollDescriptor: FileDescriptor { get }
    /// Everything readable now, already calibrated and rotated into logical pixels.
    func readEvents() throws -> [TouchEvent]
}

/// Tells the service manager how Lectern is doing (sd_notify; a no-op off systemd).
public protocol ServiceNotifier: AnyObject {
    /// Seconds between watchdog pings (WATCHDOG_USEC / 2), or nil when not asked.
    var watchdogInterval: Double? { get }
    func ready()
    func watchdog()
    func stopping()
    func status(_ text: String)
}

/// The single-threaded device loop: one `poll` over the display's fd (page flips),
/// the input fd, a signalfd and any extra fds (udev hotplug). The poll timeout is
/// the earliest of the scene's next deadline, the next watchdog ping and frame
/// pacing when a present completed without an event; with nothing moving it is
/// infinite, so an idle kiosk never wakes up. Animations advance one frame per page
/// flip event while `needsFrame` is true.
///
/// Timed wake-ups use the poll timeout rather than a timerfd: the same number of
/// wake-ups, one fd fewer, and the fake clock in tests sees exactly the timeout.
public final class DeviceLoop {
    let system: SystemCalls
    let clock: MonotonicClock
    public let sink: FrameSink
    public let scene: FrameSource
    public var input: InputSource?
    public let notifier: ServiceNotifier?
    public var metrics: FrameMetrics?
    /// Extra fds and what to do when each is readable (udev monitor, ...).
    public var extraSources: [(fd: FileDescriptor, handle: () -> Void)] = []
    /// Signals other than SIGTERM / SIGINT (which stop the loop) go here.
    public var onSignal: (Int32) -> Void = { _ in }
    /// Called once, when the first frame is on screen.
    public var onFirstFrame: () -> Void = {}

    public private(set) var signalFD: FileDescriptor?
    /// How many times `poll` returned: the figure idle must keep at zero.
    public private(set) var wakeUps = 0
    public private(set) var framesPresented = 0
    public private(set) var running = false
    public private(set) var stopSignal: Int32?

    private var sceneSize: (width: Int, height: Int)?
    private var inputSinceFrame: Double?   // time of the oldest unpresented input event
    private var paceUntil: Double?
    private var nextPing: Double?
    private var firstFrameShown = false
    private var sinkPowered = true
    private var lastFrameTime: Double?
    private var firstFrameQueued = false

    public init(system: SystemCalls, clock: MonotonicClock, sink: FrameSink, scene: FrameSource,
                notifier: ServiceNotifier? = nil, signals: [Int32] = [], signalFD: FileDescriptor? = nil) throws {
        self.system = system
        self.clock = clock
        self.sink = sink
        self.scene = scene
        self.notifier = notifier
        // Either signals to block now, or a signalfd made earlier (DeviceSession blocks
        // signals before it touches the console, so none can kill it half-way).
        self.signalFD = signals.isEmpty ? signalFD : try system.signalFD(signals)
    }

    /// Runs until SIGTERM / SIGINT or `stop()`.
    public func run() throws {
        running = true
        if let interval = notifier?.watchdogInterval { nextPing = clock.now() + interval }
        while running { try iterate() }
    }

    public func stop() { running = false }

    /// Forces a full render on the next iteration (display came back, config reloaded).
    public func invalidateScene() { sceneSize = nil }

    /// One turn: timed actions, maybe a frame, then one poll and its dispatch.
    public func iterate() throws {
        var now = clock.now()
        if let deadline = scene.nextDeadline(), deadline <= now { scene.deadlineReached(at: now) }
        if let interval = notifier?.watchdogInterval, let ping = nextPing, ping <= now {
            notifier?.watchdog()
            nextPing = now + interval
        }
        let powered = scene.displayPowered
        if powered != sinkPowered { sink.setPower(on: powered); sinkPowered = powered }
        if powered { try renderIfNeeded(at: now) }
        guard running else { return }

        var requests: [PollRequest] = []
        if let fd = sink.pollFD { requests.append(PollRequest(fd: fd)) }
        if let input { requests.append(PollRequest(fd: input.pollDescriptor)) }
        if let signalFD { requests.append(PollRequest(fd: signalFD)) }
        for source in extraSources { requests.append(PollRequest(fd: source.fd)) }

        now = clock.now()
        let wake = [scene.nextDeadline(), nextPing, paceUntil].compactMap { $0 }.min()
        let timeout: Int32 = wake.map { Int32(clamping: Int((max(0, $0 - now) * 1000).rounded(.up))) } ?? -1
        _ = try system.poll(&requests, timeout: timeout)
        wakeUps += 1
        for request in requests where !request.returned.isEmpty {
            try dispatch(request.fd)
        }
    }

    private func dispatch(_ fd: FileDescriptor) throws {
        if fd == sink.pollFD {
            if try sink.handleReadable() > 0, firstFrameQueued, !firstFrameShown { firstFrameOnScreen() }
        } else if let input, fd == input.pollDescriptor {
            for event in try input.readEvents() {
                if inputSinceFrame == nil { inputSinceFrame = event.time }
                scene.handle(event)
            }
        } else if fd == signalFD {
            try readSignals()
        } else if let source = extraSources.first(where: { $0.fd == fd }) {
            source.handle()
        }
    }

    private func readSignals() throws {
        while let fd = signalFD, let signal = try SignalFD.next(fd, system: system) {
            if SignalFD.isTermination(signal) {
                stopSignal = signal
                running = false
                return
            }
            onSignal(signal)
        }
    }

    private func renderIfNeeded(at now: Double) throws {
        guard let canvas = sink.canvas else {
            inputSinceFrame = nil   // nothing can be shown: no latency to measure
            return
        }
        guard !sink.isBusy else { return }
        var full = false
        if sceneSize == nil || sceneSize! != (canvas.width, canvas.height) {
            scene.resize(width: canvas.width, height: canvas.height, at: now)
            sceneSize = (canvas.width, canvas.height)
            full = true
        }
        if let until = paceUntil, now < until, !full { return }
        paceUntil = nil
        let moving = scene.needsFrame(at: now)
        // Drivers without vblank (bochs, virtio-gpu) complete flips at once: cap an
        // animation at the refresh rate instead of rendering as fast as the CPU goes.
        if moving, !full, inputSinceFrame == nil, !sink.needsPresent, let last = lastFrameTime,
           now - last < sink.frameInterval * 0.5 {
            paceUntil = last + sink.frameInterval
            return
        }
        guard full || moving || inputSinceFrame != nil || sink.needsPresent else { return }
        var damage = Region()
        if full { damage.add(canvas.bounds) }
        scene.render(into: canvas, at: now, damage: &damage, scanout: sink.scanoutSurface)
        let touchTime = inputSinceFrame
        inputSinceFrame = nil
        if damage.isEmpty && !sink.needsPresent {
            if moving { paceUntil = now + sink.frameInterval }
            return
        }
        let outcome = try sink.present(damage)
        guard outcome != .skipped else {
            // Not shown (display busy or gone): retry at refresh pace, never spin.
            if moving || touchTime != nil { paceUntil = now + sink.frameInterval }
            return
        }
        framesPresented += 1
        lastFrameTime = now
        if let touchTime { metrics?.recordLatency(clock.now() - touchTime, at: now) }
        if outcome == .shown {
            if !firstFrameShown { firstFrameOnScreen() }
            // No flip event will come: pace the next frame by the refresh interval.
            if scene.needsFrame(at: now) { paceUntil = now + sink.frameInterval }
        } else if !firstFrameShown {
            firstFrameQueued = true
        }
    }

    private func firstFrameOnScreen() {
        firstFrameShown = true
        metrics?.firstFrame()
        notifier?.ready()
        onFirstFrame()
    }
}
