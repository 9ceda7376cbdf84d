import Touch

/// Touches as speech mode understands them, before (and, in speech mode, instead of)
/// the sighted gesture recogniser: the scene's whole hook is to feed every touch here
/// and, while speech mode is on, nothing else. Screen coordinates (logical px); the
/// caller turns `explore` points into page coordinates. Pure and clock-free: the hold
/// completes through `nextDeadline` / `deadlineReached(at:)` like every other timeout.
public struct SpeechTouchInput: Sendable {
    public enum Intent: Equatable, Sendable {
        /// A finger went down: stop speaking.
        case touch
        /// The two-finger hold: speech mode on or off.
        case toggle
        /// One finger at (x, y): focus and say what is there.
        case explore(x: Double, y: Double)
        case doubleTap
        /// Two fingers swiped: `forward` when they moved up (the next screen).
        case swipe(forward: Bool)
        /// A three-finger tap: read from the focus to the end of the page.
        case readToEnd
        /// A two-finger tap: the ring menu opens (or closes).
        case menu
    }

    public var hold = TwoFingerHoldRecognizer()
    /// A tap: lifted within this many seconds, moved less than `slop`.
    public var tapTime = 0.3
    public var doubleTapGap = 0.4
    public var slop = 20.0
    /// How far two fingers must travel (logical px) to be a swipe.
    public var swipeDistance = 60.0

    private var starts: [Int: (x: Double, y: Double)] = [:]
    private var positions: [Int: (x: Double, y: Double)] = [:]
    private var sequenceStart = 0.0
    private var mostFingers = 0
    private var moved = false
    private var holdFired = false
    private var lastTap: (time: Double, x: Double, y: Double)?

    public init() {}

    public var nextDeadline: Double? { hold.nextDeadline }

    public mutating func deadlineReached(at time: Double) -> [Intent] {
        if hold.deadlineReached(at: time) { holdFired = true; return [.toggle] }
        return []
    }

    public mutating func handle(_ event: TouchEvent) -> [Intent] {
        var out: [Intent] = []
        if hold.handle(event) { holdFired = true; out.append(.toggle) }
        switch event {
        case let .down(slot, x, y, time):
            if positions.isEmpty { sequenceStart = time; mostFingers = 0; moved = false; holdFired = false }
            starts[slot] = (x, y)
            positions[slot] = (x, y)
            mostFingers = max(mostFingers, positions.count)
            out.append(.touch)
            if mostFingers == 1 { out.append(.explore(x: x, y: y)) }
        case let .move(slot, x, y, _):
            positions[slot] = (x, y)
            if let s = starts[slot], abs(x - s.x) > slop || abs(y - s.y) > slop { moved = true }
            if mostFingers == 1 { out.append(.explore(x: x, y: y)) }
        case let .up(slot, time):
            if positions.count == 1 { out += sequenceEnded(lastSlot: slot, at: time) }
            positions[slot] = nil
            if positions.isEmpty { starts = [:] }
        case .cancel:
            positions = [:]; starts = [:]
        }
        return out
    }

    private mutating func sequenceEnded(lastSlot: Int, at time: Double) -> [Intent] {
        guard !holdFired else { return [] }
        let short = time - sequenceStart <= tapTime
        switch mostFingers {
        case 1 where short && !moved:
            let p = positions[lastSlot] ?? (0, 0)
            if let last = lastTap, time - last.time <= doubleTapGap, abs(p.x - last.x) < slop * 2, abs(p.y - last.y) < slop * 2 {
                lastTap = nil
                return [.doubleTap]
            }
            lastTap = (time, p.x, p.y)
        case 2 where short && !moved:
            return [.menu]
        case 2:
            // The mean vertical travel of the fingers still known (the last one lifting).
            let dy = starts.compactMap { slot, s in positions[slot].map { $0.y - s.y } }
            guard let travel = dy.isEmpty ? nil : dy.reduce(0, +) / Double(dy.count), abs(travel) >= swipeDistance else { return [] }
            return [.swipe(forward: travel < 0)]
        case 3 where short && !moved:
            return [.readToEnd]
        default: break
        }
        return []
    }
}
