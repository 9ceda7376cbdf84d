import CFFmpeg
import Raster

/// Converts and scales a decoded picture in one pass through libswscale, straight into
/// a rectangle of an XRGB8888 canvas (XRGB8888 little-endian is FFmpeg's `bgr0`): no
/// pixel of a video frame is touched in Swift. Colour follows the stream: its matrix
/// (BT.709 for HD, BT.601 when unspecified, as FFmpeg's tools assume) and its range
/// (limited, or full for JPEG-range streams).
///
/// A rectangle partly outside the canvas's clip (a clip half scrolled away) is scaled
/// into a scratch bitmap of its size and the visible part copied: libswscale writes
/// whole destination rows and columns.
public final class FrameConverter {
    private var context: OpaquePointer?
    private var key: Key?
    private var scratch: Bitmap?
    /// The frame the scratch bitmap holds, converted at its size: the strips of a page
    /// scrolling past a paused or playing clip copy from it instead of converting again.
    private var scratchFrame: DecodedFrame?

    private struct Key: Equatable {
        var source: (width: Int32, height: Int32, format: Int32)
        var destination: (width: Int32, height: Int32)
        var colorspace: UInt32
        var fullRange: Bool

        static func == (a: Key, b: Key) -> Bool {
            a.source == b.source && a.destination == b.destination && a.colorspace == b.colorspace && a.fullRange == b.fullRange
        }
    }

    public init() {}

    deinit { if let context { lectern_scaler_free(context) } }  // nil: it never drew (FFmpeg may not be loaded)

    /// Draws `frame` scaled to `rect` (canvas coordinates) on `canvas`, clipped to its
    /// clip. Throws when libswscale cannot convert the frame's pixel format.
    public func draw(_ frame: DecodedFrame, in rect: IntRect, on canvas: Canvas) throws(ClipError) {
        let visible = rect.intersection(canvas.clip)
        guard !visible.isEmpty else { return }
        if visible == rect {
            try convert(frame, to: canvas.base + rect.y * canvas.stride + rect.x * 4, stride: canvas.stride, width: rect.width, height: rect.height)
            return
        }
        if scratch?.width != rect.width || scratch?.height != rect.height {
            scratchFrame = nil
            do { scratch = try Bitmap(width: rect.width, height: rect.height) } catch {
                throw ClipError("a clip cannot be drawn at \(rect.width)×\(rect.height): \(error)")
            }
        }
        guard let scratch else { return }
        if scratchFrame !== frame {
            scratchFrame = nil
            try convert(frame, to: scratch.base, stride: scratch.stride, width: rect.width, height: rect.height)
            scratchFrame = frame
        }
        canvas.blit(scratch.canvas, from: IntRect(x: visible.x - rect.x, y: visible.y - rect.y, width: visible.width, height: visible.height),
                    toX: visible.x, y: visible.y)
    }

    private func convert(_ decoded: DecodedFrame, to destination: UnsafeMutableRawPointer, stride: Int, width: Int, height: Int) throws(ClipError) {
        let frame = decoded.frame
        let format = frame.pointee.format
        let colorspace = frame.pointee.colorspace.rawValue
        let fullRange = frame.pointee.color_range == AVCOL_RANGE_JPEG
        let wanted = Key(source: (frame.pointee.width, frame.pointee.height, format), destination: (Int32(width), Int32(height)),
                         colorspace: colorspace, fullRange: fullRange)
        if key != wanted {
            context = lectern_scaler_for(context, frame.pointee.width, frame.pointee.height, format, Int32(width), Int32(height))
            guard let context else {
                key = nil
                let name = av_get_pix_fmt_name(AVPixelFormat(rawValue: format)).map { String(cString: $0) } ?? "unknown"
                throw ClipError("libswscale cannot convert \(name) pictures of \(frame.pointee.width)×\(frame.pointee.height) to the screen's format")
            }
            // Unspecified matrices are BT.601, as FFmpeg's own tools read them.
            let matrix = frame.pointee.colorspace == AVCOL_SPC_UNSPECIFIED ? Int32(SWS_CS_ITU601) : Int32(colorspace)
            _ = lectern_scaler_set_matrix(context, matrix, fullRange ? 1 : 0)
            key = wanted
        }
        var planes = frame.pointee.data
        var lineSizes = frame.pointee.linesize
        var destinationPlane: UnsafeMutablePointer<UInt8>? = destination.assumingMemoryBound(to: UInt8.self)
        var destinationStride = Int32(stride)
        withUnsafePointer(to: &planes) { planesTuple in
            planesTuple.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { sources in
                withUnsafePointer(to: &lineSizes) { linesTuple in
                    linesTuple.withMemoryRebound(to: Int32.self, capacity: 8) { sourceStrides in
                        _ = lectern_scaler_scale(context, sources, sourceStrides, frame.pointee.height, &destinationPlane, &destinationStride)
                    }
                }
            }
        }
    }
}
