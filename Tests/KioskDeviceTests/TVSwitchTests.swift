import Foundation
import Kiosk
import KioskHeadless
import LecternLog
import Logging
import LoopCore
import XCTest
@testable import KioskDevice

/// The TV switched with the opening hours over HDMI-CEC: the messages' bytes, when they
/// go (a change only), and a missing or silent adapter logged once and nothing else.
final class TVSwitchTests: XCTestCase {
    var lines: [String] = []
    var log: Logger { Logger(sink: { [unowned self] in lines.append($0) }) }

    func testTheMessagesBytesAsHDMIDefinesThem() {
        XCTAssertEqual(CECMessage.standby(from: 4).bytes, [0x40, 0x36], "playback 1 to the TV: Standby")
        XCTAssertEqual(CECMessage.imageViewOn(from: 8).bytes, [0x80, 0x04], "playback 2 to the TV: Image View On")
        XCTAssertEqual(CECMessage.activeSource(from: 4, physicalAddress: 0x1200).bytes, [0x4F, 0x82, 0x12, 0x00],
                       "playback 1 to everyone: Active Source 1.2.0.0")
        XCTAssertEqual(CECMessage.dotted(0x1200), "1.2.0.0")
        XCTAssertEqual(CECMessage.dotted(0xA0F3), "a.0.f.3")
    }

    func testStandbyAtClosingOneTouchPlayAtOpeningOnlyOnAChange() {
        let adapter = FakeCECAdapter()
        var opens: [String?] = []
        let tv = TVSwitch(open: { opens.append($0); return adapter }, log: log)
        tv.follow(dark: false, choice: .automatic)
        XCTAssertEqual(adapter.sent, [[0x40, 0x04], [0x4F, 0x82, 0x10, 0x00]], "the state at start: the TV on, this input shown")
        tv.follow(dark: false, choice: .automatic)
        tv.follow(dark: false, choice: .automatic)
        XCTAssertEqual(adapter.sent.count, 2, "no change, nothing sent")
        tv.follow(dark: true, choice: .automatic)
        XCTAssertEqual(adapter.sent.last, [0x40, 0x36])
        XCTAssertEqual(adapter.sent.count, 3)
        XCTAssertEqual(opens, [nil], "opened once; true: the adapter is looked for")
        XCTAssertEqual(adapter.claims, 2, "the logical address is asked before each change (the adapter may have lost it)")
        XCTAssertTrue(lines.contains { $0.contains("cec: Standby sent (1.0.0.0)") }, "\(lines)")
        XCTAssertTrue(lines.contains { $0.contains("cec: Image View On and Active Source sent (1.0.0.0)") }, "\(lines)")
    }

    func testANamedDeviceIsOpenedAndFalseOpensNothing() {
        var opens: [String?] = []
        let off = TVSwitch(open: { opens.append($0); return FakeCECAdapter() }, log: log)
        off.follow(dark: true, choice: .off)
        off.follow(dark: false, choice: .off)
        XCTAssertTrue(opens.isEmpty, "cec = false: no adapter opened, nothing sent")
        let named = TVSwitch(open: { opens.append($0); return FakeCECAdapter() }, log: log)
        named.follow(dark: true, choice: .device("/dev/cec1"))
        XCTAssertEqual(opens, ["/dev/cec1"])
    }

    func testNoAdapterIsLoggedOnceAsInformation() {
        var opens = 0
        let tv = TVSwitch(open: { _ in opens += 1; return nil }, log: log)
        for dark in [false, true, false, true] { tv.follow(dark: dark, choice: .automatic) }
        XCTAssertEqual(opens, 1)
        let said = lines.filter { $0.contains("cec:") }
        XCTAssertEqual(said.count, 1, "\(said)")
        XCTAssertTrue(said[0].contains("no HDMI-CEC adapter"), said[0])
        XCTAssertFalse(said[0].lowercased().contains("warning"), "a panel without CEC is no fault: \(said[0])")
    }

    func testAnAdapterThatCannotBeOpenedIsLoggedOnce() {
        let tv = TVSwitch(open: { _ in throw Errno.noEntry }, log: log)
        for dark in [false, true, false] { tv.follow(dark: dark, choice: .device("/dev/cec7")) }
        let said = lines.filter { $0.contains("cec:") }
        XCTAssertEqual(said.count, 1, "\(said)")
        XCTAssertTrue(said[0].contains("cannot open /dev/cec7"), said[0])
    }

    func testNoPhysicalAddressIsLoggedOnceAndAgainOnlyAfterARecovery() {
        let adapter = FakeCECAdapter()
        adapter.physical = nil
        let tv = TVSwitch(open: { _ in adapter }, log: log)
        for dark in [false, true, false] { tv.follow(dark: dark, choice: .automatic) }
        XCTAssertTrue(adapter.sent.isEmpty, "nothing sent without a physical address")
        XCTAssertEqual(lines.filter { $0.contains("no physical address") }.count, 1, "\(lines)")
        adapter.physical = 0x2000
        tv.follow(dark: true, choice: .automatic)
        XCTAssertEqual(adapter.sent, [[0x40, 0x36]], "the TV plugged in: the next change goes through")
        adapter.physical = nil
        tv.follow(dark: false, choice: .automatic)
        XCTAssertEqual(lines.filter { $0.contains("no physical address") }.count, 2, "logged again after a message went through")
    }

    func testASilentTVIsLoggedOnceAndTheRestOfTheMessagesAreNotSent() {
        let adapter = FakeCECAdapter()
        adapter.answer = .notAcknowledged
        let tv = TVSwitch(open: { _ in adapter }, log: log)
        for dark in [false, true, false, true] { tv.follow(dark: dark, choice: .automatic) }
        XCTAssertEqual(adapter.sent, [[0x40, 0x04], [0x40, 0x36], [0x40, 0x04], [0x40, 0x36]],
                       "Active Source waits for an Image View On the TV acknowledged; no retries")
        let said = lines.filter { $0.contains("did not acknowledge") }
        XCTAssertEqual(said.count, 1, "\(lines)")
        XCTAssertTrue(said[0].contains("Image View On"), said[0])
    }

    func testATransmitThatFailsIsLoggedOnce() {
        let adapter = FakeCECAdapter()
        adapter.error = Errno.noDevice
        let tv = TVSwitch(open: { _ in adapter }, log: log)
        for dark in [false, true, false] { tv.follow(dark: dark, choice: .automatic) }
        let said = lines.filter { $0.contains("the panel is switched by DPMS only") }
        XCTAssertEqual(said.count, 1, "\(lines)")
        XCTAssertTrue(said[0].hasPrefix("lectern: warning: cec: /dev/cec0: "), said[0])
    }

    // MARK: Under the real loop

    func at(_ iso: String) -> Double { ISO8601DateFormatter().date(from: iso)!.timeIntervalSince1970 }

    /// Open 07:00–22:00 UTC; the wall clock moves with the loop's from `start`.
    func makePlayer(wall start: String, cec: TVSwitch.Open?) throws -> HeadlessPlayer {
        var config = KioskConfig.builtIn
        config.display.schedule = DisplaySchedule(daily: .init(on: 7 * 60, off: 22 * 60))
        config.display.wakeFor = 30
        config.idle.blankAfter = 0
        config.idle.homeAfter = 0
        let wall = LoopWallClock(startingAt: at(start))
        let player = try HeadlessPlayer(config: config, width: 640, height: 400,
                                        environment: KioskEnvironment(wallClock: wall, cec: cec), log: log)
        wall.loopClock = player.clock
        return player
    }

    func testTheHoursSwitchTheTVAtClosingAndOpening() throws {
        let adapter = FakeCECAdapter()
        let player = try makePlayer(wall: "2026-11-25T21:59:00Z", cec: { _ in adapter })
        player.render(at: 1)
        XCTAssertEqual(adapter.sent, [[0x40, 0x04], [0x4F, 0x82, 0x10, 0x00]], "open at start: the TV shows this input")
        player.step(to: 59)
        XCTAssertEqual(adapter.sent.count, 2, "nothing more while open")
        player.step(to: 61)   // 22:00:01
        XCTAssertEqual(adapter.sent.last, [0x40, 0x36], "closing: Standby")
        XCTAssertFalse(player.display.poweredOn, "and DPMS off, as without CEC")
        let wakeUps = player.loop.wakeUps
        player.step(to: 3600)
        XCTAssertEqual(player.loop.wakeUps, wakeUps, "a closed kiosk with a TV does not wake up")
        XCTAssertEqual(adapter.sent.count, 3)
        player.step(to: 60 + 9 * 3600 + 1)   // 07:00:01
        XCTAssertEqual(Array(adapter.sent.suffix(2)), [[0x40, 0x04], [0x4F, 0x82, 0x10, 0x00]], "opening: Image View On, Active Source")
        XCTAssertTrue(player.display.poweredOn)
        XCTAssertEqual(adapter.sent.count, 5)
    }

    func testBootOutOfHoursSendsStandbyOnly() throws {
        let adapter = FakeCECAdapter()
        let player = try makePlayer(wall: "2026-11-25T23:00:00Z", cec: { _ in adapter })
        player.render(at: 1)
        player.step(to: 5)
        XCTAssertEqual(adapter.sent, [[0x40, 0x36]], "the hours say closed from the start: the TV is never woken")
    }

    /// A kiosk with no CEC adapter behaves as one built without CEC at all: the same
    /// power changes, frames and wake-ups at the same times, one line more in the log.
    func testNoAdapterChangesNothingElse() throws {
        var trace: [[String]] = []
        for cec in [nil, { (_: String?) -> CECAdapter? in nil }] as [TVSwitch.Open?] {
            lines = []
            let player = try makePlayer(wall: "2026-11-25T21:59:00Z", cec: cec)
            var seen: [String] = []
            player.render(at: 1)
            let times: [Double] = [30, 61, 120, 3600, 32_461, 32_490]   // 21:59:30 … 07:00:01, 07:00:30
            for t in times {
                player.step(to: t)
                seen.append("\(t) power \(player.display.poweredOn) device \(player.device.powered) frames \(player.redrawCount) wake-ups \(player.loop.wakeUps)")
            }
            trace.append(seen)
            let cecLines = lines.filter { $0.contains("cec:") }
            XCTAssertEqual(cecLines.count, cec == nil ? 0 : 1, "\(cecLines)")
        }
        XCTAssertEqual(trace[0], trace[1])
        XCTAssertTrue(trace[0][1].contains("power false"), trace[0][1])
        XCTAssertTrue(trace[0][4].contains("power true"), trace[0][4])
    }

    func testWithoutOpeningHoursTheTVIsLeftAlone() throws {
        var opened = false
        let player = try HeadlessPlayer(config: .builtIn, width: 640, height: 400,
                                        environment: KioskEnvironment(wallClock: FixedWallClock(1_800_000_000),
                                                                      cec: { _ in opened = true; return FakeCECAdapter() }))
        player.render(at: 1)
        player.step(to: 10)
        XCTAssertFalse(opened, "no hours, no adapter opened, the TV as the visitor left it")
    }
}

final class FakeCECAdapter: CECAdapter {
    let path = "/dev/cec0"
    var physical: UInt16? = 0x1000
    var logical: UInt8? = 4
    var answer = CECTransmitStatus.sent
    var error: Error?
    private(set) var sent: [[UInt8]] = []
    private(set) var claims = 0

    func physicalAddress() throws -> UInt16? { physical }

    func claimPlaybackAddress(osdName: String) throws -> UInt8? {
        claims += 1
        return logical
    }

    func transmit(_ bytes: [UInt8]) throws -> CECTransmitStatus {
        if let error { throw error }
        sent.append(bytes)
        return answer
    }
}
