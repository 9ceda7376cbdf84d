import LecternLog
import Logging
import LoopCore
import PlatformEmbedded
import XCTest
@testable import Display

/// Another program holds DRM master at start: Lectern says so once, asks again every
/// 500 ms (no busy loop), takes the display when it is free, and a SIGTERM while waiting
/// ends the wait at once.
final class MasterWaitTests: XCTestCase {
    private func device() -> MemoryKMSDevice {
        MemoryKMSDevice.recordingCard(connectors: [])
    }

    func testWaitsAndTakesTheDisplayWhenMasterIsFree() throws {
        let clock = ManualClock(0), system = EmbeddedSystemCalls(clock: clock, horizon: 60)
        let card = device()
        card.masterBusyFor = 4
        var lines: [String] = [], statuses: [String] = []
        let log = Logger { lines.append($0) }
        XCTAssertTrue(try MasterWait.acquire(card, system: system, signalFD: system.signalDescriptor, log: log) { statuses.append($0) })
        XCTAssertEqual(card.calls.filter { $0 == "setMaster" }.count, 5)
        XCTAssertEqual(system.polls, [500, 500, 500, 500], "retries at 500 ms, never a busy loop")
        XCTAssertEqual(clock.time, 2, accuracy: 1e-9)
        XCTAssertEqual(statuses.count, 1, "said once: \(statuses)")
        XCTAssertTrue(statuses[0].contains("another program holds DRM master"))
        XCTAssertEqual(lines.filter { $0.contains("waiting for it to let go") }.count, 1)
        XCTAssertTrue(lines.last!.contains("is free"))
    }

    func testMasterAtOnceMeansNoWaitAndNoMessage() throws {
        let clock = ManualClock(0), system = EmbeddedSystemCalls(clock: clock, horizon: 60)
        var lines: [String] = []
        XCTAssertTrue(try MasterWait.acquire(device(), system: system, signalFD: system.signalDescriptor, log: Logger { lines.append($0) }) { _ in })
        XCTAssertEqual(system.polls, [])
        XCTAssertEqual(lines, [])
    }

    func testSIGTERMWhileWaitingEndsTheWait() throws {
        let clock = ManualClock(0), system = EmbeddedSystemCalls(clock: clock, horizon: 60)
        let card = device()
        card.masterBusyFor = 1000
        system.sendSignal(DeviceSignal.hangUp.rawValue, at: 0.7)   // means nothing yet
        system.sendSignal(DeviceSignal.terminate.rawValue, at: 1.2)
        XCTAssertFalse(try MasterWait.acquire(card, system: system, signalFD: system.signalDescriptor, log: Logger { _ in }) { _ in })
        XCTAssertEqual(clock.time, 1.2, accuracy: 1e-9)
    }
}
