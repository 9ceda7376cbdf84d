import XCTest
@testable import Kiosk

final class PullAffordanceTests: XCTestCase {
    func testExpandRule() {
        XCTAssertFalse(PullAffordance.isExpanded(0, progress: 0.33))
        XCTAssertTrue(PullAffordance.isExpanded(0, progress: 0.4))
        XCTAssertFalse(PullAffordance.isExpanded(1, progress: 0.4))
        XCTAssertTrue(PullAffordance.isExpanded(1, progress: 0.7))
        XCTAssertFalse(PullAffordance.isExpanded(2, progress: 1.0))
        XCTAssertTrue(PullAffordance.isExpanded(2, progress: 1.01))
    }

    func testCollapsedDotsAreCirclesCentred() {
        let a = PullAffordance()
        let dots = a.dots(at: 0)
        XCTAssertEqual(dots.count, 3)
        for (i, d) in dots.enumerated() {
            XCTAssertEqual(d.width, 8); XCTAssertEqual(d.height, 8)
            XCTAssertEqual(d.x, 20 * Double(i)); XCTAssertEqual(d.y, 44)
            XCTAssertEqual(d.cornerRadius, 4)
            XCTAssertEqual(d.tone, .muted)
        }
    }

    func testFortyPercentOneExpandedNoAccent() {
        var a = PullAffordance()
        a.setProgress(0.4, at: 1)
        let dots = a.dots(at: 3) // springs settled
        XCTAssertEqual(dots[0].height, 96, accuracy: 0.05)
        XCTAssertEqual(dots[0].width, 4, accuracy: 0.01)
        XCTAssertEqual(dots[0].x, 2, accuracy: 0.01)
        XCTAssertEqual(dots[0].tone, .foreground)
        XCTAssertEqual(dots[1].height, 8, accuracy: 0.01)
        XCTAssertEqual(dots[1].tone, .muted)
        XCTAssertFalse(dots.contains { $0.tone == .accent })
    }

    func testArmedTurnsAllDotsAccent() {
        var a = PullAffordance()
        a.setProgress(1.2, at: 0)
        XCTAssertTrue(a.isArmed)
        XCTAssertTrue(a.dots(at: 0.01).allSatisfy { $0.tone == .accent })
    }

    func testDotSpringFollowsReferenceCurve() {
        var a = PullAffordance()
        a.setProgress(0.5, at: 2)
        // The reference curve: 0→1 with the dots' spring: x(0.1) = 1.2323, x(0.3) = 1.0014.
        XCTAssertEqual(a.expansion(of: 0, at: 2.1), 1.2323, accuracy: 1e-4)
        XCTAssertEqual(a.expansion(of: 0, at: 2.3), 1.0014, accuracy: 1e-4)
        XCTAssertEqual(a.expansion(of: 1, at: 2.3), 0)
    }

    func testCollapseMidFlightContinuesFromCurrentState() {
        var a = PullAffordance()
        a.setProgress(0.5, at: 0)
        let x = a.expansion(of: 0, at: 0.05)
        a.setProgress(0, at: 0.05)
        XCTAssertEqual(a.expansion(of: 0, at: 0.05), x, accuracy: 1e-12)
        XCTAssertTrue(a.isAnimating(at: 0.06))
        XCTAssertFalse(a.isVisible(at: 3))
    }
}
