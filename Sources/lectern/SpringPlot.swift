import Raster
import Spring

/// Draws a spring's curve to a PNG: position over time until it settles.
enum SpringPlot {
    static func write(spring: DampedOscillator, to path: String) throws {
        // Plot until the spring is at rest (to 1% of the travel), at most 5 s.
        let travel = max(abs(spring.target - spring.position(at: 0)), 1e-9)
        var end = 0.1
        while end < 5, !spring.isAtRest(at: end, positionTolerance: travel * 0.01, velocityTolerance: travel * 0.05) {
            end += 0.1
        }
        let count = 600
        let samples = (0...count).map { i -> Point in
            let t = end * Double(i) / Double(count)
            return Point(x: t, y: spring.position(at: t))
        }
        do {
            let bitmap = try LinePlot().render(samples: samples, reference: spring.target, baseline: spring.position(at: 0))
            try PNGEncoder.write(canvas: bitmap.canvas, to: path)
        } catch let error as PNGError {
            throw PNGError("--plot: \(error.description)")
        }
    }
}
