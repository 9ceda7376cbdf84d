import Foundation
import Glibc
import Kiosk

/// The system's wall clock (CLOCK_REALTIME) and time zone (TZ, else /etc/localtime, as
/// Foundation reads them): the opening hours, the content watch's file ages and the
/// metrics file's times on the device. The time zone is read once, at start.
public final class SystemWallClock: WallClock {
    public let timeZone: TimeZone
    public init(timeZone: TimeZone = .current) { self.timeZone = timeZone }
    public func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
