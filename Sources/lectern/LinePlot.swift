import Raster

/// A simple chart of y over x (the spring curve for whoever tunes the feel): white
/// background, axes, a thin dashed reference line, the curve as a thick anti-aliased
/// polyline. No text: the caller prints the numbers.
public struct LinePlot {
    public var width = 800
    public var height = 400
    public var margin = 24
    public var curveColor = Color(red: 0x1F, green: 0x5F, blue: 0xD0)
    public var axisColor = Color(red: 0x40, green: 0x40, blue: 0x40)
    public var referenceColor = Color(red: 0xD0, green: 0x30, blue: 0x30)

    public init() {}

    /// Draws `samples` (x ascending) with a dashed horizontal line at `reference` and
    /// the x axis at y = `baseline`. The y range covers samples, reference and baseline.
    public func render(samples: [Point], reference: Double, baseline: Double) throws -> Bitmap {
        guard samples.count >= 2, samples.allSatisfy({ $0.x.isFinite && $0.y.isFinite }),
              reference.isFinite, baseline.isFinite else {
            throw PNGError("a plot needs at least two finite samples")
        }
        let bitmap = try Bitmap(width: width, height: height)
        let canvas = bitmap.canvas
        canvas.fill(canvas.bounds, color: .white)
        let xs = samples.map(\.x), ys = samples.map(\.y) + [reference, baseline]
        let x0 = xs.min()!, x1 = xs.max()!
        var y0 = ys.min()!, y1 = ys.max()!
        let pad = max((y1 - y0) * 0.08, 1e-9)
        y0 -= pad; y1 += pad
        let left = Double(margin), right = Double(width - margin)
        let top = Double(margin), bottom = Double(height - margin)
        func px(_ x: Double) -> Double { x1 > x0 ? left + (x - x0) / (x1 - x0) * (right - left) : left }
        func py(_ y: Double) -> Double { bottom - (y - y0) / (y1 - y0) * (bottom - top) }

        // Axes: y axis at the left, x axis at the baseline.
        canvas.strokeLine(x0: left, y0: top, x1: left, y1: bottom, width: 1.5, color: axisColor)
        canvas.strokeLine(x0: left, y0: py(baseline), x1: right, y1: py(baseline), width: 1.5, color: axisColor)
        // Dashed reference (the target), 8 px on, 6 off.
        var dash = left
        while dash < right {
            canvas.strokeLine(x0: dash, y0: py(reference), x1: min(dash + 8, right), y1: py(reference), width: 1, color: referenceColor)
            dash += 14
        }
        canvas.strokePolyline(samples.map { Point(x: px($0.x), y: py($0.y)) }, width: 3, color: curveColor)
        return bitmap
    }
}
