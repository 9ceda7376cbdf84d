import XCTest
import Touch

/// The three-finger tap's tolerances (GestureConfig: tap slop, jitter slop, dropout
/// window, landing window), on synthetic touches at 4 px/mm.
final class TapToleranceTests: XCTestCase {
    let config = GestureConfig.forPanel(pixelsPerMillimetre: 4)
    let mm = 4.0
    let base: [(Double, Double)] = [(900, 540), (960, 520), (1020, 545)]

    private func taps(_ events: [TouchEvent]) -> Int {
        recognise(events, config: config).filter(\.isThreeFingerTap).count
    }

    /// Each finger's first report 1.5 mm off where it settles, its last 1.5 mm off the
    /// other way: 3 mm from the landing point, yet the hand did not move.
    func testLandingAndLiftOffJitterAccepted() {
        var events: [TouchEvent] = []
        for (i, p) in base.enumerated() { events.append(.down(slot: i, x: p.0 + 1.5 * mm, y: p.1, time: 0.016 * Double(i))) }
        for k in 1...4 {
            for (i, p) in base.enumerated() { events.append(.move(slot: i, x: p.0 + 0.2 * Double(k % 2), y: p.1, time: 0.04 + 0.016 * Double(k))) }
        }
        for (i, p) in base.enumerated() { events.append(.move(slot: i, x: p.0 - 1.5 * mm, y: p.1, time: 0.12)) }
        for i in 0..<3 { events.append(.up(slot: i, time: 0.136 + 0.005 * Double(i))) }
        XCTAssertEqual(taps(events), 1)
    }

    /// A finger sliding 2.5 mm once settled is moving, jitter or not.
    func testSettledTravelBeyondTapSlopRejected() {
        var events: [TouchEvent] = []
        for (i, p) in base.enumerated() { events.append(.down(slot: i, x: p.0, y: p.1, time: 0)) }
        // Reports 0.5 mm apart: settled at the first (0.5 mm), 2.5 mm beyond it by the
        // sixth, and a seventh so the sixth is not the lift-off report: 3.5 mm in all.
        for k in 1...7 {
            events.append(.move(slot: 1, x: base[1].0, y: base[1].1 + 0.5 * mm * Double(k), time: 0.016 * Double(k)))
        }
        for i in 0..<3 { events.append(.up(slot: i, time: 0.13)) }
        XCTAssertEqual(taps(events), 0)
    }

    /// A contact lost for one frame and found again near where it was is one finger.
    func testOneFrameDropoutAccepted() {
        var events: [TouchEvent] = []
        for (i, p) in base.enumerated() { events.append(.down(slot: i, x: p.0, y: p.1, time: 0.01 * Double(i))) }
        events.append(.up(slot: 1, time: 0.05))
        events.append(.down(slot: 4, x: base[1].0 + 1, y: base[1].1 - 1, time: 0.066))
        events.append(contentsOf: [.up(slot: 0, time: 0.12), .up(slot: 4, time: 0.125), .up(slot: 2, time: 0.13)])
        XCTAssertEqual(taps(events), 1)
    }

    /// Coming back too late, or somewhere else, is another finger: four fingers.
    func testDropoutTooLongOrElsewhereIsAFourthFinger() {
        for (delay, offset) in [(0.08, 0.0), (0.016, 10 * mm)] {
            var events: [TouchEvent] = []
            for (i, p) in base.enumerated() { events.append(.down(slot: i, x: p.0, y: p.1, time: 0.01 * Double(i))) }
            events.append(.up(slot: 1, time: 0.05))
            events.append(.down(slot: 4, x: base[1].0 + offset, y: base[1].1, time: 0.05 + delay))
            events.append(contentsOf: [.up(slot: 0, time: 0.16), .up(slot: 4, time: 0.16), .up(slot: 2, time: 0.17)])
            XCTAssertEqual(taps(events), 0, "back after \(delay) s, \(offset / mm) mm away")
        }
    }

    /// Fingers landing up to the landing window apart still tap; beyond it they do not.
    func testLandingWindowEdges() {
        func tap(spread: Double) -> Int {
            var events: [TouchEvent] = []
            for (i, p) in base.enumerated() { events.append(.down(slot: i, x: p.0, y: p.1, time: spread * Double(i) / 2)) }
            for i in 0..<3 { events.append(.up(slot: i, time: spread + 0.05)) }
            return taps(events)
        }
        XCTAssertEqual(tap(spread: config.threeFingerLandingWindow - 0.005), 1)
        XCTAssertEqual(tap(spread: config.threeFingerLandingWindow + 0.005), 0)
    }

    func testThresholdsAreStatedInMillimetres() {
        XCTAssertEqual(config.tapSlop, GestureConfig.tapSlopMillimetres * mm, accuracy: 1e-9)
        XCTAssertEqual(config.tapJitterSlop, GestureConfig.tapJitterSlopMillimetres * mm, accuracy: 1e-9)
        XCTAssertLessThan(GestureConfig.tapJitterSlopMillimetres, 5) // a 5 mm drag is never a tap
    }
}
