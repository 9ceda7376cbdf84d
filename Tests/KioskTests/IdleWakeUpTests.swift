import KioskHeadless
import Touch
import XCTest
@testable import Kiosk

/// Zero CPU when nothing moves, with the real runtime: after a fling has settled, ten
/// seconds without a touch cost no wake-up at all (the machine test measures the same on
/// the real kernel as 0 CPU ticks and 0 context switches).
final class IdleWakeUpTests: XCTestCase {
    func testASettledKioskDoesNotWakeUp() throws {
        let assembly = try KioskAssembly(config: .builtIn, width: 1280, height: 800)
        let player = try assembly.player()
        player.render(at: 0)
        var t = 0.2, y = 650.0
        player.feed([.down(slot: 0, x: 640, y: y, time: t)])
        for _ in 0..<6 { t += 1.0 / 60; y -= 66; player.feed([.move(slot: 0, x: 640, y: y, time: t)]) }
        player.feed([.up(slot: 0, time: t)])
        player.render(at: t + 6)
        let before = player.loop.wakeUps, frames = player.redrawCount
        player.render(at: t + 16)
        XCTAssertEqual(player.redrawCount, frames, "frames while nothing moved")
        XCTAssertLessThanOrEqual(player.loop.wakeUps - before, 1, "wake-ups while nothing moved")
    }
}
