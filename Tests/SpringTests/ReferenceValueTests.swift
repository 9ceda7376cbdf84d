import XCTest
@testable import Spring

/// The reference values the feel was specified with (the seed articles' springs,
/// computed independently): each configuration's displacement at given times.
final class ReferenceValueTests: XCTestCase {
    func testCriticallyDamped() {
        let s = DampedOscillator(parameters: .init(stiffness: 100, dampingRatio: 1), from: 0, to: 500)
        XCTAssertEqual(s.position(at: 0.25), 356.35, accuracy: 0.01)
        XCTAssertEqual(s.position(at: 0.5), 479.79, accuracy: 0.01)
        XCTAssertEqual(s.position(at: 0.75), 497.65, accuracy: 0.01)
        XCTAssertEqual(s.velocity(at: 0.25), 1026.06, accuracy: 0.01)
    }

    func testOverDamped() {
        let s = DampedOscillator(parameters: .init(stiffness: 100, dampingRatio: 1.25), from: 0, to: 500)
        XCTAssertEqual(s.position(at: 0.5), 445.28, accuracy: 0.01)
        XCTAssertEqual(s.position(at: 1.0), 495.51, accuracy: 0.01)
        XCTAssertEqual(s.position(at: 1.5), 499.63, accuracy: 0.01)
    }

    func testUnderDamped() {
        let s = DampedOscillator(parameters: .init(stiffness: 100, dampingRatio: 0.25), from: 0, to: 300)
        XCTAssertEqual(s.position(at: 1.0), 325.43, accuracy: 0.01)
        XCTAssertEqual(s.velocity(at: 1.0), -64.81, accuracy: 0.01)
    }

    func testSwiftUIDurationBounce() {
        let p = SpringParameters(duration: 0.5, bounce: 0.3)
        XCTAssertEqual(p.stiffness, 157.9, accuracy: 0.05)
        XCTAssertEqual(p.damping, 17.6, accuracy: 0.05)
        XCTAssertEqual(p.dampingRatio, 0.7, accuracy: 1e-9)
    }

    func testDecay() {
        let d = ScrollDecay(from: 0, velocity: 1000)
        XCTAssertEqual(d.position(at: 0.5), 315.93, accuracy: 0.01)
        XCTAssertEqual(d.restPosition, 499.50, accuracy: 0.01)
    }

    func testRubberBand() {
        for (x, b) in [(10.0, 5.47), (100, 52.02), (400, 178.98), (960, 340.65)] {
            XCTAssertEqual(RubberBand.resisted(x, dimension: 960), b, accuracy: 0.01, "x = \(x)")
            XCTAssertEqual(RubberBand.resisted(-x, dimension: 960), -b, accuracy: 0.01, "x = -\(x)")
        }
    }

    func testUIKitDurationUnderDamped() {
        let p = SpringParameters(uikitDuration: 3, dampingRatio: 0.25)
        XCTAssertEqual(p.stiffness, 54.8336, accuracy: 0.001)
        XCTAssertEqual(p.damping, 3.7025, accuracy: 0.001)
    }

    func testUIKitDurationCritical() {
        let p = SpringParameters(uikitDuration: 0.5, dampingRatio: 1)
        XCTAssertEqual(p.stiffness, 341.02, accuracy: 0.01)
        XCTAssertEqual(p.damping, 36.93, accuracy: 0.01)
    }

    func testUIKitDotSpring() {
        let p = SpringParameters(uikitDuration: 0.5, dampingRatio: 0.4, relativeVelocity: 0.5)
        XCTAssertEqual(p.stiffness, 910.94, accuracy: 0.01)
        XCTAssertEqual(p.damping, 24.145, accuracy: 0.001)
        let s = DampedOscillator(parameters: p, from: 0, to: 1, velocity: 0.5)
        XCTAssertEqual(s.position(at: 0.1), 1.2323, accuracy: 0.0001)
        XCTAssertEqual(s.position(at: 0.3), 1.0014, accuracy: 0.0001)
    }
}
