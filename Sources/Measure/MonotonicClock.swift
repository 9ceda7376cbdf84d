import Glibc

/// Seconds on CLOCK_MONOTONIC, the clock libinput stamps events with. Injected so
/// the loop can be driven by a fake clock in tests.
public protocol MonotonicClock: AnyObject {
    func now() -> Double
}

public final class SystemClock: MonotonicClock {
    public init() {}
    public func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
