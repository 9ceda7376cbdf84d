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

    mutating func fingerMoved(sequence: TouchSequence, config: GestureConfig, time: Double, into out: inout [Gesture]) {
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
        state = .idle
    }

    /// The sequence is over: ready for the next one.
    mutating func reset() { state = .idle }
}
