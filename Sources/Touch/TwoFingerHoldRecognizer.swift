/// Two fingers held still for `duration` seconds: the speech-mode toggle
/// (docs/accessibility.md). No sighted gesture uses it: a pinch moves its fingers
/// apart or together, a two-finger pan moves them, and a still two-finger hold
/// does nothing else. Driven by touch events and by the caller's deadline (no timer):
/// `nextDeadline` is when the hold would complete, `deadlineReached(at:)` fires it.
public struct TwoFingerHoldRecognizer: Sendable {
    public var duration: Double
    /// How far (logical px) either finger may wander and it still counts as still.
    public var slop: Double

    private var fingers: [Int: (x: Double, y: Double)] = [:]
    private var start: [Int: (x: Double, y: Double)] = [:]
    private var since: Double?
    private var spoiled = false

    public init(duration: Double = 1.5, slop: Double = 20) {
        self.duration = duration
        self.slop = slop
    }

    /// When the hold completes if nothing changes; nil when no hold is under way.
    public var nextDeadline: Double? { since.map { $0 + duration } }

    /// Feeds one touch event; returns true when this event completes the hold (a late
    /// event after the deadline).
    public mutating func handle(_ event: TouchEvent) -> Bool {
        switch event {
        case let .down(slot, x, y, time):
            fingers[slot] = (x, y)
            start[slot] = (x, y)
            if fingers.count == 2 && !spoiled { since = time } else { since = nil; if fingers.count > 2 { spoiled = true } }
        case let .move(slot, x, y, time):
            if deadlineReached(at: time) { return true }
            fingers[slot] = (x, y)
            if let s = start[slot], ((x - s.x) * (x - s.x) + (y - s.y) * (y - s.y)).squareRoot() > slop { since = nil; spoiled = true }
        case let .up(slot, time):
            if deadlineReached(at: time) { return true }
            fingers[slot] = nil
            start[slot] = nil
            since = nil
            if fingers.isEmpty { spoiled = false }
        case .cancel:
            fingers = [:]; start = [:]; since = nil; spoiled = false
        }
        return false
    }

    /// The deadline passed with both fingers still down: the hold is complete (once
    /// per hold: the fingers must lift before another).
    public mutating func deadlineReached(at time: Double) -> Bool {
        guard let since, time >= since + duration, fingers.count == 2 else { return false }
        self.since = nil
        spoiled = true
        return true
    }
}
