import Foundation

/// Momentum after a fling, as UIScrollView decelerates: velocity is multiplied by
/// `rate` every millisecond of elapsed time (never per event or per frame).
///
/// v(t) = v0 · rate^(1000 t);  x(t) = x0 + v0 (rate^(1000 t) − 1) / (1000 ln rate).
public struct ScrollDecay: Sendable, Equatable {
    /// UIScrollView.DecelerationRate.normal.
    public static let normalRate = 0.998
    /// UIScrollView.DecelerationRate.fast.
    public static let fastRate = 0.99

    public let start: Double
    public let initialVelocity: Double
    public let rate: Double
    /// 1000 · ln(rate): the exponent per second (negative).
    private let lambda: Double

    public init(from start: Double, velocity: Double, rate: Double = ScrollDecay.normalRate) {
        precondition(rate > 0 && rate < 1, "deceleration rate must be in (0, 1)")
        self.start = start
        self.initialVelocity = velocity
        self.rate = rate
        self.lambda = 1000 * log(rate)
    }

    public func position(at t: Double) -> Double {
        start + initialVelocity * (exp(lambda * t) - 1) / lambda
    }

    public func velocity(at t: Double) -> Double {
        initialVelocity * exp(lambda * t)
    }

    /// Where the motion ends (t → ∞).
    public var restPosition: Double { start - initialVelocity / lambda }

    /// Seconds until the speed falls below `threshold` units per second (0 when it already has).
    public func timeToRest(threshold: Double = 1) -> Double {
        let speed = abs(initialVelocity)
        guard speed > threshold, threshold > 0 else { return 0 }
        return log(threshold / speed) / lambda
    }

    /// The first time at which the motion reaches `position`, or nil if it never does.
    public func time(toReach position: Double) -> Double? {
        // position − start = v0 (e^{λt} − 1) / λ  ⇒  e^{λt} = 1 + λ (position − start) / v0
        guard initialVelocity != 0 else { return position == start ? 0 : nil }
        let e = 1 + lambda * (position - start) / initialVelocity
        guard e > 0, e <= 1 else { return nil }
        return log(e) / lambda
    }
}
