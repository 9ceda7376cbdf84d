import CRasterKernels
import Raster

/// The menu fade's two mixes written straight into a scan-out buffer with streaming
/// stores: the same kernels and bytes as `Canvas.composite(_:over:alpha:rect:)` and
/// `Canvas.blend(color:alpha:over:rect:)`, but the destination (write-combined memory)
/// is written once and never read, and the page and layer stay in the cache.
enum DirectCompose {
    /// dst = a · layer + (1 − a) · base over `rect`; `alpha` in 1/255 steps.
    static func composite(_ layer: Canvas, over base: Canvas, into dst: Canvas, alpha: Int, rect: IntRect) {
        let r = rect.intersection(dst.bounds).intersection(layer.bounds).intersection(base.bounds)
        guard !r.isEmpty else { return }
        for y in r.minY..<r.maxY {
            cshim_raster_mix_bytes_stream(bytes(dst, r.x, y), UnsafePointer(bytes(layer, r.x, y)), UnsafePointer(bytes(base, r.x, y)),
                                          r.width * 4, UInt32(alpha))
        }
    }

    /// dst = a · color + (1 − a) · base over `rect`, reading only `base`.
    static func blend(color: Color, over base: Canvas, into dst: Canvas, alpha: Int, rect: IntRect) {
        let r = rect.intersection(dst.bounds).intersection(base.bounds)
        guard !r.isEmpty else { return }
        let word = color.argb | 0xFF00_0000
        for y in r.minY..<r.maxY {
            cshim_raster_mix_color_bytes_stream(bytes(dst, r.x, y), UnsafePointer(bytes(base, r.x, y)), r.width * 4, word, UInt32(alpha))
        }
    }

    /// Streaming stores are weakly ordered: finish them before the frame is presented.
    static func finish() { cshim_raster_stream_fence() }

    private static func bytes(_ c: Canvas, _ x: Int, _ y: Int) -> UnsafeMutablePointer<UInt8> {
        UnsafeMutableRawPointer(c.row(y) + x).assumingMemoryBound(to: UInt8.self)
    }
}
