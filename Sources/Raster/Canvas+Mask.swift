extension Canvas {
    /// Draws an 8-bit coverage mask (a glyph) in `color` with its top-left at (x, y):
    /// each pixel becomes color over dst at coverage · color.alpha / 255, correctly
    /// rounded. Clipped to `clip`, so x and y may be negative or run off the edge.
    /// `stride` is the mask's bytes per row (≥ width); a bad size draws nothing.
    public func drawMask(_ mask: UnsafePointer<UInt8>, width: Int, height: Int, stride maskStride: Int,
                         x: Int, y: Int, color: Color) {
        guard width > 0, height > 0, maskStride >= width, color.alpha > 0 else { return }
        let r = IntRect(x: x, y: y, width: width, height: height).intersection(clip)
        guard !r.isEmpty else { return }
        let word = color.argb | 0xFF00_0000
        let ca = UInt32(color.alpha)
        for py in r.minY..<r.maxY {
            let m = mask + (py - y) * maskStride + (r.x - x)
            let line = row(py) + r.x
            for i in 0..<r.width {
                let cov = UInt32(m[i])
                if cov == 0 { continue }
                let a = ca == 255 ? cov : div255(cov &* ca)
                line[i] = a == 255 ? word : mixPixel(word, line[i], a)
            }
        }
    }
}
