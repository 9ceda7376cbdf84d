import CRasterKernels

extension Canvas {
    /// Fills `rect` (clipped) with an opaque colour. The pixel word is written as-is
    /// (alpha byte included), so a fill also sets the X byte of XRGB8888 memory.
    public func fill(_ rect: IntRect, color: Color) {
        let r = rect.intersection(clip)
        guard !r.isEmpty else { return }
        // A vectorised C loop (AVX-512/AVX2 clones); the stride in pixels (Canvas
        // guarantees stride % 4 == 0).
        cshim_raster_fill(row(r.minY) + r.x, stride / 4, r.width, r.height, color.argb)
    }

    /// Fills every rectangle of `region` (clipped).
    public func fill(_ region: Region, color: Color) {
        for r in region.rects { fill(r, color: color) }
    }
}
