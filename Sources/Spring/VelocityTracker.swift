/// Estimates a finger's velocity from timestamped positions: a least-squares line
/// fitted over the samples of the last `horizon` seconds (100 ms), as Flutter and
/// Android do. A gap longer than `maximumGap` (40 ms) between samples means the finger
/// had stopped: older samples are ignored.
///
/// Fixed capacity, no allocation after init: safe on the per-event path.
public struct VelocityTracker: Sendable {
    public static let defaultHorizon = 0.100
    public static let defaultMaximumGap = 0.040
    public static let capacity = 32

    public let horizon: Double
    public let maximumGap: Double

    private var times: (Ring) = Ring()
    private var xs: Ring = Ring()
    private var ys: Ring = Ring()

    public init(horizon: Double = VelocityTracker.defaultHorizon, maximumGap: Double = VelocityTracker.defaultMaximumGap) {
        self.horizon = horizon
        self.maximumGap = maximumGap
    }

    public mutating func reset() {
        times.count = 0; xs.count = 0; ys.count = 0
    }

    /// Add a sample at `time` seconds (monotonic).
    public mutating func add(time: Double, x: Double, y: Double = 0) {
        if let last = times.last, time < last {
            reset() // time went backwards: start again rather than fit nonsense
        }
        times.push(time); xs.push(x); ys.push(y)
    }

    public var sampleCount: Int { times.count }

    /// Velocity in units per second on both axes, (0, 0) with fewer than two usable samples.
    /// `time` is the moment of the question (usually the lift-off): if the last sample is
    /// older than `maximumGap` the finger was resting, and the velocity is zero.
    public func velocity(at time: Double? = nil) -> (x: Double, y: Double) {
        guard let newest = times.last else { return (0, 0) }
        if let time, time - newest > maximumGap { return (0, 0) }
        // Walk back from the newest sample while within horizon and without gaps.
        var n = 1
        var previous = newest
        while n < times.count {
            let t = times[times.count - 1 - n]
            if newest - t > horizon || previous - t > maximumGap { break }
            previous = t
            n += 1
        }
        guard n >= 2 else { return (0, 0) }
        return (slope(xs, n: n, newest: newest), slope(ys, n: n, newest: newest))
    }

    private func slope(_ values: Ring, n: Int, newest: Double) -> Double {
        var st = 0.0, sv = 0.0, stt = 0.0, stv = 0.0
        for i in 0..<n {
            let idx = times.count - 1 - i
            let t = times[idx] - newest
            let v = values[idx]
            st += t; sv += v; stt += t * t; stv += t * v
        }
        let count = Double(n)
        let denominator = count * stt - st * st
        guard denominator > 1e-18 else { return 0 }
        return (count * stv - st * sv) / denominator
    }

    /// A fixed ring of the newest `capacity` values, indexed oldest (0) to newest.
    struct Ring: Sendable {
        private var storage = [Double](repeating: 0, count: VelocityTracker.capacity)
        private var head = 0
        var count = 0

        mutating func push(_ value: Double) {
            storage[head] = value
            head = (head + 1) % storage.count
            count = min(count + 1, storage.count)
        }
        var last: Double? { count == 0 ? nil : self[count - 1] }
        subscript(i: Int) -> Double {
            storage[(head - count + i + storage.count * 2) % storage.count]
        }
    }
}
