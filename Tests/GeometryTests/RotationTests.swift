import XCTest
import Geometry
import Touch  // SplitMix64, the seeded generator the randomised tests share

final class RotationTests: XCTestCase {
    let w = 1920.0, h = 1080.0

    /// Logical corners (top-left, top-right, bottom-left, bottom-right) → native.
    func testCornersForAllRotations() {
        let expected: [Rotation: [(Double, Double)]] = [
            .r0: [(0, 0), (w, 0), (0, h), (w, h)],
            .r90: [(w, 0), (w, h), (0, 0), (0, h)],
            .r180: [(w, h), (0, h), (w, 0), (0, 0)],
            .r270: [(0, h), (0, 0), (w, h), (w, 0)],
        ]
        for rotation in Rotation.allCases {
            let size = rotation.logicalSize(nativeWidth: w, nativeHeight: h)
            let corners = [(0.0, 0.0), (size.width, 0), (0, size.height), (size.width, size.height)]
            for (corner, want) in zip(corners, expected[rotation]!) {
                let n = rotation.nativePoint(logicalX: corner.0, logicalY: corner.1, nativeWidth: w, nativeHeight: h)
                XCTAssertEqual(n.x, want.0, "\(rotation) \(corner)")
                XCTAssertEqual(n.y, want.1, "\(rotation) \(corner)")
                let back = rotation.logicalPoint(nativeX: n.x, nativeY: n.y, nativeWidth: w, nativeHeight: h)
                XCTAssertEqual(back.x, corner.0); XCTAssertEqual(back.y, corner.1)
            }
        }
        XCTAssertEqual(Rotation.r90.logicalSize(nativeWidth: w, nativeHeight: h).width, h)
    }

    func testRoundTripRandomPointsAndPixels() {
        var rng = SplitMix64(seed: 5)
        for rotation in Rotation.allCases {
            for _ in 0..<100 {
                let x = Double.random(in: 0...w, using: &rng), y = Double.random(in: 0...h, using: &rng)
                let l = rotation.logicalPoint(nativeX: x, nativeY: y, nativeWidth: w, nativeHeight: h)
                let n = rotation.nativePoint(logicalX: l.x, logicalY: l.y, nativeWidth: w, nativeHeight: h)
                XCTAssertEqual(n.x, x, accuracy: 1e-9); XCTAssertEqual(n.y, y, accuracy: 1e-9)
                let px = Int.random(in: 0..<1920, using: &rng), py = Int.random(in: 0..<1080, using: &rng)
                let lp = rotation.logicalPixel(nativeX: px, nativeY: py, nativeWidth: 1920, nativeHeight: 1080)
                let size = rotation.logicalSize(nativeWidth: w, nativeHeight: h)
                XCTAssert((0..<Int(size.width)).contains(lp.x) && (0..<Int(size.height)).contains(lp.y))
                let np = rotation.nativePixel(logicalX: lp.x, logicalY: lp.y, nativeWidth: 1920, nativeHeight: 1080)
                XCTAssertEqual(np.x, px); XCTAssertEqual(np.y, py)
            }
        }
        // r90: logical pixel (0,0) is at the native top-right pixel.
        XCTAssertEqual(Rotation.r90.nativePixel(logicalX: 0, logicalY: 0, nativeWidth: 1920, nativeHeight: 1080).x, 1919)
    }

    func testParseDegrees() {
        XCTAssertEqual(Rotation(degrees: "270"), .r270)
        XCTAssertNil(Rotation(degrees: "45"))
        XCTAssertNil(Rotation(degrees: "ninety"))
    }
}
