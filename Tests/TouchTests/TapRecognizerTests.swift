import XCTest
import Touch

final class TapRecognizerTests: XCTestCase {
    let config = GestureConfig.forPanel(pixelsPerMillimetre: 4) // slop 6.4 px
    var mm: Double { 4 }

    func testOneFingerTap() {
        let out = recognise([
            .down(slot: 3, x: 400, y: 300, time: 1),
            .move(slot: 3, x: 403, y: 302, time: 1.02),
            .up(slot: 3, time: 1.08),
        ], config: config)
        XCTAssertEqual(out, [.touchDown(x: 400, y: 300, time: 1), .tap(x: 400, y: 300, time: 1.08), .allUp(time: 1.08)])
    }

    func testLongPressIsNotATapAndDeadlineIsReported() {
        var r = GestureRecognizer(config: config)
        var out: [Gesture] = []
        r.handle(.down(slot: 0, x: 1, y: 1, time: 0), into: &out)
        XCTAssertEqual(r.nextDeadline!, min(config.tapMaximumDuration, config.threeFingerLandingWindow), accuracy: 1e-12)
        r.advance(to: config.threeFingerLandingWindow, into: &out)
        XCTAssertEqual(r.nextDeadline!, config.tapMaximumDuration, accuracy: 1e-12)
        r.advance(to: config.tapMaximumDuration, into: &out)
        XCTAssertNil(r.nextDeadline)
        r.handle(.up(slot: 0, time: config.tapMaximumDuration + 0.01), into: &out)
        XCTAssertEqual(out, [.touchDown(x: 1, y: 1, time: 0), .allUp(time: config.tapMaximumDuration + 0.01)])
    }

    private func threeFingers(landing: [Double], liftAt: Double, start: Double = 0, moveSlot: Int? = nil, moveBy: Double = 0) -> [TouchEvent] {
        var events: [TouchEvent] = []
        for (i, dt) in landing.enumerated() {
            events.append(.down(slot: i, x: 900 + Double(i) * 60, y: 540, time: start + dt))
        }
        if let s = moveSlot {
            events.append(.move(slot: s, x: 900 + Double(s) * 60 + moveBy, y: 540, time: start + landing.max()! + 0.01))
        }
        for (i, _) in landing.enumerated() {
            events.append(.up(slot: i, time: start + liftAt + Double(i) * 0.005))
        }
        return events
    }

    func testThreeFingerTapWithFingersLandingOver40ms() {
        let out = recognise(threeFingers(landing: [0, 0.02, 0.04], liftAt: 0.1), config: config)
        XCTAssertEqual(out, [
            .touchDown(x: 900, y: 540, time: 0),
            .threeFingerTap(x: 960, y: 540, time: 0.11),
            .allUp(time: 0.11),
        ])
    }

    func testThreeFingerTapRandomisedTimingStillAccepted() {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<50 {
            let landing = (0..<3).map { _ in Double.random(in: 0...0.04, using: &rng) }.sorted()
            let out = recognise(threeFingers(landing: landing.map { $0 - landing[0] }, liftAt: 0.1), config: config)
            XCTAssertEqual(out.filter(\.isThreeFingerTap).count, 1)
            XCTAssertFalse(out.contains(where: \.isPanEvent))
        }
    }

    func testFourFingersRejected() {
        let out = recognise(threeFingers(landing: [0, 0.01, 0.02, 0.03], liftAt: 0.1), config: config)
        XCTAssertFalse(out.contains(where: \.isThreeFingerTap))
    }

    func testThreeHundredMillisecondHoldRejected() {
        let out = recognise(threeFingers(landing: [0, 0.01, 0.02], liftAt: 0.3), config: config)
        XCTAssertFalse(out.contains(where: \.isThreeFingerTap))
        XCTAssertEqual(out.last, .allUp(time: 0.31))
    }

    func testFiveMillimetreMovementRejected() {
        let out = recognise(threeFingers(landing: [0, 0.01, 0.02], liftAt: 0.1, moveSlot: 1, moveBy: 5 * mm), config: config)
        XCTAssertFalse(out.contains(where: \.isThreeFingerTap))
        XCTAssertFalse(out.contains(where: \.isPanEvent))
    }

    func testSlowLandingRejected() {
        let out = recognise(threeFingers(landing: [0, 0.05, 0.2], liftAt: 0.25), config: config)
        XCTAssertFalse(out.contains(where: \.isThreeFingerTap))
    }

    func testThreeFingerTapAfterFlingRecognised() {
        var r = GestureRecognizer(config: config)
        var rng = SplitMix64(seed: 9)
        let fling = recognise(dragEvents(from: (500, 900), to: (500, 200), duration: 0.2, rng: &rng), recognizer: &r)
        XCTAssert(fling.contains { if case .panEnded = $0 { return true } else { return false } })
        let tap = recognise(threeFingers(landing: [0, 0.03, 0.035], liftAt: 0.09, start: 0.4), recognizer: &r)
        XCTAssertEqual(tap.first, .touchDown(x: 900, y: 540, time: 0.4))
        XCTAssertEqual(tap.filter(\.isThreeFingerTap).count, 1)
        XCTAssertFalse(tap.contains(where: \.isPanEvent))
    }

    func testPanningFingerPlusThreeIsNotThreeFingerTap() {
        var rng = SplitMix64(seed: 11)
        var events = Array(dragEvents(from: (500, 900), to: (500, 600), duration: 0.1, rng: &rng).dropLast())
        let t = events.last!.time
        for i in 1...3 { events.append(.down(slot: i, x: 900 + Double(i) * 60, y: 540, time: t + 0.01 * Double(i))) }
        for i in 0...3 { events.append(.up(slot: i, time: t + 0.08 + 0.001 * Double(i))) }
        let out = recognise(events, config: config)
        XCTAssertFalse(out.contains(where: \.isThreeFingerTap))
        XCTAssertEqual(out.filter { $0 == .panCancelled(time: t + 0.01) }.count, 1)
        XCTAssertFalse(out.contains { if case .panEnded = $0 { return true } else { return false } })
    }

    func testFingerLiftingBeforeThirdLandsRejected() {
        let out = recognise([
            .down(slot: 0, x: 0, y: 0, time: 0),
            .down(slot: 1, x: 60, y: 0, time: 0.01),
            .up(slot: 0, time: 0.02),
            .down(slot: 2, x: 120, y: 0, time: 0.03),
            .up(slot: 1, time: 0.05),
            .up(slot: 2, time: 0.06),
        ], config: config)
        XCTAssertEqual(out, [.touchDown(x: 0, y: 0, time: 0), .allUp(time: 0.06)])
    }
}
