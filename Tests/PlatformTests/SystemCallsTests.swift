import LoopCore
import Measure
import Glibc
import PlatformEmbedded
import XCTest
@testable import Platform

final class SystemCallsTests: XCTestCase {
    func testRetryingRepeatsEINTRAndThrowsOtherErrors() throws {
        var attempts = 0
        let value = try LinuxSystemCalls.retrying { () -> Int32 in
            attempts += 1
            if attempts < 3 { errno = EINTR; return -1 }
            return 42
        }
        XCTAssertEqual(value, 42)
        XCTAssertEqual(attempts, 3)
        XCTAssertThrowsError(try LinuxSystemCalls.retrying { () -> Int32 in errno = EACCES; return -1 }) {
            XCTAssertEqual($0 as? Errno, .permissionDenied)
        }
    }

    func testOpenMissingFileIsENOENT() {
        XCTAssertThrowsError(try LinuxSystemCalls().open("/nonexistent/lectern", flags: O_RDONLY)) {
            XCTAssertEqual($0 as? Errno, .noEntry)
            XCTAssertEqual("\($0)", "No such file or directory")
        }
    }

    func testPipeThroughPollReadWrite() throws {
        let system = LinuxSystemCalls()
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        let (r, w) = (FileDescriptor(fds[0]), FileDescriptor(fds[1]))
        defer { system.close(r); system.close(w) }
        var requests = [PollRequest(fd: r)]
        XCTAssertEqual(try system.poll(&requests, timeout: 0), 0)
        XCTAssertEqual(try [UInt8]([1, 2, 3]).withUnsafeBytes { try system.write(w, from: $0) }, 3)
        XCTAssertEqual(try system.poll(&requests, timeout: 0), 1)
        XCTAssertTrue(requests[0].returned.contains(.readable))
        var buffer = [UInt8](repeating: 0, count: 8)
        XCTAssertEqual(try buffer.withUnsafeMutableBytes { try system.read(r, into: $0) }, 3)
        XCTAssertEqual(Array(buffer.prefix(3)), [1, 2, 3])
    }

    /// The real signalfd path: signals raised before the loop runs are read from
    /// the fd by a real poll; SIGHUP reaches the delegate, SIGTERM stops the loop.
    func testRealSignalFDStopsTheLoop() throws {
        let fakeSystem = EmbeddedSystemCalls(clock: ManualClock(), horizon: 1)
        let sink = try FakeSink(system: fakeSystem, usesFlips: false)
        let loop = try DeviceLoop(system: LinuxSystemCalls(), clock: SystemClock.shared, sink: sink, scene: FakeScene(),
                                  signals: [SIGTERM, SIGHUP])
        let delegate = RecordingDelegate()
        loop.delegate = delegate
        raise(SIGHUP)
        raise(SIGTERM)
        try loop.run()
        XCTAssertEqual(delegate.reloads.count, 1, "SIGHUP read from the fd: a reload")
        XCTAssertEqual(loop.stopSignal, SIGTERM)
    }
}
