import Foundation

/// A damped harmonic oscillator released at time 0 from `start` with `velocity`,
/// pulled towards `target`. Closed form (as Flutter's SpringSimulation), so the
/// state at any time costs the same and does not drift with frame rate.
public struct DampedOscillator: Sendable, Equatable {
    public let parameters: SpringParameters
    public let start: Double
    public let target: Double
    public let velocity: Double

    // Solution of x'' + 2ζω x' + ω² x = 0 for the displacement x = position − target.
    private enum Solution: Sendable, Equatable {
        case critical(r: Double, c1: Double, c2: Double)             // (c1 + c2 t) e^{rt}
        case over(r1: Double, r2: Double, c1: Double, c2: Double)    // c1 e^{r1 t} + c2 e^{r2 t}
        case under(decay: Double, omegaD: Double, c1: Double, c2: Double) // e^{−decay t}(c1 cos ωd t + c2 sin ωd t)
    }
    private let solution: Solution

    public init(parameters: SpringParameters, from start: Double, to target: Double, velocity: Double = 0) {
        self.parameters = parameters
        self.start = start
        self.target = target
        self.velocity = velocity
        let m = parameters.mass, k = parameters.stiffness, c = parameters.damping
        let x0 = start - target
        let discriminant = c * c - 4 * m * k
        // Treat a discriminant within rounding of zero as critical: ζ = 1 must not
        // fall into the over-damped branch with r1 ≈ r2 and blow up c1, c2.
        if abs(discriminant) <= 1e-9 * (c * c + 4 * m * k) {
            let r = -c / (2 * m)
            solution = .critical(r: r, c1: x0, c2: velocity - r * x0)
        } else if discriminant > 0 {
            let root = discriminant.squareRoot()
            let r1 = (-c - root) / (2 * m)
            let r2 = (-c + root) / (2 * m)
            let c2 = (velocity - r1 * x0) / (r2 - r1)
            solution = .over(r1: r1, r2: r2, c1: x0 - c2, c2: c2)
        } else {
            let omegaD = (4 * m * k - c * c).squareRoot() / (2 * m)
            let decay = c / (2 * m)
            solution = .under(decay: decay, omegaD: omegaD, c1: x0, c2: (velocity + decay * x0) / omegaD)
        }
    }

    /// Position at `t` seconds after release.
    public func position(at t: Double) -> Double { target + displacement(at: t) }

    /// Displacement from the target at `t`.
    public func displacement(at t: Double) -> Double {
        switch solution {
        case let .critical(r, c1, c2): return (c1 + c2 * t) * exp(r * t)
        case let .over(r1, r2, c1, c2): return c1 * exp(r1 * t) + c2 * exp(r2 * t)
        case let .under(decay, w, c1, c2): return exp(-decay * t) * (c1 * cos(w * t) + c2 * sin(w * t))
        }
    }

    /// Velocity (units per second) at `t`.
    public func velocity(at t: Double) -> Double {
        switch solution {
        case let .critical(r, c1, c2): return (c2 + r * (c1 + c2 * t)) * exp(r * t)
        case let .over(r1, r2, c1, c2): return c1 * r1 * exp(r1 * t) + c2 * r2 * exp(r2 * t)
        case let .under(decay, w, c1, c2):
            let e = exp(-decay * t)
            let cosine = cos(w * t), sine = sin(w * t)
            return e * ((c2 * w - decay * c1) * cosine - (c1 * w + decay * c2) * sine)
        }
    }

    /// Displacement and velocity at `t` from one evaluation of the exponentials and the
    /// sine and cosine (a frame asks both of the same spring: whether it rests, and where it
    /// is). The same arithmetic as `displacement(at:)` and `velocity(at:)`, so the same values.
    public func motion(at t: Double) -> (displacement: Double, velocity: Double) {
        switch solution {
        case let .critical(r, c1, c2):
            let e = exp(r * t)
            return ((c1 + c2 * t) * e, (c2 + r * (c1 + c2 * t)) * e)
        case let .over(r1, r2, c1, c2):
            let e1 = exp(r1 * t), e2 = exp(r2 * t)
            return (c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
        case let .under(decay, w, c1, c2):
            let e = exp(-decay * t)
            let cosine = cos(w * t), sine = sin(w * t)
            return (e * (c1 * cosine + c2 * sine), e * ((c2 * w - decay * c1) * cosine - (c1 * w + decay * c2) * sine))
        }
    }

    /// A time from which on the rest test holds for good: |displacement| and |velocity| are
    /// bounded by decaying envelopes (e^{−decay·t}·(|c1| + |c2|) and its derivative's
    /// counterpart) that are under half the tolerances from then on, so the evaluated
    /// values, within rounding of the true ones, pass `isAtRest` at every later t. −∞ for
    /// a spring that starts at rest; +∞ where no such bound is kept (critical damping).
    public func restsForGood(positionTolerance: Double, velocityTolerance: Double) -> Double {
        func until(_ amplitude: Double, under tolerance: Double, rate: Double) -> Double {
            guard amplitude > 0 else { return -.infinity }
            return log(amplitude / (0.5 * tolerance)) / rate
        }
        switch solution {
        case .critical:
            return .infinity
        case let .over(r1, r2, c1, c2):
            // Both roots negative; the slower one (r2) bounds both terms.
            guard r1 < 0, r2 < 0 else { return .infinity }
            return max(until(abs(c1) + abs(c2), under: positionTolerance, rate: -r2),
                       until(abs(c1 * r1) + abs(c2 * r2), under: velocityTolerance, rate: -r2))
        case let .under(decay, w, c1, c2):
            guard decay > 0 else { return .infinity }
            return max(until(abs(c1) + abs(c2), under: positionTolerance, rate: decay),
                       until(abs(c2 * w - decay * c1) + abs(c1 * w + decay * c2), under: velocityTolerance, rate: decay))
        }
    }

    /// The rest test: the spring is at rest at `t` when it is within `positionTolerance`
    /// of its target and slower than `velocityTolerance` (units and units per second).
    /// Defaults suit pixels: a quarter pixel away, moving less than 2 px per second,
    /// nothing a person could see moves any more.
    public func isAtRest(at t: Double, positionTolerance: Double = 0.25, velocityTolerance: Double = 2) -> Bool {
        abs(displacement(at: t)) <= positionTolerance && abs(velocity(at: t)) <= velocityTolerance
    }
}
