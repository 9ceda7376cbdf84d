import Foundation
import KioskHeadless
import LoopCore
import PlatformEmbedded  // the memory KMS device under the player: its DPMS
import Touch
import XCTest
@testable import Kiosk
import Measure

/// Wall-clock time as a fixed offset from the loop's (manual) clock, with an optional
/// jump at a loop time: NTP setting the clock after boot.
final class FakeWallClock: WallClock {
    let timeZone = TimeZone(identifier: "UTC")!
    let loopTime: () -> Double
    var offset: Double
    var jump: (at: Double, by: Double)?
    init(startingAt wall: Double, loopTime: @escaping () -> Double) {
        self.loopTime = loopTime
        offset = wall - loopTime()
    }
    func now() -> Double {
        let t = loopTime()
        return t + offset + (jump.map { t >= $0.at ? $0.by : 0 } ?? 0)
    }
}

/// The opening hours under the real loop: the panel is powered off (DPMS through the
/// memory KMS device), nothing is drawn and the loop sleeps until the next change.
final class ScheduleHeadlessTests: XCTestCase {
    func at(_ iso: String) -> Double { ISO8601DateFormatter().date(from: iso)!.timeIntervalSince1970 }

    /// Daily 07:00–22:00 UTC, no idle actions in the way.
    func makePlayer(wall start: String, configure: (inout KioskConfig) -> Void = { _ in }) throws -> (HeadlessPlayer, FakeWallClock) {
        var config = KioskConfig.builtIn
        config.display.schedule = DisplaySchedule(daily: .init(on: 7 * 60, off: 22 * 60))
        config.idle.blankAfter = 0
        config.idle.homeAfter = 0
        configure(&config)
        let player = try KioskAssembly(config: config, width: 800, height: 600).player()
        let clock = player.clock
        let wall = FakeWallClock(startingAt: at(start), loopTime: { clock.time })
        player.runtime.wallClock = wall
        return (player, wall)
    }

    func assertPower(_ player: HeadlessPlayer, _ on: Bool, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(player.display.poweredOn, on, "the display's power", file: file, line: line)
        XCTAssertEqual(player.device.powered, on, "the connector's DPMS", file: file, line: line)
        XCTAssertEqual(player.runtime.scheduledOff, !on, file: file, line: line)
    }

    func testOffAtClosingNoFramesNoWakeUpsOnAtOpening() throws {
        let (player, _) = try makePlayer(wall: "2026-11-25T21:59:00Z")
        player.render(at: 1)
        assertPower(player, true)
        XCTAssertEqual(player.redrawCount, 1)
        player.step(to: 61)   // 22:00:01
        assertPower(player, false)
        XCTAssertTrue(player.scene.idle.isBlanked)
        let wakeUps = player.loop.wakeUps, frames = player.redrawCount
        player.step(to: 60 + 9 * 3600 - 1)   // 06:59:59
        assertPower(player, false)
        XCTAssertEqual(player.loop.wakeUps, wakeUps, "a closed kiosk does not wake up")
        XCTAssertEqual(player.redrawCount, frames, "nothing is drawn while off")
        player.step(to: 60 + 9 * 3600 + 1)   // 07:00:01
        assertPower(player, true)
        XCTAssertEqual(player.loop.wakeUps - wakeUps, 1, "one wake-up: the opening time")
        // The scan-out buffer kept the page while the panel was off: lit again, it shows.
        let background = player.runtime.config.theme.background
        var inked = 0
        for y in 0..<200 { for x in 0..<800 where player.canvas.color(x: x, y: y) != background { inked += 1 } }
        XCTAssertGreaterThan(inked, 500, "the page's heading is on the panel")
    }

    func testBootOutOfHoursShowsOneFrameThenGoesDark() throws {
        let (player, _) = try makePlayer(wall: "2026-11-25T23:00:00Z")
        player.render(at: 1)
        XCTAssertEqual(player.redrawCount, 1, "the boot handover's frame")
        assertPower(player, false)
    }

    func testTouchWakesForThePeriodAndDoesNothingElse() throws {
        let (player, _) = try makePlayer(wall: "2026-11-25T23:00:00Z") { $0.display.wakeFor = 30 }
        player.render(at: 1)
        assertPower(player, false)
        player.feed(GestureScriptTaps.threeFingerTap(at: 100))
        player.step(to: 101)
        XCTAssertTrue(player.display.poweredOn, "the touch woke the display")
        XCTAssertTrue(player.runtime.scheduledOff, "still out of hours")
        XCTAssertFalse(player.scene.menu.isPresented, "the waking touch does nothing else")
        player.step(to: 129)
        XCTAssertTrue(player.display.poweredOn)
        player.step(to: 132)
        XCTAssertFalse(player.display.poweredOn, "dark again 30 s after the last touch")
        // A touch once awake acts as usual.
        player.feed(GestureScriptTaps.threeFingerTap(at: 200))
        player.feed(GestureScriptTaps.threeFingerTap(at: 201))
        player.step(to: 202)
        XCTAssertTrue(player.scene.menu.isPresented)
    }

    func testNoWakeOnTouchKeepsItDark() throws {
        let (player, _) = try makePlayer(wall: "2026-11-25T23:00:00Z") { $0.display.wakeOnTouch = false }
        player.render(at: 1)
        let frames = player.redrawCount
        player.feed(GestureScriptTaps.threeFingerTap(at: 100))
        player.step(to: 101)
        XCTAssertFalse(player.display.poweredOn)
        XCTAssertFalse(player.scene.menu.isPresented)
        XCTAssertEqual(player.redrawCount, frames)
    }

    /// A board without a battery-backed clock boots in 1970 (off: before 07:00), and NTP
    /// sets the clock to a Wednesday noon 10 s later. The clock-set timerfd (here an fd
    /// the embedded poll makes readable at that moment) wakes the loop, which asks the
    /// hours again; the next change is then converted from the new time.
    func testClockSetForwardIsFollowedAtTheNextWake() throws {
        let (player, wall) = try makePlayer(wall: "1970-01-01T00:00:30Z")
        let clockSet = FileDescriptor(4242)
        var wakes = 0
        player.loop.extraSources.append((clockSet, { wakes += 1 }))
        player.render(at: 1)
        assertPower(player, false)
        wall.jump = (at: 10, by: at("2026-11-25T12:00:00Z") - at("1970-01-01T00:00:40Z"))
        player.system.schedule(clockSet, at: 10)
        let wakeUps = player.loop.wakeUps
        player.step(to: 11)
        XCTAssertEqual(wakes, 1)
        assertPower(player, true)
        XCTAssertEqual(player.loop.wakeUps - wakeUps, 1)
        // Closing follows the new time: 22:00 is 10 h after the jump.
        player.step(to: 10 + 10 * 3600 - 1)
        assertPower(player, true)
        player.step(to: 10 + 10 * 3600 + 1)
        assertPower(player, false)
    }

    /// Without the timerfd's wake (the limit where it cannot be made), the jump is
    /// followed at the next wake of any kind: here a touch.
    func testClockSetIsFollowedAtAnyWake() throws {
        let (player, wall) = try makePlayer(wall: "2026-11-25T21:00:00Z") { $0.display.wakeOnTouch = false }
        player.render(at: 1)
        assertPower(player, true)
        wall.jump = (at: 10, by: 2 * 3600)   // 23:00
        player.feed(GestureScriptTaps.threeFingerTap(at: 20))
        player.step(to: 21)
        assertPower(player, false)
    }
}

/// A three-finger tap (the menu gesture) as touch events.
enum GestureScriptTaps {
    static func threeFingerTap(at time: Double) -> [TouchEvent] {
        let script = try! GestureScript.parse("\(time) tap 3 400 300")
        return script.events.compactMap { if case let .touch(event) = $0 { return event } else { return nil } }
    }
}
