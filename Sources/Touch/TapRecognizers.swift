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
/// are all down together at some moment, none moves beyond the slop, and the last
/// lifts before `threeFingerMaximumDuration` from the first landing. A fourth finger,
/// an early lift, movement or a hold fails it for the rest of the sequence. Since any
/// pan needs a finger beyond the slop, a sequence that panned can never also be a
/// three-finger tap. Reported at the last lift, at the centroid of the landing points.
struct ThreeFingerTapRecognizer: Sendable {
    static let fingers = 3

    private var possible = false
    private var start = 0.0
    private var sumX = 0.0
    private var sumY = 0.0

    /// Until all three landed, the end of the landing window; then the end of the tap.
    func deadline(config: GestureConfig, landed: Int) -> Double {
        start + (landed < Self.fingers ? config.threeFingerLandingWindow : config.threeFingerMaximumDuration)
    }

    func nextDeadline(config: GestureConfig, sequence: TouchSequence) -> Double? {
        possible ? deadline(config: config, landed: sequence.landedCount) : nil
    }

    mutating func fingerDown(_ point: TouchPoint, sequence: TouchSequence) {
        if sequence.landedCount == 1 {
            possible = true
            start = point.downTime
            sumX = 0; sumY = 0
        }
        if sequence.landedCount > Self.fingers { possible = false }
        sumX += point.downX
        sumY += point.downY
    }

    mutating func fingerMoved(_ point: TouchPoint, config: GestureConfig) {
        if point.maximumTravel > config.slop { possible = false }
    }

    mutating func fingerLifted(sequence: TouchSequence, time: Double, into out: inout [Gesture]) {
        guard possible else { return }
        if sequence.landedCount < Self.fingers || sequence.maximumSimultaneous < Self.fingers {
            possible = false // lifted before all three were down together
            return
        }
        if sequence.isEmpty {
            let n = Double(Self.fingers)
            out.append(.threeFingerTap(x: sumX / n, y: sumY / n, time: time))
            possible = false
        }
    }

    mutating func advance(to time: Double, config: GestureConfig, sequence: TouchSequence) {
        if possible && time >= deadline(config: config, landed: sequence.landedCount) { possible = false }
    }

    mutating func reset() { possible = false }
}
