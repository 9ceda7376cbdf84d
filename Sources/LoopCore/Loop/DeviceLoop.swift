import Frames
import Geometry
import Measure
import LecternLog
import Logging
import Raster

/// The single-threaded device loop: one `poll` over the display's fd (page flips),
/// the input fd, a signalfd and any extra fds (udev hotplug). The poll timeout is the
/// earliest of the source's next deadline, the next watchdog ping and a scheduled
/// frame; with nothing moving it is infinite, so an idle kiosk never wakes up. While
/// something moves, frames follow page-flip events, or the refresh interval on a sink
/// that shows frames at once.
///
/// Timed wake-ups use the poll timeout rather than a timerfd: the same number of
/// wake-ups, one fd fewer, and the fake clock in tests sees exactly the timeout.
public final class DeviceLoop {
    let system: SystemCalls
    /// The one monotonic clock of the loop's run: whatever is attached to the loop (the
    /// content watch, the metrics file, background work waking it) reads time here.
    public let clock: MonotonicClock
    public let sink: FrameSink
    public let scene: FrameSource
    public var input: InputSource?
    public let notifier: ServiceNotifier?
    public var metrics: FrameMetrics?
    /// How described frames reach the sink (pan, copy, or straight into scan-out): the
    /// loop hands it the painter the source answers, and presents what it composes.
    public let compositor = Compositor()
    /// Called after each turn the loop asked for a frame, with its time and whether the
    /// frame changed anything on screen (the headless player's latency tests).
    public var onFrameOffered: ((_ time: Double, _ drew: Bool) -> Void)?
    let log: Logger
    /// The fds polled each turn (kept, so a turn allocates nothing for them).
    private var requests: [PollRequest] = []
    /// Extra fds and what to do when each is readable (udev monitor, ...).
    public var extraSources: [(fd: FileDescriptor, handle: () -> Void)] = []
    /// Timed work outside the source (the content watcher's settle time): the poll
    /// waits no longer than the earliest `deadline()`; `fire` runs once it has passed.
    public var extraTimers: [(deadline: () -> Double?, fire: (_ time: Double) -> Void)] = []
    /// Reload, touch input, other signals and the first frame: the one place a user of
    /// the loop wires it (the kiosk's `KioskLoopDelegate`). Without one, SIGHUP does
    /// nothing and `input` is whatever was set.
    public var delegate: DeviceLoopDelegate?

    public private(set) var signalFD: FileDescriptor?
    /// How many times `poll` returned: the figure idle must keep at zero.
    public private(set) var wakeUps = 0
    public private(set) var framesPresented = 0
    public private(set) var running = false
    public private(set) var stopSignal: Int32?
    public private(set) var repaint: RepaintState = .idle

    /// The one owner of "everything must be drawn and shown again" (first frame, reload,
    /// a new mode, the display back after a VT switch or hotplug): the display keeps no
    /// flag of its own; a full redraw damages the whole canvas, so it is always presented.
    private var fullRedrawOwed = true
    /// What the source said last turn.
    private var moving = false
    private var displayOn = true
    /// Something reached the source since it last described a frame (a touch, a signal,
    /// a wake pipe, a timer, a caller's change): it must be asked again. A flip's event
    /// alone does not set it: with nothing moving, the frame after a flip is the frame
    /// just shown, and describing and comparing it after every flip of a drag is waste.
    private var sourceTouched = true
    private var deadline: Double?
    /// Time of the oldest touch not yet on screen (touch-to-flip latency).
    private var inputSince: Double?
    /// The kernel's time of the oldest touch in the frame whose flip is pending: its
    /// event-to-glass latency is known when the flip's event says when it was shown.
    private var glassSince: Double?
    private var lastFrameTime: Double?
    private var nextPing: Double?
    private enum FirstFrame { case pending, queued, shown }
    private var firstFrame = FirstFrame.pending

    public init(system: SystemCalls, clock: MonotonicClock, sink: FrameSink, scene: FrameSource,
                notifier: ServiceNotifier? = nil, signals: [Int32] = [], signalFD: FileDescriptor? = nil,
                log: Logger = .lectern) throws {
        self.system = system
        self.log = log
        self.clock = clock
        self.sink = sink
        self.scene = scene
        self.notifier = notifier
        // Either signals to block now, or a signalfd made earlier (DeviceSession blocks
        // signals before it touches the console, so none can kill it half-way).
        self.signalFD = signals.isEmpty ? signalFD : try system.signalFD(signals)
    }

    /// Runs until SIGTERM / SIGINT or `stop()`. `sourceChanged`: the caller may have
    /// changed the source before (the headless player's steps, unless told otherwise), so
    /// the first turn asks it for a frame.
    public func run(sourceChanged: Bool = true) throws {
        running = true
        if sourceChanged { sourceTouched = true }
        if let interval = notifier?.watchdogInterval { nextPing = clock.now() + interval }
        while running { try iterate() }
    }

    public func stop() { running = false }

    /// Everything is drawn again at the next turn (display came back, config reloaded).
    public func requestFullRedraw() { fullRedrawOwed = true }

    /// The source may have changed outside the loop's events (a test or the headless
    /// player acting on the scene directly): the next turn asks it for a frame.
    public func sourceMayHaveChanged() { sourceTouched = true }

    /// (Re)makes the touch input, through the delegate, for the sink's current geometry.
    public func attachInput() {
        guard let delegate, let geometry = sink.geometry else { return }
        input = nil  // the old reader closes before the new one opens the devices
        input = delegate.makeInput(for: geometry)
    }

    /// One turn: the watchdog, the source's turn (and maybe a frame), then one poll and
    /// its dispatch.
    public func iterate() throws {
        let now = clock.now()
        if let interval = notifier?.watchdogInterval, let ping = nextPing, ping <= now {
            notifier?.watchdog()
            nextPing = now + interval
            // The source is asked at every wake-up but a flip's: the wall clock, for one, is
            // read then (opening hours follow a clock set without a clock-set watch).
            sourceTouched = true
        }
        for timer in extraTimers { if let due = timer.deadline(), due <= now { timer.fire(now); sourceTouched = true } }
        try turn(at: now)
        if let metrics, lastFrameTime == now { metrics.recordWork("frame", seconds: clock.now() - now) }
        guard running else { return }

        requests.removeAll(keepingCapacity: true)
        if let fd = sink.pollFD { requests.append(PollRequest(fd: fd)) }
        if let input { requests.append(PollRequest(fd: input.pollDescriptor)) }
        if let signalFD { requests.append(PollRequest(fd: signalFD)) }
        for source in extraSources { requests.append(PollRequest(fd: source.fd)) }

        var wake = deadline
        if let ping = nextPing { wake = min(wake ?? ping, ping) }
        if case let .scheduled(at) = repaint { wake = min(wake ?? at, at) }
        for timer in extraTimers { if let due = timer.deadline() { wake = min(wake ?? due, due) } }
        let timeout: Int32 = wake.map { Int32(clamping: Int((max(0, $0 - now) * 1000).rounded(.up))) } ?? -1
        _ = try system.poll(&requests, timeout: timeout)
        wakeUps += 1
        for request in requests where !request.returned.isEmpty {
            try dispatch(request.fd)
        }
    }

    // MARK: The frame

    private func turn(at now: Double) throws {
        if canSkipTurn(at: now) { return }
        let request = frameRequest(at: now)
        let report = scene.frame(at: now, for: request?.request)
        if request != nil { sourceTouched = false }
        moving = report.moving
        deadline = report.nextDeadline
        displayOn = report.displayOn
        // Off only once no flip is pending (the opening hours may close right after the
        // first frame); the flip's event brings the next turn.
        if report.displayOn != sink.poweredOn, report.displayOn || !sink.isBusy { sink.setPower(on: report.displayOn) }
        guard let (request, canvas) = request else { return }
        let composed = report.displayOn ? compose(report.painter, for: request, in: canvas) : nil
        onFrameOffered?(now, composed?.changesScreen ?? false)
        guard let composed else { return }
        let touchTime = inputSince
        inputSince = nil
        guard composed.changesScreen else {
            repaint = moving ? .scheduled(at: now + sink.frameInterval) : .idle
            return
        }
        switch try sink.present(composed) {
        case .redrawOwed:
            requestFullRedraw()
            repaint = .scheduled(at: now)
            return
        case .skipped:
            // Not shown (display busy or gone): retry at refresh pace, never spin.
            repaint = moving || touchTime != nil ? .scheduled(at: now + sink.frameInterval) : .idle
            return
        case .shown:
            repaint = moving ? .scheduled(at: now + sink.frameInterval) : .idle
            if firstFrame != .shown { firstFrameOnScreen() }
            // On screen at once (no flips): the glass is now.
            if let touchTime { metrics?.recordGlassLatency(clock.now() - touchTime) }
        case .queued:
            // The flip's event wakes the loop; the display says when it came (`isBusy`).
            repaint = .idle
            if firstFrame == .pending { firstFrame = .queued }
            glassSince = touchTime
        }
        framesPresented += 1
        lastFrameTime = now
        metrics?.refreshInterval = sink.frameInterval
        if let touchTime { metrics?.recordLatency(clock.now() - touchTime, at: now) }
    }

    /// Nothing can have changed since the source last described a frame: nothing moves,
    /// no deadline of its own is due, no frame is owed, and the display's power is as the
    /// source last asked (turning it off waits for a pending flip's event).
    private func canSkipTurn(at now: Double) -> Bool {
        guard !sourceTouched, !moving, !fullRedrawOwed, repaint == .idle, displayOn == sink.poweredOn else { return false }
        if let deadline, deadline <= now { return false }
        return true
    }

    /// The source's frame composed into `canvas` (a full redraw: drawn whole and all of
    /// it damaged, so it is always presented); nothing without a painter.
    private func compose(_ painter: FramePainter?, for request: FrameRequest, in canvas: Canvas) -> ComposedFrame {
        guard let painter else { return ComposedFrame() }
        if request.full {
            compositor.reset()
            fullRedrawOwed = false
        }
        var composed = compositor.compose(painter, canvas: canvas, scanout: sink.scanoutSurface)
        if request.full { composed.damage.add(canvas.bounds) }
        return composed
    }

    /// The frame the loop may draw now and the canvas it goes into, else nil (and the
    /// state says when it may).
    private func frameRequest(at now: Double) -> (request: FrameRequest, canvas: Canvas)? {
        guard let canvas = sink.canvas, let geometry = sink.geometry else {
            repaint = .suspended
            inputSince = nil   // nothing can be shown: no latency to measure
            return nil
        }
        // A flip pending on the display: its event brings the next turn.
        if sink.isBusy { return nil }
        glassSince = nil  // measured at the flip's event, or the flip was dropped
        if repaint == .suspended { repaint = .idle }
        // Whatever changes the canvas (a reconfigure, a hotplug, the VT back) asks for this.
        let full = fullRedrawOwed
        if !full, case let .scheduled(at) = repaint, now < at { return nil }
        // Drivers without vblank (bochs, virtio-gpu) complete flips at once: cap an
        // animation at the refresh rate instead of rendering as fast as the CPU goes.
        if moving, !full, inputSince == nil, let last = lastFrameTime,
           now - last < sink.frameInterval * 0.5 {
            repaint = .scheduled(at: last + sink.frameInterval)
            return nil
        }
        return (FrameRequest(full: full, geometry: geometry), canvas)
    }

    // MARK: Events

    private func dispatch(_ fd: FileDescriptor) throws {
        if fd == sink.pollFD {
            guard try sink.handleReadable() > 0 else { return }
            if let since = glassSince {
                // The flip event's own timestamp where the display gives one (the same
                // clock as libinput's), else the time its event was read.
                metrics?.recordGlassLatency((sink.lastFlipTime ?? clock.now()) - since)
                glassSince = nil
            }
            if firstFrame == .queued { firstFrameOnScreen() }
        } else if let input, fd == input.pollDescriptor {
            sourceTouched = true
            let start = clock.now()
            for event in try input.readEvents() {
                if inputSince == nil { inputSince = event.time }
                scene.handle(event)
            }
            metrics?.recordWork("input", seconds: clock.now() - start)
        } else if fd == signalFD {
            sourceTouched = true
            try readSignals()
        } else if let source = extraSources.first(where: { $0.fd == fd }) {
            sourceTouched = true
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
            if signal == DeviceSignal.hangUp.rawValue {
                reload(delegate?.reload(at: clock.now()) ?? .nothing)
            } else {
                delegate?.handleSignal(signal, in: self)
            }
        }
    }

    private func firstFrameOnScreen() {
        firstFrame = .shown
        metrics?.firstFrame()
        notifier?.ready()
        delegate?.firstFrameShown()
    }
}

