import XCTest
@testable import Spring

final class VelocityTrackerTests: XCTestCase {
    func testConstantSpeed() {
        var tracker = VelocityTracker()
        for i in 0..<30 {
            let t = Double(i) / 120
            tracker.add(time: t, x: 800 * t, y: -300 * t)
        }
        let v = tracker.velocity()
        XCTAssertEqual(v.x, 800, accuracy: 1e-6)
        XCTAssertEqual(v.y, -300, accuracy: 1e-6)
    }

    func testOnlyRecentSamplesCount() {
        var tracker = VelocityTracker()
        // Slow for half a second, then fast for the last 100 ms.
        var x = 0.0
        for i in 0..<60 { x = Double(i) * 1; tracker.add(time: Double(i) / 120, x: x) }
        let t0 = 59.0 / 120
        for i in 1...12 { tracker.add(time: t0 + Double(i) / 120, x: x + Double(i) * 10) }
        XCTAssertEqual(tracker.velocity().x, 1200, accuracy: 1)
    }

    func testGapMeansStopped() {
        var tracker = VelocityTracker()
        for i in 0..<10 { tracker.add(time: Double(i) / 60, x: Double(i) * 20) }
        // The finger rests for 80 ms, then one more sample in place.
        tracker.add(time: 9.0 / 60 + 0.080, x: 180)
        XCTAssertEqual(tracker.velocity().x, 0)
        // Asked at lift-off long after the last sample: zero too.
        var b = VelocityTracker()
        for i in 0..<10 { b.add(time: Double(i) / 60, x: Double(i) * 20) }
        XCTAssertEqual(b.velocity(at: 9.0 / 60 + 0.2).x, 0)
        XCTAssertGreaterThan(b.velocity(at: 9.0 / 60 + 0.01).x, 1000)
    }

    func testTooFewSamples() {
        var tracker = VelocityTracker()
        XCTAssertEqual(tracker.velocity().x, 0)
        tracker.add(time: 0, x: 5)
        XCTAssertEqual(tracker.velocity().x, 0)
    }
}
