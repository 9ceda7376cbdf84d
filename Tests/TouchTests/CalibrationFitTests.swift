import XCTest
import Touch

final class CalibrationFitTests: XCTestCase {
    /// A panel whose touches land offset and scaled: raw = (target - offset) / scale.
    /// The fit must undo it to within 1 %.
    func testFitsKnownOffsetAndScale() throws {
        let (sx, sy, ox, oy) = (0.92, 1.07, 0.03, -0.025)
        let targets = CalibrationFit.targets
        let raw = targets.map { ((($0.x - ox) / sx), (($0.y - oy) / sy)) }
        let m = try CalibrationFit.fit(raw: raw, targets: targets)
        XCTAssertEqual(m.a, sx, accuracy: 0.01 * sx)
        XCTAssertEqual(m.e, sy, accuracy: 0.01 * sy)
        XCTAssertEqual(m.c, ox, accuracy: 0.01)
        XCTAssertEqual(m.f, oy, accuracy: 0.01)
        XCTAssertEqual(m.b, 0, accuracy: 1e-9)
        XCTAssertEqual(m.d, 0, accuracy: 1e-9)
    }

    /// Fingers miss the targets a little: with noise of ±0.5 % of the screen the fitted
    /// matrix still maps every raw touch within 1 % of its target.
    func testNoisyTouchesAndRotation() throws {
        var rng = SplitMix64(seed: 3)
        let truth = CalibrationMatrix(a: 0, b: 1.02, c: -0.01, d: -0.98, e: 0, f: 0.99) // a 90° mounted panel
        let targets = CalibrationFit.targets + [(0.5, 0.125), (0.875, 0.5)]
        // raw such that truth(raw) = target: invert the 2×2 part.
        let raw: [(x: Double, y: Double)] = targets.map { t in
            let y = (t.x - truth.c) / truth.b, x = (t.y - truth.f) / truth.d
            return (x + Double.random(in: -0.005...0.005, using: &rng), y + Double.random(in: -0.005...0.005, using: &rng))
        }
        let m = try CalibrationFit.fit(raw: raw, targets: targets)
        for (r, t) in zip(raw, targets) {
            let p = m.apply(x: r.x, y: r.y)
            XCTAssertEqual(p.x, t.x, accuracy: 0.01)
            XCTAssertEqual(p.y, t.y, accuracy: 0.01)
        }
        XCTAssertEqual(m.b, truth.b, accuracy: 0.02)
        XCTAssertEqual(m.d, truth.d, accuracy: 0.02)
    }

    func testTooFewAndCollinearPointsRefused() {
        XCTAssertThrowsError(try CalibrationFit.fit(raw: [(0, 0), (1, 1)], targets: [(0, 0), (1, 1)])) { error in
            XCTAssertEqual(error as? CalibrationFitError, .tooFewPoints(2))
        }
        let line: [(x: Double, y: Double)] = [(0.1, 0.1), (0.5, 0.5), (0.9, 0.9)]
        XCTAssertThrowsError(try CalibrationFit.fit(raw: line, targets: line)) { error in
            XCTAssertEqual(error as? CalibrationFitError, .degenerate)
        }
    }
}
