import KioskHeadless
import Touch
import XCTest
@testable import Kiosk

/// The scene's gestures have one owner, the runtime: it counts them, then passes them to
/// whoever watches (`lectern replay`), so watching cannot take them from the counts.
final class GestureObserverTests: XCTestCase {
    func testAReplayNotesGesturesAndTheUsageCountsStillHaveThem() throws {
        let assembly = try KioskAssembly(config: .builtIn, width: 640, height: 400)
        let replay = TouchReplay(player: try assembly.player())
        replay.play([.down(slot: 0, x: 320, y: 200, time: 1), .up(slot: 0, time: 1.08)])
        replay.player.step(to: 2)
        var taps = 0
        for entry in replay.entries { if case .tap = entry.gesture { taps += 1 } }
        XCTAssertEqual(taps, 1, "the replay saw the tap")
        XCTAssertEqual(replay.player.runtime.usage.gestures["tap"], 1, "and the usage counts have it")
    }
}
