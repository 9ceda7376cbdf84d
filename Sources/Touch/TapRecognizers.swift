/// A single-finger tap: the only finger of its sequence, lifted before
/// `tapMaximumDuration` without moving beyond the slop. Reported at the lift, at the
/// point where the finger touched.
struct TapRecognizer: Sendable {
    private var possible = false
    private var deadline = 0.0

    var nextDeadline: Double? { possible ? deadline : nil }

    mutating func fingerDown(_ point: TouchPoint, sequence: TouchSequence, config: GestureConfig) {
        possible = sequence.landedCount == 1
        deadline = point.downTime + config.tapMaximumDuration
    }

    mutating func fingerMoved(_ point: TouchPoint, config: GestureConfig) {
        if point.maximumTravel > config.slop { possible = false }
    }

    mutating func fingerLifted(_ point: TouchPoint, sequence: TouchSequence, time: Double, into out: inout [Gesture]) {
        if possible && sequence.isEmpty && sequence.landedCount == 1 {
            out.append(.tap(x: point.downX, y: point.downY, time: time))
        }
        possible = false
    }

    /// Time passed: a finger still down at the deadline is a hold, not a tap.
    mutating func advance(to time: Double) {
        if possible && time >= deadline { possible = false }
    }

    mutating func reset() { possible = false }
}

/// Three-finger tap: three fingers land within `threeFingerLandingWindow` of the first,
/// are all down together at some moment, and the last lifts before
/// `threeFingerMaximumDuration` from the first landing. No finger may travel beyond
/// `tapSlop` once settled, nor beyond `tapJitterSlop` from where it landed: panels
/// report a finger's first and last contact off-centre, and those reports are not the
/// hand moving. A contact that drops out and lands again within `contactDropoutWindow`
/// near where it lifted is the same finger. A fourth finger, movement or a hold fails
/// it for the rest of the sequence. Reported at the last lift, at the centroid of the
/// landing points.
struct ThreeFingerTapRecognizer: Sendable {
    static let fingers = 3

    private struct Lift: Sendable { var x: Double, y: Double, time: Double }

    private var possible = false
    private var start = 0.0
    /// Distinct fingers: a contact that came back after dropping out is not counted again.
    private var fingersLanded = 0
    private var sumX = 0.0
    private var sumY = 0.0
    /// Fingers that lifted while others stayed down: each may be a dropout coming back.
    private var lifts: [Lift] = []

    init() { lifts.reserveCapacity(Self.fingers + 1) }

    /// Until all three landed, the end of the landing window; then the end of the tap.
    func deadline(config: GestureConfig) -> Double {
        start + (fingersLanded < Self.fingers ? config.threeFingerLandingWindow : config.threeFingerMaximumDuration)
    }

    func nextDeadline(config: GestureConfig) -> Double? {
        possible ? deadline(config: config) : nil
    }

    mutating func fingerDown(_ point: TouchPoint, sequence: TouchSequence, config: GestureConfig) {
        if sequence.landedCount == 1 {
            possible = true
            start = point.downTime
            fingersLanded = 0
            sumX = 0; sumY = 0
            lifts.removeAll(keepingCapacity: true)
        }
        guard possible else { return }
        let returning = lifts.firstIndex { lift in
            let dx = point.downX - lift.x, dy = point.downY - lift.y
            return point.downTime - lift.time <= config.contactDropoutWindow && (dx * dx + dy * dy).squareRoot() <= config.tapJitterSlop
        }
        if let returning {
            lifts.remove(at: returning) // keeps capacity
            return
        }
        fingersLanded += 1
        if fingersLanded > Self.fingers { possible = false }
        sumX += point.downX
        sumY += point.downY
    }

    mutating func fingerMoved(_ point: TouchPoint, config: GestureConfig) {
        if point.settledTravel > config.tapSlop || point.maximumTravel > config.tapJitterSlop { possible = false }
    }

    mutating func fingerLifted(_ point: TouchPoint, sequence: TouchSequence, time: Double, into out: inout [Gesture]) {
        guard possible else { return }
        if !sequence.isEmpty {
            // Maybe a dropout: decided when the sequence ends (a finger that never came
            // back leaves fewer than three down together, or a fourth finger landed).
            if lifts.count < Self.fingers + 1 { lifts.append(Lift(x: point.x, y: point.y, time: time)) }
            return
        }
        if fingersLanded == Self.fingers && sequence.maximumSimultaneous >= Self.fingers {
            let n = Double(Self.fingers)
            out.append(.threeFingerTap(x: sumX / n, y: sumY / n, time: time))
        }
        possible = false
    }

    mutating func advance(to time: Double, config: GestureConfig) {
        if possible && time >= deadline(config: config) { possible = false }
    }

    mutating func reset() { possible = false }
}
