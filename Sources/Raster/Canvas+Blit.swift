#if canImport(Glibc)
import Glibc
#endif

extension Canvas {
    /// Copies `from` (a rectangle of `source`) so that its top-left lands at (x, y) here
    /// (SRC: pixels replace what was there). Both sides are clipped: the source to its
    /// bounds, the destination to `clip`. Source and destination may share memory.
    public func blit(_ source: Canvas, from: IntRect, toX x: Int, y: Int) {
        let src = from.intersection(source.bounds)
        guard !src.isEmpty else { return }
        // Where the clipped source lands, then clip that to our clip.
        let landed = IntRect(x: x + (src.x - from.x), y: y + (src.y - from.y), width: src.width, height: src.height)
        let dst = landed.intersection(clip)
        guard !dst.isEmpty else { return }
        let sx = src.x + (dst.x - landed.x), sy = src.y + (dst.y - landed.y)
        let bytes = dst.width * 4
        // memmove per row, ordered so an overlapping copy within one buffer never reads
        // a row it already overwrote.
        let downwards = source.base + sy * source.stride < base + dst.y * stride
        for i in 0..<dst.height {
            let k = downwards ? dst.height - 1 - i : i
            let s = source.base + (sy + k) * source.stride + sx * 4
            let d = base + (dst.y + k) * stride + dst.x * 4
            memmove(d, s, bytes)
        }
    }

    /// Moves the pixels of `rect` by (dx, dy) within this canvas (the source may overlap
    /// the destination: scrolling). Pixels the move uncovers keep their old values; the
    /// caller fills the exposed strip. Clipped like `blit`.
    public func move(_ rect: IntRect, dx: Int, dy: Int) {
        guard dx != 0 || dy != 0 else { return }
        blit(self, from: rect, toX: rect.x + dx, y: rect.y + dy)
    }
}
