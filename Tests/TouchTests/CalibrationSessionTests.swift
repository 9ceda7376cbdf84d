import XCTest
import Touch

final class CalibrationSessionTests: XCTestCase {
    /// Taps through a known offset and scale, one per target, give back that calibration;
    /// a two-finger touch on the way is ignored.
    func testCollectsOneTapPerTargetAndFits() throws {
        var session = CalibrationSession(width: 1280, height: 800)
        let (sx, sy, ox, oy) = (1.05, 0.95, -0.02, 0.04)  // calibrated = s * raw + o
        var t = 0.0
        XCTAssertFalse(session.handle(.down(slot: 0, x: 10, y: 10, time: t)))
        XCTAssertFalse(session.handle(.down(slot: 1, x: 900, y: 10, time: t + 0.01)))
        XCTAssertFalse(session.handle(.up(slot: 0, time: t + 0.1)))
        XCTAssertFalse(session.handle(.up(slot: 1, time: t + 0.1)))
        var completed = 0
        while let target = session.currentTarget {
            t += 1
            let rx = (target.x - ox) / sx * 1280, ry = (target.y - oy) / sy * 800
            _ = session.handle(.down(slot: 0, x: rx, y: ry, time: t))
            _ = session.handle(.move(slot: 0, x: rx + 2, y: ry, time: t + 0.05))
            if session.handle(.up(slot: 0, time: t + 0.1)) { completed += 1 }
        }
        XCTAssertEqual(completed, CalibrationFit.targets.count)
        let m = try session.fit()
        XCTAssertEqual(m.a, sx, accuracy: 0.01 * sx)
        XCTAssertEqual(m.e, sy, accuracy: 0.01 * sy)
        XCTAssertEqual(m.c, ox, accuracy: 0.01)
        XCTAssertEqual(m.f, oy, accuracy: 0.01)
    }
}
