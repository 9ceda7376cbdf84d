// Anti-aliased thick lines (plots, outlines). Coverage of a pixel is estimated from the
// distance d of its centre to the segment: clamp(width/2 + 0.5 − d), the same "area
// over one pixel" rule as the shapes, capped at the line width for hairlines.

/// A point in canvas pixels (fractional).
public struct Point: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
}

/// Coverage of the pixel centred at (px, py) by a round-capped segment a–b.
@inline(__always)
func segmentCoverage(px: Double, py: Double, a: Point, b: Point, halfWidth: Double, cap: Double) -> Double {
    let vx = b.x - a.x, vy = b.y - a.y
    let wx = px - a.x, wy = py - a.y
    let len2 = vx * vx + vy * vy
    let t = len2 > 0 ? min(max((wx * vx + wy * vy) / len2, 0), 1) : 0
    let dx = wx - t * vx, dy = wy - t * vy
    let d = (dx * dx + dy * dy).squareRoot()
    return min(max(halfWidth + 0.5 - d, 0), cap)
}

extension Canvas {
    /// Strokes a segment with round caps, `width` pixels wide.
    public func strokeLine(x0: Double, y0: Double, x1: Double, y1: Double, width: Double, color: Color, alpha: Double = 1) {
        strokePolyline([Point(x: x0, y: y0), Point(x: x1, y: y1)], width: width, color: color, alpha: alpha)
    }

    /// Strokes connected segments with round joins and caps. Each pixel is blended once
    /// with the largest coverage any segment gives it, so joins do not darken. Allocates
    /// a coverage buffer the size of the drawn area (for plots, not per-frame use).
    public func strokePolyline(_ points: [Point], width: Double, color: Color, alpha: Double = 1) {
        let opacity = min(max(alpha, 0), 1) * Double(color.alpha) / 255
        guard points.count >= 1, width.isFinite, width > 0, opacity > 0,
              points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return }
        let half = width / 2, reach = half + 1
        var box = IntRect.zero
        for p in points {
            box = box.union(IntRect.enclosing(x: p.x - reach, y: p.y - reach, width: 2 * reach, height: 2 * reach))
        }
        box = box.intersection(clip)
        guard !box.isEmpty else { return }
        var coverage = [Float](repeating: 0, count: box.width * box.height)
        let cap = min(width, 1)
        coverage.withUnsafeMutableBufferPointer { cov in
            let segments = points.count == 1 ? [(points[0], points[0])] : Array(zip(points, points.dropFirst()))
            for (a, b) in segments {
                let s = IntRect.enclosing(x: min(a.x, b.x) - reach, y: min(a.y, b.y) - reach,
                                          width: abs(b.x - a.x) + 2 * reach, height: abs(b.y - a.y) + 2 * reach)
                    .intersection(box)
                guard !s.isEmpty else { continue }
                for py in s.minY..<s.maxY {
                    let base = (py - box.y) * box.width - box.x
                    for px in s.minX..<s.maxX {
                        let c = Float(segmentCoverage(px: Double(px) + 0.5, py: Double(py) + 0.5, a: a, b: b, halfWidth: half, cap: cap))
                        if c > cov[base + px] { cov[base + px] = c }
                    }
                }
            }
        }
        let word = color.argb | 0xFF00_0000
        for py in box.minY..<box.maxY {
            let line = row(py)
            let base = (py - box.y) * box.width - box.x
            for px in box.minX..<box.maxX {
                let a = UInt32(alpha8(Double(coverage[base + px]) * opacity))
                if a == 255 { line[px] = word } else if a > 0 { line[px] = mixPixel(word, line[px], a) }
            }
        }
    }
}
