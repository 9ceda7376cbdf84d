import Spring

/// One-finger pan with axis lock. A pan is possible only while the sequence has had
/// exactly one finger; once that finger moves beyond the slop the pan commits to the
/// dominant axis of the movement so far (ties go vertical: scrolling is the common
/// case) and keeps it until the finger lifts. Another finger landing cancels it.
struct PanRecognizer: Sendable {
    enum State: Sendable, Equatable {
        case idle
        /// One finger down, not yet beyond the slop.
        case possible(slot: Int)
        case panning(slot: Int, axis: PanAxis, originX: Double, originY: Double)
        /// Not a pan for the rest of this sequence.
        case failed
    }

    private(set) var state: State = .idle
    private var tracker = VelocityTracker()

    var isPanning: Bool {
        if case .panning = state { return true }
        return false
    }

    mutating func fingerDown(_ point: TouchPoint, sequence: TouchSequence, time: Double, into out: inout [Gesture]) {
        switch state {
        case .idle where sequence.activeCount == 1 && sequence.landedCount == 1:
            state = .possible(slot: point.slot)
            tracker.reset()
            tracker.add(time: time, x: point.x, y: point.y)
        case .panning:
            out.append(.panCancelled(time: time))
            state = .failed
        default:
            state = .failed
        }
    }

    mutating func fingerMoved(_ point: TouchPoint, config: GestureConfig, time: Double, into out: inout [Gesture]) {
        switch state {
        case let .possible(slot) where slot == point.slot:
            tracker.add(time: time, x: point.x, y: point.y)
            let dx = point.x - point.downX, dy = point.y - point.downY
            guard (dx * dx + dy * dy).squareRoot() > config.slop else { return }
            let axis: PanAxis = abs(dx) > abs(dy) ? .horizontal : .vertical
            let origin = config.panOrigin == .down ? (point.downX, point.downY) : (point.x, point.y)
            state = .panning(slot: slot, axis: axis, originX: origin.0, originY: origin.1)
            out.append(.panBegan(axis: axis, x: point.downX, y: point.downY, time: time))
            if config.panOrigin == .down {
                out.append(.panChanged(axis: axis, dx: dx, dy: dy, time: time))
            }
        case let .panning(slot, axis, ox, oy) where slot == point.slot:
            tracker.add(time: time, x: point.x, y: point.y)
            out.append(.panChanged(axis: axis, dx: point.x - ox, dy: point.y - oy, time: time))
        default:
            break
        }
    }

    mutating func fingerLifted(_ point: TouchPoint, time: Double, into out: inout [Gesture]) {
        switch state {
        case let .panning(slot, axis, ox, oy) where slot == point.slot:
            let v = tracker.velocity(at: time)
            out.append(.panEnded(axis: axis, dx: point.x - ox, dy: point.y - oy, vx: v.x, vy: v.y, time: time))
            state = .failed
        case let .possible(slot) where slot == point.slot:
            state = .failed
        default:
            break
        }
    }

    mutating func cancel(time: Double, into out: inout [Gesture]) {
        if isPanning { out.append(.panCancelled(time: time)) }
        state = .idle
    }

    /// The sequence is over: ready for the next first finger.
    mutating func sequenceEnded() {
        state = .idle
    }
}
