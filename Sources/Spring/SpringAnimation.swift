/// A spring animation of one value on an explicit timeline, retargetable mid-flight.
///
/// Changing the target keeps the current position and velocity (UIKit's
/// begin-from-current-state), so the motion stays continuous. No clock inside:
/// every query passes the time, in seconds on any monotonic timeline.
public struct SpringAnimation: Sendable, Equatable {
    public private(set) var parameters: SpringParameters
    public private(set) var oscillator: DampedOscillator
    /// Time at which `oscillator` starts (its t = 0).
    public private(set) var startTime: Double

    /// At rest at `value`.
    public init(parameters: SpringParameters, value: Double, time: Double = 0) {
        self.parameters = parameters
        oscillator = DampedOscillator(parameters: parameters, from: value, to: value)
        startTime = time
    }

    /// Moving from `from` to `to`, starting at `time` with `velocity` (units/s).
    public init(parameters: SpringParameters, from: Double, to: Double, velocity: Double = 0, time: Double) {
        self.parameters = parameters
        oscillator = DampedOscillator(parameters: parameters, from: from, to: to, velocity: velocity)
        startTime = time
    }

    public var target: Double { oscillator.target }

    public func value(at time: Double) -> Double {
        oscillator.position(at: max(0, time - startTime))
    }

    public func velocity(at time: Double) -> Double {
        oscillator.velocity(at: max(0, time - startTime))
    }

    /// The time from which on `isAtRest` with these tolerances holds for good
    /// (`DampedOscillator.restsForGood`), on this animation's timeline.
    public func restsForGood(positionTolerance: Double, velocityTolerance: Double) -> Double {
        startTime + oscillator.restsForGood(positionTolerance: positionTolerance, velocityTolerance: velocityTolerance)
    }

    /// The value at `time` and whether the spring rests there (the rest test of
    /// `isAtRest(at:positionTolerance:velocityTolerance:)`), from one evaluation.
    public func state(at time: Double, positionTolerance: Double, velocityTolerance: Double) -> (value: Double, atRest: Bool) {
        let motion = oscillator.motion(at: max(0, time - startTime))
        return (oscillator.target + motion.displacement,
                abs(motion.displacement) <= positionTolerance && abs(motion.velocity) <= velocityTolerance)
    }

    public func isAtRest(at time: Double, positionTolerance: Double = 0.25, velocityTolerance: Double = 2) -> Bool {
        oscillator.isAtRest(at: max(0, time - startTime), positionTolerance: positionTolerance, velocityTolerance: velocityTolerance)
    }

    /// Retarget at `time`: continue from the current position and velocity towards `target`.
    public mutating func retarget(to target: Double, at time: Double) {
        let x = value(at: time), v = velocity(at: time)
        oscillator = DampedOscillator(parameters: parameters, from: x, to: target, velocity: v)
        startTime = time
    }

    /// Retarget, but when the spring is at rest give it an initial velocity instead:
    /// `relativeVelocity` × the distance to travel per second (UIKit semantics for a
    /// spring that starts from rest).
    public mutating func retarget(to target: Double, at time: Double, relativeVelocityFromRest relativeVelocity: Double) {
        if isAtRest(at: time, positionTolerance: 1e-6, velocityTolerance: 1e-6) {
            let x = value(at: time)
            oscillator = DampedOscillator(parameters: parameters, from: x, to: target, velocity: relativeVelocity * (target - x))
            startTime = time
        } else {
            retarget(to: target, at: time)
        }
    }

    /// Jump to `value` and stop there.
    public mutating func snap(to value: Double, at time: Double) {
        oscillator = DampedOscillator(parameters: parameters, from: value, to: value)
        startTime = time
    }

    /// Change the spring constants, keeping position, velocity and target.
    public mutating func setParameters(_ parameters: SpringParameters, at time: Double) {
        let x = value(at: time), v = velocity(at: time)
        self.parameters = parameters
        oscillator = DampedOscillator(parameters: parameters, from: x, to: oscillator.target, velocity: v)
        startTime = time
    }
}
