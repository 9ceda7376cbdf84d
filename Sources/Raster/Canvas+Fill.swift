import CPixman

extension Canvas {
    /// Fills `rect` (clipped) with an opaque colour. The pixel word is written as-is
    /// (alpha byte included), so a fill also sets the X byte of XRGB8888 memory.
    public func fill(_ rect: IntRect, color: Color) {
        let r = rect.intersection(clip)
        guard !r.isEmpty else { return }
        let word = color.argb
        // pixman's solid fill has SSE2/NEON paths; it needs the stride in 32-bit words
        // (Canvas guarantees stride % 4 == 0) and reports false for formats it lacks.
        let bits = base.assumingMemoryBound(to: UInt32.self)
        if pixman_fill(bits, Int32(stride / 4), 32, Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height), word) != 0 {
            return
        }
        for y in r.minY..<r.maxY {
            (row(y) + r.x).update(repeating: word, count: r.width)
        }
    }

    /// Fills every rectangle of `region` (clipped).
    public func fill(_ region: Region, color: Color) {
        for r in region.rects { fill(r, color: color) }
    }
}
