import CSystemShim
import Glibc
import LecternLog
import Logging
import LoopCore

/// A file descriptor that becomes readable when someone sets the wall clock (NTP's first
/// sync after boot, `date -s`): a timerfd on CLOCK_REALTIME armed far in the future with
/// TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET, which the kernel cancels on every
/// discontinuous change. The loop polls it, so the opening hours are asked again at once
/// rather than at a deadline computed from the old time. No wake-ups otherwise.
public final class ClockSetWatch: PolledDevice {
    public let fd: FileDescriptor
    let log: Logger
    /// <sys/timerfd.h>: TFD_TIMER_ABSTIME, TFD_TIMER_CANCEL_ON_SET.
    private static let absoluteCancelOnSet: Int32 = 1 | 2
    /// 2096: never reached, so the timer only ever fires by being cancelled.
    private static let farFuture = 4_000_000_000

    public init(log: Logger = .lectern) throws {
        self.log = log
        let raw = timerfd_create(CLOCK_REALTIME, Int32(O_NONBLOCK | O_CLOEXEC))
        guard raw >= 0 else { throw Errno.current }
        fd = FileDescriptor(raw)
        do { try arm() } catch { _ = Glibc.close(raw); throw error }
    }

    deinit { _ = Glibc.close(fd.rawValue) }

    private func arm() throws {
        var spec = itimerspec()
        spec.it_value.tv_sec = Self.farFuture
        guard timerfd_settime(fd.rawValue, Self.absoluteCancelOnSet, &spec, nil) == 0 else {
            throw Errno.current
        }
    }

    /// Call when the fd is readable: true when the clock was set (the read fails with
    /// ECANCELED); the timer is armed again either way.
    @discardableResult
    public func handleReadable() -> Bool {
        var expirations: UInt64 = 0
        let result = withUnsafeMutableBytes(of: &expirations) { Glibc.read(fd.rawValue, $0.baseAddress, $0.count) }
        let wasSet = result < 0 && errno == ECANCELED
        try? arm()
        return wasSet
    }

    /// Puts the fd in `loop`'s poll. Waking the loop is all it takes: every turn asks the
    /// opening hours anew from the wall clock.
    public func attach(to loop: DeviceLoop) {
        loop.extraSources.append((fd, { [self] in
            if handleReadable() { log.info("the wall clock was set; opening hours asked again") }
        }))
    }
}
