import Glibc
import KioskDevice
import Platform
import XCTest
import Measure

/// The real timerfd: armed with cancel-on-set, it stays silent while nobody sets the
/// clock (setting the host's clock in a test is not done: the cancel path is exercised
/// by the headless schedule tests through an embedded fd).
final class ClockSetWatchTests: XCTestCase {
    func testSilentUntilTheClockIsSet() throws {
        let watch = try ClockSetWatch()
        var request = pollfd(fd: watch.fd.rawValue, events: Int16(POLLIN), revents: 0)
        XCTAssertEqual(Glibc.poll(&request, 1, 0), 0, "not readable: no expiry, no clock change")
        XCTAssertFalse(watch.handleReadable(), "a read without a clock change is not a clock change")
        XCTAssertEqual(Glibc.poll(&request, 1, 0), 0, "armed again, still silent")
        XCTAssertGreaterThan(SystemWallClock.shared.now(), 1_700_000_000, "CLOCK_REALTIME in seconds since 1970")
    }
}
