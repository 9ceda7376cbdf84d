@testable import KioskHeadless
import XCTest
@testable import Kiosk

/// A short version of `lectern soak` (CI runs the long one): thousands of seeded random
/// gestures through the real scene and renderer, checking for stuck states, the menu
/// toggle and scrolling every 500 gestures, and a flat heap after warm-up.
final class SoakTests: XCTestCase {
    func testThreeThousandRandomGesturesLeaveAHealthyKiosk() throws {
        let assembly = try KioskAssembly(config: .builtIn, width: 320, height: 240)
        let soak = try Soak(assembly: assembly, seed: 42)
        // Pinches visit text sizes: glyph masks at more sizes and sub-pixel positions, and
        // face slots, fill up over the first 2000 or so gestures (measured: 350 KiB still
        // to come after 1500, 63 after 2000, under 40 after 3000 with three seeds).
        let report = soak.run(gestures: 3000, warmup: 2000, checkEvery: 500)
        XCTAssertEqual(report.failures, [], "\(report)")
        XCTAssertEqual(report.gestures, 3000)
        XCTAssertEqual(report.checks, 6)
        XCTAssertEqual(report.menuToggles, 12, "every check toggles the menu twice")
        XCTAssertGreaterThan(report.frames, 3000)
    }

    func testTheSameSeedPlaysTheSameSession() {
        var a = SoakGestures(seed: 7, width: 800, height: 600), b = SoakGestures(seed: 7, width: 800, height: 600)
        var c = SoakGestures(seed: 8, width: 800, height: 600)
        let sa = (0..<50).map { a.gesture(at: Double($0)) }
        XCTAssertEqual(sa, (0..<50).map { b.gesture(at: Double($0)) })
        XCTAssertNotEqual(sa, (0..<50).map { c.gesture(at: Double($0)) })
        // Every kind of gesture is in the mix: up to 5 fingers at once, cancels.
        let all = sa.flatMap { $0 }
        XCTAssertTrue(all.contains { if case .cancel = $0 { return true } else { return false } })
        XCTAssertTrue(all.contains { if case let .down(slot, _, _, _) = $0 { return slot >= 3 } else { return false } })
    }
}
