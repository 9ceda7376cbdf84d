/// Two-finger pinch: exactly two fingers in the sequence, both down, whose distance
/// changes by more than `pinchSlop` before their midpoint has moved as far. Two fingers
/// moving together (a two-finger drag, a rotation, a hand resting and drifting) fail
/// it as soon as the midpoint travels `pinchSlop`: only the distance changing faster
/// than the hand moves is a pinch.
///
/// The scale is measured from the distance at which the pinch was recognised, so the
/// page does not jump by the slop when it starts, and a hand at rest whose contacts
/// spread a little while pressing (the real two-finger holds in Tests/TouchRecordingTests
/// change their distance by up to 18 px) scales by next to nothing.
/// A third finger landing, or a cancel, cancels it; one of the two lifting ends it.
///
/// Fingers are judged a frame at a time: within a frame the kernel reports one finger's
/// move after the other's, and two fingers moving together look, between the two reports,
/// like one finger moving alone: the distance changes by as much as the hand moved while
/// the midpoint moves half as far (the real two-finger circle, Wacom ISDv4, passed for a
/// pinch that way). A frame is complete when both fingers have reported at its time, or
/// when anything later happens (`advance`, at the latest `nextDeadline`).
struct PinchRecognizer: Sendable {
    enum State: Sendable, Equatable {
        case idle
        /// Two fingers down, distance and midpoint when the second landed.
        case possible(span: Double, x: Double, y: Double)
        /// Recognised: the distance at that moment, and the latest scale and midpoint.
        case pinching(span: Double, scale: Double, x: Double, y: Double)
        /// Not a pinch for the rest of this sequence.
        case failed
    }

    private(set) var state: State = .idle
    /// Time of the frame whose moves are not judged yet (one finger has reported).
    private var pending: Double?
    /// Time of each finger's latest move, by its place in the sequence (0 or 1).
    private var moved = (-1.0, -1.0)

    /// A frame a finger reported alone is judged this long after, if nothing else comes.
    static let frameWait = 0.002

    var nextDeadline: Double? { pending.map { $0 + Self.frameWait } }

    var isPinching: Bool {
        if case .pinching = state { return true }
        return false
    }

    /// Distance and midpoint of the two tracked fingers, or nil unless exactly two are.
    private static func measure(_ sequence: TouchSequence) -> (span: Double, x: Double, y: Double)? {
        guard sequence.activeCount == 2, sequence.points.count == 2 else { return nil }
        let a = sequence.points[0], b = sequence.points[1]
        let dx = a.x - b.x, dy = a.y - b.y
        return ((dx * dx + dy * dy).squareRoot(), (a.x + b.x) / 2, (a.y + b.y) / 2)
    }

    mutating func fingerDown(sequence: TouchSequence, time: Double, into out: inout [Gesture]) {
        switch state {
        case .idle where sequence.landedCount == 2:
            if let m = Self.measure(sequence) { state = .possible(span: m.span, x: m.x, y: m.y) } else { state = .failed }
        case .idle where sequence.landedCount < 2:
            break
        case .pinching:
            out.append(.pinchCancelled(time: time))
            state = .failed
        default:
            state = .failed
        }
    }

    mutating func fingerMoved(_ point: TouchPoint, sequence: TouchSequence, config: GestureConfig, time: Double, into out: inout [Gesture]) {
        switch state {
        case .possible, .pinching:
            guard let index = sequence.index(ofSlot: point.slot), index < 2 else { return }
            if index == 0 { moved.0 = time } else { moved.1 = time }
            if moved.0 == time && moved.1 == time {
                pending = nil
                judge(sequence: sequence, config: config, time: time, into: &out)
            } else {
                pending = time
            }
        default:
            break
        }
    }

    /// Time passed: a frame in which only one finger reported is complete.
    mutating func advance(to time: Double, sequence: TouchSequence, config: GestureConfig, into out: inout [Gesture]) {
        guard let frame = pending, time > frame else { return }
        pending = nil
        judge(sequence: sequence, config: config, time: frame, into: &out)
    }

    /// One complete frame: is it a pinch yet, or no longer possible; or the new scale.
    private mutating func judge(sequence: TouchSequence, config: GestureConfig, time: Double, into out: inout [Gesture]) {
        switch state {
        case let .possible(span0, x0, y0):
            guard let m = Self.measure(sequence) else { return }
            let spread = abs(m.span - span0)
            let travel = ((m.x - x0) * (m.x - x0) + (m.y - y0) * (m.y - y0)).squareRoot()
            if spread > config.pinchSlop, spread > travel, m.span > 0 {
                state = .pinching(span: m.span, scale: 1, x: m.x, y: m.y)
                out.append(.pinchBegan(x: m.x, y: m.y, time: time))
            } else if travel > config.pinchSlop {
                state = .failed
            }
        case let .pinching(span0, _, _, _):
            guard let m = Self.measure(sequence) else { return }
            let scale = m.span / span0
            state = .pinching(span: span0, scale: scale, x: m.x, y: m.y)
            out.append(.pinchChanged(scale: scale, x: m.x, y: m.y, time: time))
        default:
            break
        }
    }

    mutating func fingerLifted(time: Double, into out: inout [Gesture]) {
        pending = nil
        switch state {
        case let .pinching(_, scale, x, y):
            out.append(.pinchEnded(scale: scale, x: x, y: y, time: time))
            state = .failed
        case .possible:
            state = .failed
        default:
            break
        }
    }

    mutating func cancel(time: Double, into out: inout [Gesture]) {
        if isPinching { out.append(.pinchCancelled(time: time)) }
        reset()
    }

    /// The sequence is over: ready for the next one.
    mutating func reset() {
        state = .idle
        pending = nil
        moved = (-1, -1)
    }
}
