import Raster

extension Canvas {
    /// How many pixels are within `tolerance` of `color` in each channel: a probe for
    /// "is this drawn" that survives anti-aliasing and a library's rounding.
    public func pixelCount(near color: Color, tolerance: Int = 8) -> Int {
        var found = 0
        for y in 0..<height {
            for x in 0..<width {
                guard let c = self.color(x: x, y: y) else { continue }
                if abs(Int(c.red) - Int(color.red)) <= tolerance && abs(Int(c.green) - Int(color.green)) <= tolerance
                    && abs(Int(c.blue) - Int(color.blue)) <= tolerance {
                    found += 1
                }
            }
        }
        return found
    }
}
