import XCTest
@testable import Kiosk

final class MenuTests: XCTestCase {
    /// The fade's curve stops iterating at its ends and once Newton's step no longer moves
    /// it: the same opacity, bit for bit, as eight full iterations (the curve as it was
    /// first written), over the whole fade and at its ends.
    func testEaseInOutStopsEarlyWithTheSameValues() {
        func eightIterations(_ u: Double) -> Double {
            let x = min(max(u, 0), 1)
            func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
                let a = 1 - s
                return 3 * a * a * s * p1 + 3 * a * s * s * p2 + s * s * s
            }
            func derivative(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
                let a = 1 - s
                return 3 * a * a * p1 + 6 * a * s * (p2 - p1) + 3 * s * s * (1 - p2)
            }
            var s = x
            for _ in 0..<8 {
                let d = derivative(s, 0.42, 0.58)
                guard abs(d) > 1e-9 else { break }
                s -= (bezier(s, 0.42, 0.58) - x) / d
                s = min(max(s, 0), 1)
            }
            return bezier(s, 0, 1)
        }
        for step in -10...10_010 {
            let u = Double(step) / 10_000
            XCTAssertEqual(MenuFade.easeInOut(u).bitPattern, eightIterations(u).bitPattern, "u = \(u)")
        }
    }

    func testFadeInTakesQuarterSecondEaseInOut() {
        var m = MenuFade()
        m.setPresented(true, at: 10)
        XCTAssertEqual(m.opacity(at: 10), 0)
        XCTAssertEqual(m.opacity(at: 10.125), 0.5, accuracy: 1e-6)
        XCTAssertLessThan(m.opacity(at: 10.03), 0.12 * 0.5) // eases in
        XCTAssertEqual(m.opacity(at: 10.25), 1)
        XCTAssertFalse(m.isAnimating(at: 10.25))
    }

    func testToggleMidFadeReversesFromCurrentOpacity() {
        var m = MenuFade()
        m.setPresented(true, at: 0)
        let o = m.opacity(at: 0.1)
        m.toggle(at: 0.1)
        XCTAssertFalse(m.isPresented)
        XCTAssertEqual(m.opacity(at: 0.1), o, accuracy: 1e-12)
        XCTAssertLessThan(m.opacity(at: 0.15), o)
        XCTAssertEqual(m.opacity(at: 0.2), 0)
    }

    func testRingGeometry() {
        let ring = RingLayout(width: 1280, height: 800, count: 4, scale: 1)
        XCTAssertEqual(ring.radius, 240)
        let top = ring.center(of: 0)
        XCTAssertEqual(top.x, 640, accuracy: 1e-9); XCTAssertEqual(top.y, 160, accuracy: 1e-9)
        let right = ring.center(of: 1) // clockwise: the second item is to the right
        XCTAssertEqual(right.x, 880, accuracy: 1e-9); XCTAssertEqual(right.y, 400, accuracy: 1e-9)
        XCTAssertEqual(ring.item(atX: 880 + 59, y: 400), 1)
        XCTAssertNil(ring.item(atX: 880 + 61, y: 400))
        XCTAssertNil(ring.item(atX: 640, y: 400))
    }
}
