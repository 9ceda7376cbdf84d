import Raster
import Spring

/// Draws a spring's curve to a PNG: position over time until it settles.
enum SpringPlot {
    /// When the spring is at rest (to 1% of the travel), in steps of 0.1 s, at most 5 s:
    /// how far the plot (and, without --times, the printed samples) go.
    static func settleTime(_ spring: DampedOscillator) -> Double {
        let travel = max(abs(spring.target - spring.position(at: 0)), 1e-9)
        var end = 0.1
        while end < 5, !spring.isAtRest(at: end, positionTolerance: travel * 0.01, velocityTolerance: travel * 0.05) {
            end += 0.1
        }
        return end
    }

    static func write(spring: DampedOscillator, to path: String) throws {
        let end = settleTime(spring)
        let count = 600
        let samples = (0...count).map { i -> Point in
            let t = end * Double(i) / Double(count)
            return Point(x: t, y: spring.position(at: t))
        }
        let bitmap = try LinePlot().render(samples: samples, reference: spring.target, baseline: spring.position(at: 0))
        try withExtendedLifetime(bitmap) { try writePNG(bitmap.canvas, to: path, option: "--plot") }
    }
}
