import Foundation
import Glibc
import LoopCore
import Platform
import XCTest

/// The one way a worker thread wakes the loop: readable once woken, quiet once drained,
/// however many wake-ups came in between.
final class WakePipeTests: XCTestCase {
    func testWakeFromAnotherThreadThenDrain() throws {
        let system = LinuxSystemCalls()
        let pipe = try WakePipe(system: system)
        var requests = [PollRequest(fd: pipe.descriptor)]
        XCTAssertEqual(try system.poll(&requests, timeout: 0), 0, "nothing woke it yet")
        let worker = Thread { for _ in 0..<1000 { pipe.wake() } }
        worker.start()
        XCTAssertEqual(try system.poll(&requests, timeout: 10_000), 1, "a worker's wake-up is seen by the loop")
        while !worker.isFinished { usleep(1000) }
        pipe.drain()
        requests[0].returned = []
        XCTAssertEqual(try system.poll(&requests, timeout: 0), 0, "drained: quiet until the next wake-up")
        pipe.wake()
        XCTAssertEqual(try system.poll(&requests, timeout: 0), 1)
    }
}
