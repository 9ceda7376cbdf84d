import XCTest
@testable import Touch

/// Two-finger pinch from synthetic streams (the real recordings are in
/// TouchRecordingTests/PinchRecordingTests). Default config: slop 6.4 px, pinch slop 19.2 px.
final class PinchRecognizerTests: XCTestCase {
    /// Two fingers moving from `a0`/`b0` to `a1`/`b1` in `steps` frames at 120 Hz, both
    /// reporting in every frame (as libinput delivers them), then lifting.
    private func twoFingers(_ a0: (Double, Double), _ b0: (Double, Double), _ a1: (Double, Double), _ b1: (Double, Double),
                            steps: Int = 30, start: Double = 0, lift: Bool = true) -> [TouchEvent] {
        var events: [TouchEvent] = [.down(slot: 0, x: a0.0, y: a0.1, time: start), .down(slot: 1, x: b0.0, y: b0.1, time: start)]
        for k in 1...steps {
            let f = Double(k) / Double(steps), t = start + Double(k) / 120
            events.append(.move(slot: 0, x: a0.0 + (a1.0 - a0.0) * f, y: a0.1 + (a1.1 - a0.1) * f, time: t))
            events.append(.move(slot: 1, x: b0.0 + (b1.0 - b0.0) * f, y: b0.1 + (b1.1 - b0.1) * f, time: t))
        }
        if lift {
            let end = start + Double(steps + 1) / 120
            events += [.up(slot: 0, time: end), .up(slot: 1, time: end)]
        }
        return events
    }

    private func pinchGestures(_ gestures: [Gesture]) -> [Gesture] {
        gestures.filter {
            switch $0 {
            case .pinchBegan, .pinchChanged, .pinchEnded, .pinchCancelled: return true
            default: return false
            }
        }
    }

    func testSpreadIsAPinchWithTheScaleOfTheFingers() throws {
        // 200 px apart to 500 px apart around (960, 540).
        let out = recognise(twoFingers((860, 540), (1060, 540), (710, 540), (1210, 540)))
        let pinch = pinchGestures(out)
        guard case let .pinchBegan(x, y, _) = pinch.first else { return XCTFail("\(out)") }
        XCTAssertEqual(x, 960, accuracy: 0.01)
        XCTAssertEqual(y, 540, accuracy: 0.01)
        guard case let .pinchEnded(scale, ex, _, _) = pinch.last else { return XCTFail("\(pinch)") }
        // Measured from where it was recognised: the second frame, 220 px (past the 19.2 px slop).
        XCTAssertEqual(scale, 500 / 220, accuracy: 1e-9)
        XCTAssertEqual(ex, 960, accuracy: 0.01)
        // The scale grows with every frame, and nothing else fires: no pan, tap or three-finger tap.
        var last = 0.0
        for case let .pinchChanged(s, _, _, _) in pinch {
            XCTAssertGreaterThanOrEqual(s, last)
            last = s
        }
        XCTAssertFalse(out.contains { $0.isPanEvent || $0.isThreeFingerTap })
        XCTAssertFalse(out.contains { if case .tap = $0 { return true } else { return false } })
        XCTAssertEqual(out.last, .allUp(time: 31.0 / 120))
    }

    func testClosingWithOneFingerStillIsAPinch() {
        // One finger rests, the other closes in at an angle (the hand's usual pinch).
        let out = pinchGestures(recognise(twoFingers((600, 400), (1000, 700), (600, 400), (780, 520))))
        guard case let .pinchEnded(scale, _, _, _) = out.last else { return XCTFail("\(out)") }
        XCTAssertLessThan(scale, 0.5)
        XCTAssertGreaterThan(scale, 0.4)
    }

    func testTwoFingersMovingTogetherAreNoPinch() {
        // A two-finger drag, even one whose fingers drift apart a little (12 px over 300 px).
        for (a1, b1) in [((700.0, 100.0), (900.0, 100.0)), ((700, 100), (912, 100)), ((400, 400), (600, 400))] {
            XCTAssertEqual(pinchGestures(recognise(twoFingers((700, 400), (900, 400), a1, b1))), [], "\(a1) \(b1)")
        }
    }

    func testSpreadWithinTheSlopIsNoPinch() {
        XCTAssertEqual(pinchGestures(recognise(twoFingers((900, 500), (1100, 500), (891, 500), (1109, 500)))), [])
        XCTAssertEqual(GestureConfig().pinchSlop, 3 * GestureConfig().slop)
        XCTAssertEqual(GestureConfig.forPanel(pixelsPerMillimetre: 10).pinchSlop, 48, accuracy: 1e-9)
    }

    /// Between two fingers' reports of one frame the hand looks like one finger moving
    /// alone; such half frames must not make a pinch of two fingers moving together.
    func testHalfFramesAreNotJudged() {
        var recognizer = GestureRecognizer()
        var out: [Gesture] = []
        for event in [TouchEvent.down(slot: 0, x: 500, y: 500, time: 0), .down(slot: 1, x: 600, y: 500, time: 0),
                      .move(slot: 0, x: 530, y: 500, time: 0.01)] {
            recognizer.handle(event, into: &out)
        }
        // Only one finger has reported at 0.01: span 70 (−30), midpoint +15; not judged yet.
        XCTAssertEqual(pinchGestures(out), [])
        XCTAssertEqual(recognizer.nextDeadline ?? 0, 0.012, accuracy: 1e-9)
        recognizer.handle(.move(slot: 1, x: 630, y: 500, time: 0.01), into: &out)
        recognizer.handle(.move(slot: 0, x: 560, y: 500, time: 0.02), into: &out)
        recognizer.handle(.move(slot: 1, x: 660, y: 500, time: 0.02), into: &out)
        XCTAssertEqual(pinchGestures(out), [], "both moved 60 px together")
        XCTAssertFalse(recognizer.isPinching)
    }

    /// A frame where one finger stays still (evdev sends nothing for it) is judged at the
    /// deadline, or when time moves on.
    func testAFrameWithOneFingerStillIsJudgedWhenTimeMovesOn() {
        var recognizer = GestureRecognizer()
        var out: [Gesture] = []
        recognizer.handle(.down(slot: 0, x: 500, y: 500, time: 0), into: &out)
        recognizer.handle(.down(slot: 1, x: 700, y: 500, time: 0), into: &out)
        recognizer.handle(.move(slot: 1, x: 760, y: 500, time: 0.01), into: &out)
        XCTAssertFalse(recognizer.isPinching)
        let deadline = try! XCTUnwrap(recognizer.nextDeadline)
        recognizer.advance(to: deadline, into: &out)
        XCTAssertTrue(recognizer.isPinching)
        XCTAssertEqual(pinchGestures(out), [.pinchBegan(x: 630, y: 500, time: 0.01)])
    }

    func testThirdFingerCancelsAndCancelCancels() {
        var events = twoFingers((860, 540), (1060, 540), (760, 540), (1160, 540), lift: false)
        events.append(.down(slot: 2, x: 100, y: 100, time: 0.3))
        let out = pinchGestures(recognise(events))
        XCTAssertEqual(out.last, .pinchCancelled(time: 0.3))
        XCTAssertFalse(out.contains { if case .pinchEnded = $0 { return true } else { return false } })

        var cancelled = twoFingers((860, 540), (1060, 540), (760, 540), (1160, 540), lift: false)
        cancelled.append(.cancel(time: 0.4))
        XCTAssertEqual(pinchGestures(recognise(cancelled)).last, .pinchCancelled(time: 0.4))
    }

    func testOneFingerPanningThenASecondLandingBecomesAPinch() {
        // The first finger slides (a pan begins), the second lands: the pan is cancelled
        // and the two fingers spreading are a pinch.
        var events: [TouchEvent] = [.down(slot: 0, x: 900, y: 500, time: 0)]
        for k in 1...5 { events.append(.move(slot: 0, x: 900 - Double(k) * 4, y: 500, time: Double(k) / 120)) }
        events += twoFingers((880, 500), (1080, 500), (780, 500), (1180, 500), start: 0.05).dropFirst()
        let out = recognise(events)
        let cancel = out.firstIndex { if case .panCancelled = $0 { return true } else { return false } }
        let began = out.firstIndex { if case .pinchBegan = $0 { return true } else { return false } }
        XCTAssertNotNil(cancel)
        XCTAssertNotNil(began)
        XCTAssertLessThan(cancel ?? 0, began ?? 0)
        XCTAssertFalse(out.contains { if case .panEnded = $0 { return true } else { return false } })
    }

    func testAThirdFingerFromTheStartIsNoPinch() {
        var events: [TouchEvent] = [.down(slot: 0, x: 800, y: 500, time: 0), .down(slot: 1, x: 1000, y: 500, time: 0),
                                    .down(slot: 2, x: 900, y: 700, time: 0)]
        for k in 1...20 {
            let t = Double(k) / 120
            events += [.move(slot: 0, x: 800 - Double(k) * 5, y: 500, time: t), .move(slot: 1, x: 1000 + Double(k) * 5, y: 500, time: t)]
        }
        XCTAssertEqual(pinchGestures(recognise(events)), [])
    }
}
