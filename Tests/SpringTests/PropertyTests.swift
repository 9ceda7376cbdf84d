import XCTest
@testable import Spring

final class PropertyTests: XCTestCase {
    /// From `restsForGood` on, the rest test holds at every time checked (so a caller may
    /// skip it), and the bound is useful: a pull dot's spring rests for good within 2 s.
    func testRestsForGoodIsNeverEarly() {
        let springs = [SpringParameters(uikitDuration: 0.5, dampingRatio: 0.4, relativeVelocity: 0.5),
                       SpringParameters(uikitDuration: 0.3, dampingRatio: 1.6, relativeVelocity: 0),
                       SpringParameters(uikitDuration: 1.0, dampingRatio: 0.1, relativeVelocity: 0)]
        for parameters in springs {
            for (from, to, velocity) in [(0.0, 1.0, 0.5), (1.0, 0.0, -3.0), (0.4, 1.0, 7.0), (2.0, 2.0, 0.0)] {
                let oscillator = DampedOscillator(parameters: parameters, from: from, to: to, velocity: velocity)
                let good = oscillator.restsForGood(positionTolerance: 0.002, velocityTolerance: 0.02)
                XCTAssertLessThan(good, 20, "\(parameters) \(from) -> \(to)")
                for step in 0..<2000 {
                    let t = max(0, good) + Double(step) / 400
                    XCTAssertTrue(oscillator.isAtRest(at: t, positionTolerance: 0.002, velocityTolerance: 0.02), "\(parameters) t = \(t)")
                }
            }
        }
        let dot = DampedOscillator(parameters: SpringParameters(uikitDuration: 0.5, dampingRatio: 0.4, relativeVelocity: 0.5),
                                   from: 0, to: 1, velocity: 0.5)
        XCTAssertLessThan(dot.restsForGood(positionTolerance: 0.002, velocityTolerance: 0.02), 2)
    }

    /// `motion(at:)` (one evaluation for a frame) answers exactly what `displacement(at:)`
    /// and `velocity(at:)` answer, bit for bit, for under-, over- and critically damped
    /// springs, and `SpringAnimation.state` agrees with `value` and `isAtRest`.
    func testMotionIsDisplacementAndVelocityExactly() {
        let springs = [SpringParameters(uikitDuration: 0.5, dampingRatio: 0.4, relativeVelocity: 0.5),
                       SpringParameters(uikitDuration: 0.5, dampingRatio: 1, relativeVelocity: 0),
                       SpringParameters(uikitDuration: 0.3, dampingRatio: 1.6, relativeVelocity: 0)]
        for parameters in springs {
            let oscillator = DampedOscillator(parameters: parameters, from: 0, to: 1, velocity: 2.5)
            let animation = SpringAnimation(parameters: parameters, from: 0, to: 1, velocity: 2.5, time: 3)
            for step in 0..<400 {
                let t = Double(step) / 200
                let motion = oscillator.motion(at: t)
                XCTAssertEqual(motion.displacement.bitPattern, oscillator.displacement(at: t).bitPattern, "\(parameters) t = \(t)")
                XCTAssertEqual(motion.velocity.bitPattern, oscillator.velocity(at: t).bitPattern, "\(parameters) t = \(t)")
                let state = animation.state(at: 3 + t, positionTolerance: 0.002, velocityTolerance: 0.02)
                XCTAssertEqual(state.value.bitPattern, animation.value(at: 3 + t).bitPattern)
                XCTAssertEqual(state.atRest, animation.isAtRest(at: 3 + t, positionTolerance: 0.002, velocityTolerance: 0.02))
            }
        }
    }

    /// From rest (or moving away from the target) a critically damped spring never
    /// passes its target. (A strong push towards the target may cross it once: that is
    /// physics, not overshoot ringing; see the next test.)
    func testCriticallyDampedNeverOvershoots() {
        for k in [10.0, 100, 341.02, 1000] {
            for v in [0.0, -200, -2000] {
                let s = DampedOscillator(parameters: .init(stiffness: k, dampingRatio: 1), from: 0, to: 500, velocity: v)
                let peak = stride(from: 0.0, to: 5, by: 0.001).map(s.position(at:)).max()!
                XCTAssertLessThanOrEqual(peak, 500 + 1e-9, "k \(k) v \(v)")
            }
        }
    }

    func testCriticallyDampedCrossesTargetAtMostOnce() {
        let s = DampedOscillator(parameters: .init(stiffness: 10, dampingRatio: 1), from: 0, to: 500, velocity: 2000)
        let signs = stride(from: 0.0, to: 10, by: 0.001).map { s.displacement(at: $0) > 0 }
        let crossings = zip(signs, signs.dropFirst()).filter { $0 != $1 }.count
        XCTAssertEqual(crossings, 1)
    }

    func testUnderDampedOvershoots() {
        let s = DampedOscillator(parameters: .init(stiffness: 100, dampingRatio: 0.4), from: 0, to: 500)
        let peak = stride(from: 0.0, to: 2, by: 0.001).map(s.position(at:)).max()!
        XCTAssertGreaterThan(peak, 500)
    }

    func testVelocityIsDerivativeOfPosition() {
        for zeta in [0.25, 1, 1.25] {
            let s = DampedOscillator(parameters: .init(stiffness: 150, dampingRatio: zeta), from: 20, to: -80, velocity: 300)
            for t in stride(from: 0.0, to: 1.5, by: 0.1) {
                let h = 1e-6
                let numeric = (s.position(at: t + h) - s.position(at: t - h)) / (2 * h)
                XCTAssertEqual(s.velocity(at: t), numeric, accuracy: 1e-3, "ζ \(zeta) t \(t)")
            }
        }
    }

    func testRetargetKeepsPositionAndVelocityContinuous() {
        var a = SpringAnimation(parameters: SpringParameters(uikitDuration: 0.5, dampingRatio: 0.4), from: 0, to: 1, velocity: 0.5, time: 10)
        let t = 10.137
        let x = a.value(at: t), v = a.velocity(at: t)
        a.retarget(to: 0, at: t)
        XCTAssertEqual(a.value(at: t), x, accuracy: 1e-12)
        XCTAssertEqual(a.velocity(at: t), v, accuracy: 1e-9)
        XCTAssertEqual(a.target, 0)
        XCTAssertTrue(a.isAtRest(at: t + 5))
        XCTAssertEqual(a.value(at: t + 5), 0, accuracy: 1e-3)
    }

    func testRetargetFromRestUsesRelativeVelocity() {
        var a = SpringAnimation(parameters: SpringParameters(uikitDuration: 0.5, dampingRatio: 0.4, relativeVelocity: 0.5), value: 0, time: 0)
        a.retarget(to: 1, at: 2, relativeVelocityFromRest: 0.5)
        XCTAssertEqual(a.velocity(at: 2), 0.5, accuracy: 1e-12)
        XCTAssertEqual(a.value(at: 2.1), 1.2323, accuracy: 1e-4)
        // Mid-flight: keeps the current velocity instead.
        let v = a.velocity(at: 2.05)
        a.retarget(to: 0, at: 2.05, relativeVelocityFromRest: 0.5)
        XCTAssertEqual(a.velocity(at: 2.05), v, accuracy: 1e-9)
    }

    func testDecayIntegralMatchesClosedForm() {
        let d = ScrollDecay(from: 40, velocity: -2500)
        var x = 40.0
        let dt = 1e-5
        var t = 0.0
        while t < 1.0 - dt / 2 {
            x += d.velocity(at: t + dt / 2) * dt // midpoint rule
            t += dt
        }
        XCTAssertEqual(x, d.position(at: 1.0), accuracy: 1e-4)
        XCTAssertEqual(d.velocity(at: 1.0), -2500 * pow(0.998, 1000), accuracy: 1e-9)
    }

    func testDecayTimeToRestAndReach() {
        let d = ScrollDecay(from: 0, velocity: 1000)
        let t = d.timeToRest(threshold: 1)
        XCTAssertEqual(abs(d.velocity(at: t)), 1, accuracy: 1e-9)
        let reach = d.time(toReach: 300)!
        XCTAssertEqual(d.position(at: reach), 300, accuracy: 1e-9)
        XCTAssertNil(d.time(toReach: 600)) // beyond the rest position
    }

    func testRubberBandInverseAndClamp() {
        for x in [-500.0, -3, 0, 7, 120, 2000] {
            XCTAssertEqual(RubberBand.unresisted(RubberBand.resisted(x, dimension: 800), dimension: 800), x, accuracy: 1e-6)
        }
        XCTAssertEqual(RubberBand.clamp(50, to: 0...100, dimension: 800), 50)
        XCTAssertEqual(RubberBand.clamp(-100, to: 0...100, dimension: 800), RubberBand.resisted(-100, dimension: 800), accuracy: 1e-12)
        XCTAssertLessThan(RubberBand.resisted(1e9, dimension: 800), 800)
    }

    func testRestTest() {
        let s = DampedOscillator(parameters: .init(stiffness: 100, dampingRatio: 1), from: 0, to: 500)
        XCTAssertFalse(s.isAtRest(at: 0.5))
        XCTAssertTrue(s.isAtRest(at: 3))
    }
}
