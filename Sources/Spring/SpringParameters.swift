import Foundation

/// The physical constants of a damped harmonic oscillator: mass, stiffness, damping.
///
/// Three ways to make one, for three audiences:
/// - physics: `init(mass:stiffness:damping:)` or `init(mass:stiffness:dampingRatio:)`;
/// - SwiftUI: `init(duration:bounce:)` (perceptual duration and bounciness);
/// - UIKit: `init(uikitDuration:dampingRatio:relativeVelocity:)` (settling duration).
public struct SpringParameters: Sendable, Equatable {
    public var mass: Double
    public var stiffness: Double
    public var damping: Double

    public init(mass: Double = 1, stiffness: Double, damping: Double) {
        precondition(mass > 0 && stiffness > 0 && damping >= 0, "spring needs mass > 0, stiffness > 0, damping >= 0")
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
    }

    public init(mass: Double = 1, stiffness: Double, dampingRatio: Double) {
        self.init(mass: mass, stiffness: stiffness, damping: 2 * dampingRatio * (mass * stiffness).squareRoot())
    }

    /// SwiftUI's `Spring(duration:bounce:)`: k = (2π / duration)², ζ = 1 − bounce for
    /// bounce ≥ 0, ζ = 1 / (1 + bounce) for negative bounce (over-damped), mass 1.
    public init(duration: Double, bounce: Double = 0) {
        precondition(duration > 0, "duration must be > 0")
        precondition(bounce > -1 && bounce < 1, "bounce must be in (-1, 1)")
        let omega = 2 * Double.pi / duration
        let zeta = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        self.init(mass: 1, stiffness: omega * omega, dampingRatio: zeta)
    }

    /// UIKit's `animate(withDuration:usingSpringWithDamping:initialSpringVelocity:)`.
    ///
    /// UIKit does not document how a duration becomes a stiffness. Lectern adopts
    /// Framer's published model: the spring has settled (the envelope
    /// of its displacement is 0.1 % of the distance) at `uikitDuration`. ω0 is found by
    /// 12 Newton steps from 5 / T. `relativeVelocity` is in distances per second.
    /// Ratios above 1 use the critically damped equation for ω0 and keep their ratio.
    public init(mass: Double = 1, uikitDuration duration: Double, dampingRatio zeta: Double, relativeVelocity v: Double = 0) {
        precondition(duration > 0, "duration must be > 0")
        precondition(zeta > 0, "damping ratio must be > 0")
        let t = duration
        let epsilon = 0.001
        var omega = 5 / t
        for _ in 0..<12 {
            let f: Double, df: Double
            if zeta < 1 {
                let s = (1 - zeta * zeta).squareRoot()
                let e = exp(-zeta * omega * t)
                f = (zeta * omega - v) / (omega * s) * e - epsilon
                df = (v / (omega * omega * s) - (zeta * omega - v) * zeta * t / (omega * s)) * e
            } else {
                let e = exp(-omega * t)
                f = e * ((omega - v) * t + 1) - epsilon
                df = -t * t * (omega - v) * e
            }
            guard df != 0, df.isFinite else { break }
            let next = omega - f / df
            omega = next > 0 ? next : omega / 2
        }
        let k = mass * omega * omega
        self.init(mass: mass, stiffness: k, damping: 2 * zeta * (mass * k).squareRoot())
    }

    /// ζ = c / (2 √(m k)).
    public var dampingRatio: Double { damping / (2 * (mass * stiffness).squareRoot()) }
    /// Undamped angular frequency ω0 = √(k / m).
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }
}
