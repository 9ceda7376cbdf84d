/// Turns touch events into gestures: pan (with axis lock and release velocity), tap,
/// three-finger tap and two-finger pinch, plus sequence boundaries (`touchDown`, `allUp`).
///
/// Pure and clock-free: time is the events' own timestamps. Recognisers fail on
/// timeouts (a hold is not a tap); each event first advances time to its own
/// timestamp, and an event loop that wants the state to be exact between events can
/// arm a timer at `nextDeadline` and call `advance(to:)`. The one gesture a timeout can
/// bring is a pinch step whose frame only one finger reported (PinchRecognizer): a loop
/// that skips the timer sees it with the next event instead.
///
/// Steady state does not allocate: the finger table is reserved up front and gestures
/// are appended to the caller's array (reserve some capacity in it and `removeAll
/// (keepingCapacity: true)` between uses).
public struct GestureRecognizer: Sendable {
    public let config: GestureConfig
    private var sequence = TouchSequence()
    private var pan = PanRecognizer()
    private var tap = TapRecognizer()
    private var threeFingerTap = ThreeFingerTapRecognizer()
    private var pinch = PinchRecognizer()

    public init(config: GestureConfig = GestureConfig()) {
        self.config = config
    }

    /// Fingers currently down.
    public var activeTouchCount: Int { sequence.activeCount }

    /// True while a one-finger pan is in progress.
    public var isPanning: Bool { pan.isPanning }

    /// True while a two-finger pinch is in progress.
    public var isPinching: Bool { pinch.isPinching }

    /// The earliest time at which a pending recogniser fails by timeout, or nil when
    /// nothing is pending (in particular whenever no finger is down).
    public var nextDeadline: Double? {
        earliest(earliest(tap.nextDeadline, threeFingerTap.nextDeadline(config: config)), pinch.nextDeadline)
    }

    /// Let time pass without events: timed-out candidates fail, and a pinch frame in which
    /// only one finger reported is judged (it may emit the pinch's gestures).
    public mutating func advance(to time: Double, into out: inout [Gesture]) {
        tap.advance(to: time)
        threeFingerTap.advance(to: time, config: config)
        pinch.advance(to: time, sequence: sequence, config: config, into: &out)
    }

    public mutating func handle(_ event: TouchEvent, into out: inout [Gesture]) {
        advance(to: event.time, into: &out)
        switch event {
        case let .down(slot, x, y, time):
            let wasEmpty = sequence.isEmpty
            guard sequence.down(slot: slot, x: x, y: y, time: time) else {
                // A slot reported down twice: the kernel lost an up. Treat as movement.
                moved(slot: slot, x: x, y: y, time: time, into: &out)
                return
            }
            if wasEmpty { out.append(.touchDown(x: x, y: y, time: time)) }
            let point = sequence.point(slot: slot) ?? TouchPoint(slot: slot, downX: x, downY: y, downTime: time, x: x, y: y, maximumTravel: 0)
            pan.fingerDown(point, sequence: sequence, time: time, into: &out)
            tap.fingerDown(point, sequence: sequence, config: config)
            threeFingerTap.fingerDown(point, sequence: sequence, config: config)
            pinch.fingerDown(sequence: sequence, time: time, into: &out)
        case let .move(slot, x, y, time):
            moved(slot: slot, x: x, y: y, time: time, into: &out)
        case let .up(slot, time):
            let wasEmpty = sequence.isEmpty
            if let point = sequence.up(slot: slot) {
                pan.fingerLifted(point, time: time, into: &out)
                tap.fingerLifted(point, sequence: sequence, time: time, into: &out)
                threeFingerTap.fingerLifted(point, sequence: sequence, time: time, into: &out)
                pinch.fingerLifted(time: time, into: &out)
            }
            if !wasEmpty && sequence.isEmpty { endSequence(time: time, into: &out) }
        case let .cancel(time):
            pan.cancel(time: time, into: &out)
            pinch.cancel(time: time, into: &out)
            let wasEmpty = sequence.isEmpty
            sequence.removeAll()
            if !wasEmpty { endSequence(time: time, into: &out) }
        }
    }

    private mutating func moved(slot: Int, x: Double, y: Double, time: Double, into out: inout [Gesture]) {
        guard let point = sequence.move(slot: slot, x: x, y: y) else { return }
        pan.fingerMoved(point, config: config, time: time, into: &out)
        tap.fingerMoved(point, config: config)
        threeFingerTap.fingerMoved(point, config: config)
        pinch.fingerMoved(point, sequence: sequence, config: config, time: time, into: &out)
    }

    private mutating func endSequence(time: Double, into out: inout [Gesture]) {
        out.append(.allUp(time: time))
        pan.sequenceEnded()
        tap.reset()
        threeFingerTap.reset()
        pinch.reset()
    }
}
