import CPixman

/// A picture shown larger than its own size, made with the source read one row at a
/// time, in order: the pixels `Image.scaled` gives (pixman's bilinear filter, edges
/// repeating their last pixel), row for row, without the picture ever existing whole at
/// either size. A band of a tall picture then costs the source rows down to it (read)
/// and its own rows (scaled); a photograph shown 1.5× across a 1080-px screen (4.4 MB)
/// is held in bands like one shown smaller, and a decode of its bands allocates neither
/// the whole picture nor its enlargement.
///
/// Memory beyond the output: a window of `windowRows` source rows and `batchRows`
/// output rows.
struct BilinearRows {
    let sourceWidth: Int, sourceHeight: Int
    let width: Int, height: Int
    /// Source rows held at once; a batch of output rows reads from these only.
    static let windowRows = 32
    /// Output rows scaled in one pixman call.
    static let batchRows = 16

    /// The output must not be smaller than the source on either side.
    init(sourceWidth: Int, sourceHeight: Int, width: Int, height: Int) {
        precondition(width >= sourceWidth && height >= sourceHeight && sourceWidth > 0 && sourceHeight > 0)
        self.sourceWidth = sourceWidth; self.sourceHeight = sourceHeight
        self.width = width; self.height = height
    }

    /// The source rows output row `y` samples, with one more on each side: pixman
    /// samples row ⌊v⌋ and the next, v being the row's centre mapped into the source
    /// less half a pixel, in its 16.16 arithmetic (`pixman_transform_point_3d`).
    func sourceRows(of y: Int, scale: pixman_fixed_t) -> ClosedRange<Int> {
        let scale = Int(scale)
        let centre = (scale * 0x8000 + 0x8000) >> 16
        let top = (scale * y + centre - 0x8000) >> 16
        return max(0, top - 1)...min(sourceHeight - 1, top + 2)
    }

    /// Output rows `computing` only, each stored where `destination(o)` says, then
    /// `finished(o)` told. `read(y, row)` reads source row y, premultiplied ARGB32, into
    /// `row` (`sourceWidth` words), or only past it when `row` is nil; it is called for
    /// rows 0, 1, … in order, none more than one below the last the computed rows
    /// sample. An error it throws ends the run.
    func run(read: (Int, UnsafeMutablePointer<UInt32>?) throws -> Void, computing: Range<Int>,
             into destination: (Int) -> UnsafeMutablePointer<UInt32>, finished: (Int) -> Void = { _ in }) throws {
        let computing = computing.clamped(to: 0..<height)
        guard !computing.isEmpty else { return }
        let capacity = min(Self.windowRows, sourceHeight), batch = Self.batchRows
        let window = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity * sourceWidth)
        let out = UnsafeMutablePointer<UInt32>.allocate(capacity: batch * width)
        defer { window.deallocate(); out.deallocate() }
        let scaleX = pixmanFixed(Double(sourceWidth) / Double(width)), scaleY = pixmanFixed(Double(sourceHeight) / Double(height))
        // The window holds source rows [top, top + count); the next row read is top + count.
        var top = 0, count = 0
        var y = computing.lowerBound
        while y < computing.upperBound {
            let low = sourceRows(of: y, scale: scaleY).lowerBound
            if low > top {
                let drop = min(count, low - top)
                if drop < count {
                    UnsafeMutableRawPointer(window).copyMemory(from: window + drop * sourceWidth, byteCount: (count - drop) * sourceWidth * 4)
                }
                top += drop; count -= drop
                while top < low { try read(top, nil); top += 1 }
            }
            var end = y + 1
            while end < computing.upperBound, end - y < batch, sourceRows(of: end, scale: scaleY).upperBound < top + capacity { end += 1 }
            let last = sourceRows(of: end - 1, scale: scaleY).upperBound
            while top + count <= last {
                try read(top + count, window + count * sourceWidth)
                count += 1
            }
            try scale(window: window, top: top, count: count, rows: y..<end, into: out, scaleX: scaleX, scaleY: scaleY)
            for o in y..<end {
                destination(o).update(from: out + (o - y) * width, count: width)
                finished(o)
            }
            y = end
        }
    }

    /// Output rows `rows` into `out` from source rows [top, top + count): the whole
    /// picture's transform, moved up by `top` source rows (a whole number of pixels, so
    /// every sample lands where it does in the whole picture).
    private func scale(window: UnsafeMutablePointer<UInt32>, top: Int, count: Int, rows: Range<Int>,
                       into out: UnsafeMutablePointer<UInt32>, scaleX: pixman_fixed_t, scaleY: pixman_fixed_t) throws {
        guard let src = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(sourceWidth), Int32(count), window, Int32(sourceWidth * 4)),
              let dst = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(width), Int32(rows.count), out, Int32(width * 4))
        else { throw ImageError("cannot scale a \(sourceWidth)x\(sourceHeight) picture to \(width)x\(height): pixman refused the rows") }
        defer { pixman_image_unref(src); pixman_image_unref(dst) }
        var transform = pixman_transform()
        pixman_transform_init_scale(&transform, scaleX, scaleY)
        transform.matrix.1.2 = pixman_fixed_t(-top * 65536)
        pixman_image_set_transform(src, &transform)
        // At the picture's own top and bottom the window's edge is the picture's: the
        // padding repeats the same row there as for the whole picture.
        pixman_image_set_repeat(src, PIXMAN_REPEAT_PAD)
        pixman_image_set_filter(src, PIXMAN_FILTER_BILINEAR, nil, 0)
        pixman_image_composite32(PIXMAN_OP_SRC, src, nil, dst, 0, Int32(rows.lowerBound), 0, 0, 0, 0, Int32(width), Int32(rows.count))
    }
}
