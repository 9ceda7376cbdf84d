import XCTest
import Touch

final class PanRecognizerTests: XCTestCase {
    let config = GestureConfig.forPanel(pixelsPerMillimetre: 4) // slop 6.4 px

    func testSlopIsPhysical() {
        XCTAssertEqual(GestureConfig.forPanel(pixelsPerMillimetre: 4).slop, 6.4, accuracy: 1e-9)
        XCTAssertEqual(GestureConfig.forPanel(pixelsPerMillimetre: 10).slop, 16, accuracy: 1e-9)
        let slopMM = GestureConfig.forPanel(pixelsPerMillimetre: 7).slop / 7
        XCTAssert((1.3...2).contains(slopMM))
    }

    func testMovementWithinSlopIsNotAPan() {
        let out = recognise([
            .down(slot: 0, x: 100, y: 100, time: 0),
            .move(slot: 0, x: 104, y: 103, time: 0.01), // 5 px < 6.4
            .move(slot: 0, x: 100, y: 105, time: 0.02),
        ], config: config)
        XCTAssertEqual(out, [.touchDown(x: 100, y: 100, time: 0)])
    }

    func testPanBeginsPastSlopAtDownPointWithoutJump() {
        let out = recognise([
            .down(slot: 0, x: 100, y: 100, time: 0),
            .move(slot: 0, x: 100, y: 107, time: 0.01),
            .move(slot: 0, x: 100, y: 127, time: 0.02),
        ], config: config)
        XCTAssertEqual(out, [
            .touchDown(x: 100, y: 100, time: 0),
            .panBegan(axis: .vertical, x: 100, y: 100, time: 0.01),
            .panChanged(axis: .vertical, dx: 0, dy: 20, time: 0.02),
        ])
    }

    func testPanOriginDownReportsTotalTranslation() {
        var c = config
        c.panOrigin = .down
        let out = recognise([
            .down(slot: 0, x: 100, y: 100, time: 0),
            .move(slot: 0, x: 100, y: 107, time: 0.01),
        ], config: c)
        XCTAssertEqual(out.last, .panChanged(axis: .vertical, dx: 0, dy: 7, time: 0.01))
    }

    func testDragTenDegreesOffVerticalIsVerticalAndStaysVertical() {
        let angle = 10.0 * .pi / 180
        var events: [TouchEvent] = [.down(slot: 0, x: 500, y: 500, time: 0)]
        for k in 1...30 {
            let d = Double(k) * 4
            events.append(.move(slot: 0, x: 500 + d * sin(angle), y: 500 - d * cos(angle), time: Double(k) / 120))
        }
        // Then swerve sideways: the axis must not change mid-drag.
        for k in 31...50 {
            events.append(.move(slot: 0, x: 500 + Double(k - 30) * 20, y: 380, time: Double(k) / 120))
        }
        events.append(.up(slot: 0, time: 51 / 120))
        let out = recognise(events, config: config)
        let axes = out.compactMap { g -> PanAxis? in
            switch g {
            case let .panBegan(a, _, _, _), let .panChanged(a, _, _, _), let .panEnded(a, _, _, _, _, _): return a
            default: return nil
            }
        }
        XCTAssertGreaterThan(axes.count, 40)
        XCTAssert(axes.allSatisfy { $0 == .vertical })
        XCTAssertEqual(out.last, .allUp(time: 51 / 120))
    }

    func testHorizontalDragIsHorizontal() {
        var rng = SplitMix64(seed: 1)
        let out = recognise(dragEvents(from: (900, 500), to: (300, 520), duration: 0.2, rng: &rng), config: config)
        guard case let .panBegan(axis, x, y, _) = out[1] else { return XCTFail("no pan: \(out)") }
        XCTAssertEqual(axis, .horizontal)
        XCTAssertEqual(x, 900); XCTAssertEqual(y, 500)
        XCTAssertFalse(out.contains { if case .tap = $0 { return true } else { return false } })
    }

    /// Constant speed, sampled at 60/120/240 Hz with ±20 % timing jitter: the release
    /// velocity is within 5 % of the true speed.
    func testFlingVelocityMatchesTrueSpeed() {
        var rng = SplitMix64(seed: 42)
        for rate in [60.0, 120.0, 240.0] {
            for _ in 0..<20 {
                let speed = Double.random(in: 500...4000, using: &rng)
                let duration = 0.3
                let distance = speed * duration
                let events = dragEvents(from: (200, 900), to: (200, 900 - distance), duration: duration,
                                        rate: rate, jitter: 0.2, lift: 0.004, rng: &rng)
                let out = recognise(events, config: config)
                guard case let .panEnded(axis, _, dy, vx, vy, _) = out[out.count - 2] else {
                    return XCTFail("no panEnded at \(rate) Hz: \(out.suffix(3))")
                }
                XCTAssertEqual(axis, .vertical)
                XCTAssertEqual(vy, -speed, accuracy: speed * 0.05, "at \(rate) Hz")
                XCTAssertEqual(vx, 0, accuracy: 1)
                // Translation is from the slop crossing: short of the whole drag by about the slop.
                XCTAssertLessThan(-dy, distance)
                XCTAssertGreaterThan(-dy, distance - config.slop - speed / rate * 1.3 - 1)
            }
        }
    }

    func testRestingBeforeLiftGivesZeroVelocity() {
        var rng = SplitMix64(seed: 3)
        let out = recognise(dragEvents(from: (200, 900), to: (200, 300), duration: 0.25, lift: 0.15, rng: &rng), config: config)
        guard case let .panEnded(_, _, _, vx, vy, _) = out[out.count - 2] else { return XCTFail("\(out)") }
        XCTAssertEqual(vx, 0); XCTAssertEqual(vy, 0)
    }

    func testCancelMidPanCancelsAndNothingSticks() {
        var r = GestureRecognizer(config: config)
        let out = recognise([
            .down(slot: 0, x: 100, y: 100, time: 0),
            .move(slot: 0, x: 100, y: 150, time: 0.02),
            .cancel(time: 0.03),
            .move(slot: 0, x: 100, y: 200, time: 0.04), // stale: ignored
            .up(slot: 0, time: 0.05),
        ], recognizer: &r)
        XCTAssertEqual(Array(out.suffix(2)), [.panCancelled(time: 0.03), .allUp(time: 0.03)])
        XCTAssertEqual(r.activeTouchCount, 0)
        XCTAssertFalse(r.isPanning)
        XCTAssertNil(r.nextDeadline)
        // A fresh sequence works normally.
        let next = recognise([
            .down(slot: 0, x: 10, y: 10, time: 1),
            .up(slot: 0, time: 1.05),
        ], recognizer: &r)
        XCTAssertEqual(next, [.touchDown(x: 10, y: 10, time: 1), .tap(x: 10, y: 10, time: 1.05), .allUp(time: 1.05)])
    }

    func testSecondFingerCancelsPanAndNoTap() {
        let out = recognise([
            .down(slot: 0, x: 100, y: 100, time: 0),
            .move(slot: 0, x: 100, y: 150, time: 0.02),
            .down(slot: 1, x: 300, y: 100, time: 0.03),
            .move(slot: 0, x: 100, y: 200, time: 0.04),
            .up(slot: 0, time: 0.05),
            .up(slot: 1, time: 0.06),
        ], config: config)
        XCTAssertEqual(out, [
            .touchDown(x: 100, y: 100, time: 0),
            .panBegan(axis: .vertical, x: 100, y: 100, time: 0.02),
            .panCancelled(time: 0.03),
            .allUp(time: 0.06),
        ])
    }

    func testTwoFingersNeverPanNorTap() {
        let out = recognise([
            .down(slot: 0, x: 100, y: 100, time: 0),
            .down(slot: 1, x: 200, y: 100, time: 0.01),
            .move(slot: 0, x: 100, y: 200, time: 0.03),
            .up(slot: 0, time: 0.05),
            .up(slot: 1, time: 0.06),
        ], config: config)
        XCTAssertEqual(out, [.touchDown(x: 100, y: 100, time: 0), .allUp(time: 0.06)])
    }
}
