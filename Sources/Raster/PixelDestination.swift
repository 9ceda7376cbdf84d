import CRasterKernels

/// Where a frame's pixels are written: ordinary cached memory (a canvas, read and written
/// freely) or write-only memory (a scan-out buffer: write-combined, so it is written once,
/// in order, with streaming stores, and never read: reads from it are 10-100× slower).
///
/// Row operations take the pixels they combine from cached canvases and write them here;
/// a write-only destination uses the streaming kernels. Whoever handed out a write-only
/// destination fences the stores before the frame is shown (`WriteOnlyCanvas.finish`).
public enum PixelDestination {
    case cached(Canvas)
    case writeOnly(WriteOnlyCanvas)

    public var bounds: IntRect {
        switch self {
        case let .cached(c): c.bounds
        case let .writeOnly(w): w.bounds
        }
    }

    var canvas: Canvas {
        switch self {
        case let .cached(c): c
        case let .writeOnly(w): w.canvas
        }
    }

    public var isWriteOnly: Bool { if case .writeOnly = self { true } else { false } }

    /// Row `y`, pixels [from, to): a · color + (1 − a) · under (alpha in 1/255 steps).
    public func mixColor(y: Int, from: Int, to: Int, color: UInt32, alpha: UInt32, over under: Canvas) {
        guard from < to else { return }
        let d = Self.bytes(canvas, from, y), p = UnsafePointer(Self.bytes(under, from, y))
        if isWriteOnly {
            cshim_raster_mix_color_bytes_stream(d, p, (to - from) * 4, color, alpha)
        } else {
            cshim_raster_mix_color_bytes(d, p, (to - from) * 4, color, alpha)
        }
    }

    /// Row `y`, pixels [from, to): a · layer + (1 − a) · under, the layer's pixel for
    /// screen x being layer's (x − layerX, y − layerY).
    public func mix(y: Int, from: Int, to: Int, layer: Canvas, layerX: Int, layerY: Int, alpha: UInt32, over under: Canvas) {
        guard from < to else { return }
        let d = Self.bytes(canvas, from, y), l = UnsafePointer(Self.bytes(layer, from - layerX, y - layerY))
        let p = UnsafePointer(Self.bytes(under, from, y))
        if isWriteOnly {
            cshim_raster_mix_bytes_stream(d, l, p, (to - from) * 4, alpha)
        } else {
            cshim_raster_mix_bytes(d, l, p, (to - from) * 4, alpha)
        }
    }

    /// `source`'s pixels in `rect` copied to the same place.
    public func copy(from source: Canvas, rect: IntRect) {
        switch self {
        case let .cached(c): c.blit(source, from: rect, toX: rect.x, y: rect.y)
        case let .writeOnly(w): w.copyRows(from: source, sourceX: rect.x, sourceY: rect.y, to: rect)
        }
    }

    static func bytes(_ c: Canvas, _ x: Int, _ y: Int) -> UnsafeMutablePointer<UInt8> {
        UnsafeMutableRawPointer(c.row(y) + x).assumingMemoryBound(to: UInt8.self)
    }
}

/// A canvas over write-only memory (a scan-out buffer's picture): it offers only writes,
/// with streaming stores, so nothing can read it by mistake.
public struct WriteOnlyCanvas {
    let canvas: Canvas

    public init(_ canvas: Canvas) { self.canvas = canvas }

    public var width: Int { canvas.width }
    public var height: Int { canvas.height }
    public var bounds: IntRect { canvas.bounds }

    /// Copies `source`'s pixels from (sourceX, sourceY) on into `rect`, row by row.
    public func copyRows(from source: Canvas, sourceX: Int, sourceY: Int, to rect: IntRect) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty, sourceX >= 0, sourceY >= 0, sourceX + r.width <= source.width, sourceY + r.height <= source.height else { return }
        cshim_raster_stream_copy_rows(PixelDestination.bytes(canvas, r.x, r.y), canvas.stride,
                                      UnsafePointer(PixelDestination.bytes(source, sourceX + (r.x - rect.x), sourceY + (r.y - rect.y))),
                                      source.stride, r.width * 4, r.height)
    }

    /// Sets `rect` to `color`, row by row.
    public func fill(_ rect: IntRect, color: Color) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        cshim_raster_stream_fill_rows(PixelDestination.bytes(canvas, r.x, r.y), canvas.stride, color.argb, r.width, r.height)
    }

    /// Rows 0..<`rows` made of two sources side by side: columns 0..<`split` from `left` at
    /// (leftX, y), columns `split`..<width from `right` at (0, y). One pass, each row's two
    /// parts written together: the cache line where they meet is written whole, not half
    /// now and half after every other row (two `copyRows`, the same bytes).
    public func joinRows(left: Canvas, leftX: Int, right: Canvas, split: Int, rows: Int) {
        let w = canvas.width
        guard rows > 0, rows <= canvas.height, rows <= left.height, rows <= right.height, split >= 0, split <= w,
              leftX >= 0, leftX + split <= left.width, w - split <= right.width else { return }
        cshim_raster_stream_join_rows(PixelDestination.bytes(canvas, 0, 0), canvas.stride,
                                      UnsafePointer(PixelDestination.bytes(left, leftX, 0)), left.stride, split * 4,
                                      UnsafePointer(PixelDestination.bytes(right, 0, 0)), right.stride, (w - split) * 4, rows)
    }

    /// Streaming stores are weakly ordered: finish them before the frame is shown.
    public static func finish() { cshim_raster_stream_fence() }
}
