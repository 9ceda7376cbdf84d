import CRasterKernels

extension Canvas {
    /// Draws an 8-bit coverage mask (a glyph) in `color` with its top-left at (x, y):
    /// each pixel becomes color over dst at coverage · color.alpha / 255, correctly
    /// rounded. Clipped to `clip`, so x and y may be negative or run off the edge.
    /// `stride` is the mask's bytes per row (≥ width); a bad size draws nothing.
    /// `tint`: the mask's own `MaskTint`, if it keeps one; it is made on the first draw
    /// over a plain background and used where the destination is that background.
    public func drawMask(_ mask: UnsafePointer<UInt8>, width: Int, height: Int, stride maskStride: Int,
                         x: Int, y: Int, color: Color, tint: MaskTint? = nil) {
        guard width > 0, height > 0, maskStride >= width, color.alpha > 0 else { return }
        let r = IntRect(x: x, y: y, width: width, height: height).intersection(clip)
        guard !r.isEmpty else { return }
        let word = color.argb | 0xFF00_0000, alpha = UInt32(color.alpha)
        // (Through optional chaining: binding the tint to a name cost a retain per glyph.)
        if tint?.draw(mask, width: width, height: height, stride: maskStride, x: x, y: y, into: self, inside: r,
                      color: word, alpha: alpha) == true { return }
        // One C call per glyph: a vectorised loop (AVX2/AVX-512 clones) with the same
        // arithmetic as mixPixel, so the result is bit-identical (MaskKernelTests). The
        // room to the canvas's right edge lets a row's last pixels be mixed in place
        // (pixels past the glyph are rewritten unchanged, never outside the canvas).
        cshim_raster_mask_blit(row(r.minY) + r.x, stride / 4, self.width - r.x, mask + (r.minY - y) * maskStride + (r.x - x), maskStride, r.width, r.height, word, alpha)
    }
}
