import CRasterKernels

/// A glyph mask already drawn in one colour over one plain background, so that drawing it
/// again over that background is a row copy instead of a mix per pixel (on a dense page the
/// mixing arithmetic was most of a glyph's cost). Made on the glyph's first draw over a
/// plain background, for that colour and background; later draws in another colour or over
/// another background mix as before. Exact: a destination row is copied from the tint only
/// when every pixel under the glyph is the background, and the tint is made by the same
/// kernel that mixes (`cshim_raster_mask_blit`), so the bytes are the same either way.
///
/// Tints are a speed-up, never needed: their memory is bounded by a `TintBudget` shared by
/// the masks of one glyph cache, and a tint that would not fit is simply not made (the
/// glyph is mixed as before). One owner per glyph mask; not for use from two threads.
public final class MaskTint {
    /// Pixels per tint row: the glyph's width rounded up to whole 16-pixel vector steps.
    let stride: Int
    /// The mask's size, checked at each draw: a tint serves only the mask it was made for.
    let width: Int, height: Int
    let budget: TintBudget
    private(set) var pixels: UnsafeMutablePointer<UInt32>?
    private(set) var color: UInt32 = 0
    private(set) var alpha: UInt32 = 0
    private(set) var background: UInt32 = 0

    public init(width: Int, height: Int, budget: TintBudget) {
        self.width = width
        self.height = height
        self.budget = budget
        stride = (max(width, 1) + 15) & ~15
    }

    deinit { unmake() }

    /// Bytes the tint holds once made: its rows, and one vector step more, which the last
    /// step of a glyph clipped on its left may read past its last row (lanes it ignores).
    var byteCount: Int { (stride * height + 16) * 4 }

    var isMade: Bool { pixels != nil }

    /// Draws the part `r` (canvas coordinates, inside the clip) of the mask at (x, y) from
    /// the tint where it can, making the tint first over a plain background; false when
    /// the glyph must be mixed instead (another colour or background, no room at the edge,
    /// another mask's size, no room in the budget).
    func draw(_ mask: UnsafePointer<UInt8>, width: Int, height: Int, stride maskStride: Int, x: Int, y: Int,
              into canvas: Canvas, inside r: IntRect, color: UInt32, alpha: UInt32) -> Bool {
        // The tint's vector steps read and write back up to 15 pixels past the glyph: only
        // where the canvas row has them.
        guard width == self.width, height == self.height, canvas.width - r.x >= (r.width + 15) & ~15 else { return false }
        let first = canvas.row(r.minY) + r.x
        let background = first[0]
        if pixels == nil || self.color != color || self.alpha != alpha || self.background != background {
            // Three corners of the glyph's box agree: most likely a plain background. A
            // tint is made for the first such draw; one made for another colour (a link
            // drawn first) or background is made again for this one once it has been
            // asked for `remakeAfter` times running, so the tint follows the body text.
            guard background == first[r.width - 1], background == canvas.row(r.maxY - 1)[r.x] else { return false }
            if pixels != nil {
                mismatches += 1
                guard mismatches >= Self.remakeAfter else { return false }
                unmake()
            }
            make(mask: mask, maskStride: maskStride, color: color, alpha: alpha, background: background)
            guard pixels != nil else { return false }
        }
        if mismatches != 0 { mismatches = 0 }  // (no store per glyph on the usual path)
        cshim_raster_tinted_blit(first, canvas.stride / 4, pixels! + (r.minY - y) * stride + (r.x - x), stride,
                                 mask + (r.minY - y) * maskStride + (r.x - x), maskStride, r.width, r.height,
                                 background, color, alpha)
        return true
    }

    /// Draws in another colour or over another background running before the tint is
    /// made again for them.
    static let remakeAfter = 4
    private var mismatches = 0

    private func unmake() {
        guard let pixels else { return }
        pixels.deallocate()
        self.pixels = nil
        budget.bytes -= byteCount
    }

    /// Draws the whole mask in `color` over `background` into the tint, if the budget has room.
    func make(mask: UnsafePointer<UInt8>, maskStride: Int, color: UInt32, alpha: UInt32, background: UInt32) {
        guard budget.bytes + byteCount <= budget.limit else { return }
        let pixels = UnsafeMutablePointer<UInt32>.allocate(capacity: stride * height + 16)
        cshim_raster_fill(pixels, stride, stride, height, background)
        (pixels + stride * height).initialize(repeating: background, count: 16)
        cshim_raster_mask_blit(pixels, stride, stride, mask, maskStride, width, height, color, alpha)
        budget.bytes += byteCount
        self.pixels = pixels
        self.color = color
        self.alpha = alpha
        self.background = background
    }
}

/// The memory the tints of one glyph cache's masks may hold together (their masks' own
/// budget is the cache's). Over it, new glyphs are mixed instead of tinted; a tint's bytes
/// come back when its mask is evicted.
public final class TintBudget {
    public let limit: Int
    public internal(set) var bytes = 0

    public init(limit: Int) { self.limit = limit }
}
