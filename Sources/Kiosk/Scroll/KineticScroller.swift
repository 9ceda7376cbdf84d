import Spring

/// One axis of a UIScrollView-like scroller: follows the finger 1:1 while dragging,
/// resists past its edges with the rubber band, keeps the finger's velocity on release
/// and decays it by elapsed time (0.998 per ms), and springs back to the nearest edge
/// when released past it or when a fling crosses it.
///
/// `offset` is how far the content is scrolled: 0 shows its start, `maxOffset` its end.
/// A page exactly as long as the viewport (`maxOffset` 0) is the "always bounce"
/// scroller the pull-for-menu uses: every drag is overscroll.
/// Pure value type; every call passes the time.
public struct KineticScroller: Sendable {
    /// Viewport length along the axis: the rubber band's dimension.
    public private(set) var viewport: Double
    public private(set) var maxOffset: Double
    public var decelerationRate = ScrollDecay.normalRate
    /// The spring that brings overscrolled content back: critically damped, settling in
    /// about half a second: an underdamped bounce would wobble at the edge, which
    /// iOS never does.
    public static let bounceSpring = SpringParameters(uikitDuration: 0.6, dampingRatio: 1)
    /// Below this speed (units/s) a fling has stopped.
    public static let restSpeed = 2.0

    enum Motion: Sendable {
        case resting(Double)
        /// `anchor` is the unresisted offset at the drag's start; translation adds to it.
        case dragging(anchor: Double, current: Double)
        case decelerating(ScrollDecay, start: Double)
        case bouncing(SpringAnimation)
    }
    private(set) var motion: Motion = .resting(0)

    public init(viewport: Double, contentLength: Double) {
        self.viewport = max(1, viewport)
        self.maxOffset = max(0, contentLength - viewport)
    }

    // MARK: Queries

    public func offset(at time: Double) -> Double {
        switch motion {
        case let .resting(x): return x
        case let .dragging(_, current): return current
        case let .decelerating(decay, start):
            let t = time - start
            if let crossing = edgeCrossing(of: decay), t >= crossing.time {
                return bounce(after: crossing, start: start).value(at: time)
            }
            // Stops at the rest time: what is drawn then is where it rests (see `advance`).
            return decay.position(at: min(max(0, t), decay.timeToRest(threshold: Self.restSpeed)))
        case let .bouncing(spring): return spring.value(at: time)
        }
    }

    public var isDragging: Bool {
        if case .dragging = motion { return true }
        return false
    }

    /// Whether the content will still move after `time` without a finger.
    public func isMoving(at time: Double) -> Bool {
        switch motion {
        case .resting, .dragging: return false
        case let .decelerating(decay, start):
            if let crossing = edgeCrossing(of: decay), time - start >= crossing.time {
                return !bounce(after: crossing, start: start).isAtRest(at: time)
            }
            return time - start < decay.timeToRest(threshold: Self.restSpeed)
        case let .bouncing(spring): return !spring.isAtRest(at: time)
        }
    }

    /// Lets a finished animation settle into `.resting` (exactly at the edge after a bounce).
    public mutating func advance(to time: Double) {
        guard !isDragging, !isMoving(at: time) else { return }
        switch motion {
        case let .decelerating(decay, start):
            if let crossing = edgeCrossing(of: decay), time - start >= crossing.time {
                motion = .resting(crossing.edge)
            } else {
                // Rest where the fling was last drawn moving, not at the decay's limit (up
                // to 1 px further at the 2 px/s rest speed): otherwise the page would jump
                // that pixel at some later, unrelated frame (the embedded loop caught it).
                motion = .resting(clampToRange(decay.position(at: decay.timeToRest(threshold: Self.restSpeed))))
            }
        case let .bouncing(spring): motion = .resting(spring.target)
        default: break
        }
    }

    // MARK: Changes

    public mutating func setGeometry(viewport: Double, contentLength: Double, at time: Double) {
        let current = offset(at: time)
        self.viewport = max(1, viewport)
        self.maxOffset = max(0, contentLength - viewport)
        motion = .resting(current)
        settle(from: current, velocity: 0, at: time)
    }

    /// A finger lands: whatever was moving stops where it is (the fling is caught).
    public mutating func beginDrag(at time: Double) {
        let current = offset(at: time)
        motion = .dragging(anchor: unresisted(current), current: current)
    }

    /// The finger has moved `translation` along the axis since the drag began.
    /// Content moves opposite to the finger: dragging down (positive) scrolls back.
    public mutating func drag(translation: Double, at time: Double) {
        guard case let .dragging(anchor, _) = motion else { return }
        motion = .dragging(anchor: anchor, current: resisted(anchor - translation))
    }

    /// The finger lifts moving at `velocity` (units/s, finger direction).
    public mutating func endDrag(velocity: Double, at time: Double) {
        let current = offset(at: time)
        settle(from: current, velocity: -velocity, at: time)
    }

    /// Stop any momentum now; content left past an edge still springs back.
    public mutating func stop(at time: Double) {
        let current = offset(at: time)
        motion = .resting(current)
        settle(from: current, velocity: 0, at: time)
    }

    /// Glide from `start` (where the content is shown now, in range or not) to `target`
    /// (clamped) on the bounce spring: a followed link's short transition. A finger
    /// catches it like any other motion.
    public mutating func glide(from start: Double, to target: Double, at time: Double) {
        motion = .bouncing(SpringAnimation(parameters: Self.bounceSpring, from: start, to: clampToRange(target), velocity: 0, time: time))
    }

    /// Jump to an offset (clamped) and rest there.
    public mutating func jump(to offset: Double) {
        motion = .resting(clampToRange(offset))
    }

    // MARK: Internals

    private mutating func settle(from position: Double, velocity: Double, at time: Double) {
        if position < 0 || position > maxOffset {
            let edge = position < 0 ? 0 : maxOffset
            motion = .bouncing(SpringAnimation(parameters: Self.bounceSpring, from: position, to: edge, velocity: velocity, time: time))
        } else if abs(velocity) > Self.restSpeed {
            motion = .decelerating(ScrollDecay(from: position, velocity: velocity, rate: decelerationRate), start: time)
        } else {
            motion = .resting(position)
        }
    }

    private struct Crossing { let time: Double; let edge: Double; let velocity: Double }

    /// When a fling reaches an edge it hands over to the bounce spring there.
    private func edgeCrossing(of decay: ScrollDecay) -> Crossing? {
        let edge: Double
        if decay.initialVelocity > 0 && decay.restPosition > maxOffset { edge = maxOffset }
        else if decay.initialVelocity < 0 && decay.restPosition < 0 { edge = 0 }
        else { return nil }
        guard let t = decay.time(toReach: edge) else { return nil }
        return Crossing(time: t, edge: edge, velocity: decay.velocity(at: t))
    }

    private func bounce(after crossing: Crossing, start: Double) -> SpringAnimation {
        SpringAnimation(parameters: Self.bounceSpring, from: crossing.edge, to: crossing.edge,
                        velocity: crossing.velocity, time: start + crossing.time)
    }

    private func clampToRange(_ x: Double) -> Double { min(max(x, 0), maxOffset) }

    private func resisted(_ raw: Double) -> Double {
        RubberBand.clamp(raw, to: 0...maxOffset, dimension: viewport)
    }

    private func unresisted(_ shown: Double) -> Double {
        if shown < 0 { return RubberBand.unresisted(shown, dimension: viewport) }
        if shown > maxOffset { return maxOffset + RubberBand.unresisted(shown - maxOffset, dimension: viewport) }
        return shown
    }
}
