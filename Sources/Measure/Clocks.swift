import Foundation
import Glibc

/// Seconds on CLOCK_MONOTONIC, the clock libinput stamps events with. Injected so
/// the loop can be driven by a fake clock in tests (`ManualClock`); the loop's is the one
/// everything attached to it reads (`DeviceLoop.clock`).
public protocol MonotonicClock: AnyObject {
    func now() -> Double
}

/// The system's monotonic clock. One instance: `SystemClock.shared`.
public final class SystemClock: MonotonicClock, Sendable {
    public static let shared = SystemClock()
    private init() {}
    public func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

/// Wall-clock time and the local time zone, injected so nothing in the kiosk reads the
/// system clock (a fake in tests; `SystemWallClock` on the device): the opening hours,
/// the content watch's file ages, the metrics file's times.
public protocol WallClock: AnyObject {
    /// Seconds since 1970-01-01 UTC (CLOCK_REALTIME).
    func now() -> Double
    var timeZone: TimeZone { get }
}

/// The system's wall clock (CLOCK_REALTIME) and time zone (TZ, else /etc/localtime, as
/// Foundation reads them, once: at first use). One instance: `SystemWallClock.shared`.
public final class SystemWallClock: WallClock, Sendable {
    public static let shared = SystemWallClock()
    public let timeZone: TimeZone
    private init() { timeZone = .current }
    public func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
