import XCTest
import Spring
@testable import Kiosk

final class KineticScrollerTests: XCTestCase {
    func testDragFollowsFingerOneToOneInside() {
        var s = KineticScroller(viewport: 800, contentLength: 3000)
        s.jump(to: 500)
        s.beginDrag(at: 0)
        s.drag(translation: -120, at: 0.1)
        XCTAssertEqual(s.offset(at: 0.1), 620, accuracy: 1e-9)
        s.drag(translation: 200, at: 0.2)
        XCTAssertEqual(s.offset(at: 0.2), 300, accuracy: 1e-9)
    }

    func testDragPastTopResistsWithRubberBand() {
        var s = KineticScroller(viewport: 960, contentLength: 3000)
        s.beginDrag(at: 0)
        s.drag(translation: 400, at: 0.1)
        XCTAssertEqual(s.offset(at: 0.1), -178.98, accuracy: 0.01)
    }

    func testReleasePastEdgeSpringsBackAndSettlesExactly() {
        var s = KineticScroller(viewport: 960, contentLength: 3000)
        s.beginDrag(at: 0)
        s.drag(translation: 300, at: 0.1)
        s.endDrag(velocity: 0, at: 0.1)
        XCTAssertTrue(s.isMoving(at: 0.2))
        let mid = s.offset(at: 0.3)
        XCTAssertLessThan(mid, 0)
        XCTAssertGreaterThan(mid, s.offset(at: 0.1))
        s.advance(to: 3)
        XCTAssertFalse(s.isMoving(at: 3))
        XCTAssertEqual(s.offset(at: 3), 0)
    }

    func testFlingDecaysByTime() {
        var s = KineticScroller(viewport: 800, contentLength: 100_000)
        s.jump(to: 1000)
        s.beginDrag(at: 0)
        s.endDrag(velocity: -1000, at: 0)  // finger moves up: content scrolls forward
        XCTAssertEqual(s.offset(at: 0.5), 1000 + 315.93, accuracy: 0.01)
        // It rests where it was last drawn moving (speed 2 px/s), within 1 px of the
        // decay's limit 1499.5, and stays there: no later jump when something redraws.
        let atRest = s.offset(at: 10)
        XCTAssertFalse(s.isMoving(at: 10))
        XCTAssertEqual(atRest, 1499.5, accuracy: 1.01)
        s.advance(to: 20)
        XCTAssertEqual(s.offset(at: 20), atRest)
    }

    func testFlingCrossingEndBouncesAndSettlesExactlyAtEnd() {
        var s = KineticScroller(viewport: 800, contentLength: 1000) // maxOffset 200
        s.beginDrag(at: 0)
        s.endDrag(velocity: -3000, at: 0)
        let samples = stride(from: 0.0, to: 3, by: 0.004).map { s.offset(at: $0) }
        XCTAssertGreaterThan(samples.max()!, 200, "overshoots past the end")
        // Continuous: no jump bigger than the speed allows.
        for (a, b) in zip(samples, samples.dropFirst()) { XCTAssertLessThan(abs(b - a), 3000 * 0.004 + 1) }
        s.advance(to: 5)
        XCTAssertEqual(s.offset(at: 5), 200)
        XCTAssertFalse(s.isMoving(at: 5))
    }

    func testTouchCatchesFling() {
        var s = KineticScroller(viewport: 800, contentLength: 100_000)
        s.beginDrag(at: 0)
        s.endDrag(velocity: -2000, at: 0)
        let caught = s.offset(at: 0.3)
        s.beginDrag(at: 0.3)
        XCTAssertEqual(s.offset(at: 0.6), caught)
        XCTAssertFalse(s.isMoving(at: 0.6))
    }

    func testStopKeepsPositionInsideRange() {
        var s = KineticScroller(viewport: 800, contentLength: 100_000)
        s.beginDrag(at: 0)
        s.endDrag(velocity: -2000, at: 0)
        let x = s.offset(at: 0.2)
        s.stop(at: 0.2)
        XCTAssertEqual(s.offset(at: 1), x)
        XCTAssertFalse(s.isMoving(at: 0.21))
    }

    func testAlwaysBounceScroller() {
        var s = KineticScroller(viewport: 1280, contentLength: 1280)
        s.beginDrag(at: 0)
        s.drag(translation: -100, at: 0.1)   // finger moves left: content offset positive, resisted
        XCTAssertEqual(s.offset(at: 0.1), RubberBand.resisted(100, dimension: 1280), accuracy: 1e-9)
        s.endDrag(velocity: 0, at: 0.1)
        s.advance(to: 3)
        XCTAssertEqual(s.offset(at: 3), 0)
    }
}
