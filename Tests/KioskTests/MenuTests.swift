import XCTest
@testable import Kiosk

final class MenuTests: XCTestCase {
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
