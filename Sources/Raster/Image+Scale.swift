import CPixman
import CRasterKernels
#if canImport(Glibc)
import Glibc
#endif

extension Image {
    /// A resized copy, for icons (done once and cached by the caller, not per frame).
    /// Downscaling averages the source area under each destination pixel (pixman's
    /// separable convolution with box reconstruction and box sampling), so thin lines
    /// neither vanish nor alias; upscaling is bilinear. Edges repeat their last pixel.
    public func scaled(width: Int, height: Int) throws -> Image {
        guard width > 0, height > 0, width < 1 << 15, height < 1 << 15 else {
            throw Canvas.Error.invalidSize(width: width, height: height)
        }
        let out = try Bitmap(width: width, height: height)
        guard let src = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(self.width), Int32(self.height),
                                                 bitmap.base.assumingMemoryBound(to: UInt32.self), Int32(bitmap.stride)),
              let dst = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(width), Int32(height),
                                                 out.base.assumingMemoryBound(to: UInt32.self), Int32(out.stride))
        else { throw PNGError("cannot scale a \(self.width)x\(self.height) image: pixman refused the pixels") }
        defer { pixman_image_unref(src); pixman_image_unref(dst) }

        let sx = Double(self.width) / Double(width), sy = Double(self.height) / Double(height)
        var transform = pixman_transform()
        pixman_transform_init_scale(&transform, pixmanFixed(sx), pixmanFixed(sy))
        pixman_image_set_transform(src, &transform)
        pixman_image_set_repeat(src, PIXMAN_REPEAT_PAD)
        if sx > 1 || sy > 1 {
            var count: Int32 = 0
            // Box reconstruction + box sampling = area averaging over the footprint.
            guard let params = pixman_filter_create_separable_convolution(
                &count, pixmanFixed(max(sx, 1)), pixmanFixed(max(sy, 1)),
                PIXMAN_KERNEL_BOX, PIXMAN_KERNEL_BOX, PIXMAN_KERNEL_BOX, PIXMAN_KERNEL_BOX, 4, 4)
            else { throw PNGError("cannot scale a \(self.width)x\(self.height) image: no filter memory") }
            defer { free(params) }
            pixman_image_set_filter(src, PIXMAN_FILTER_SEPARABLE_CONVOLUTION, params, count)
        } else {
            pixman_image_set_filter(src, PIXMAN_FILTER_BILINEAR, nil, 0)
        }
        pixman_image_composite32(PIXMAN_OP_SRC, src, nil, dst, 0, 0, 0, 0, 0, 0, Int32(width), Int32(height))
        return Image(bitmap: out)
    }
}

/// `value` in pixman's 16.16 fixed point, rounded to the nearest: the one rounding every
/// scale in Raster uses, so a picture enlarged a few rows at a time (`BilinearRows`) samples
/// where `Image.scaled` does.
func pixmanFixed(_ value: Double) -> pixman_fixed_t { pixman_fixed_t((value * 65536).rounded()) }

extension Canvas {
    /// Draws `image` with its top-left at (x, y), OVER the canvas, its own alpha times
    /// `alpha` (premultiplied source: dst = s·a + dst·(1 − sα·a), rounded per channel).
    /// Clipped to `clip`. The result is opaque (XRGB).
    public func drawImage(_ image: Image, x: Int, y: Int, alpha: Double = 1) {
        let a = UInt32(alpha8(alpha))
        let r = IntRect(x: x, y: y, width: image.width, height: image.height).intersection(clip)
        guard !r.isEmpty, a > 0 else { return }
        let src = image.canvas
        if a == 255, image.isOpaque {
            // Every pixel opaque (found once when the picture was made): OVER is a copy,
            // one pass over the picture's rows instead of checking their alphas first.
            for py in r.minY..<r.maxY {
                (row(py) + r.x).update(from: src.row(py - y) + (r.x - x), count: r.width)
            }
            return
        }
        if a == 255 {
            // A C loop that copies opaque runs (a photograph) whole: the same arithmetic.
            cshim_raster_over(row(r.minY) + r.x, stride / 4, src.row(r.minY - y) + (r.x - x), src.stride / 4, r.width, r.height)
            return
        }
        for py in r.minY..<r.maxY {
            let s = src.row(py - y) + (r.x - x)
            let d = row(py) + r.x
            for i in 0..<r.width {
                var p = s[i]
                if a != 255 { p = mixPixel(p, 0, a) }
                let pa = p >> 24
                if pa == 0 { continue }
                d[i] = pa == 255 ? p : (p &+ mixPixel(d[i], 0, 255 - pa)) | 0xFF00_0000
            }
        }
    }
}
