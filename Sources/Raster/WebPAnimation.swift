import CWebP

/// An animated WebP's frames through libwebp's `WebPAnimDecoder`, which composes each
/// frame on the canvas (blending and disposal by the WebP container's rules) and holds
/// that canvas and the one before it; nothing else is held here but the file's bytes.
final class WebPAnimation: AnimationFrames {
    let canvasWidth: Int
    let canvasHeight: Int
    let passes: Int
    let frameCount: Int
    /// The file's bytes, owned here: the decoder reads them for as long as it lives.
    private let bytes: UnsafeMutableRawBufferPointer
    private let decoder: OpaquePointer
    /// The timestamp (ms) the last frame ended at: a frame's duration is the difference.
    private var lastEnd: Int32 = 0

    init(_ data: [UInt8]) throws {
        let owned = UnsafeMutableRawBufferPointer.allocate(byteCount: max(data.count, 1), alignment: 8)
        data.withUnsafeBytes { source in owned.copyMemory(from: source) }
        bytes = owned
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else {
            bytes.deallocate()
            throw ImageError("cannot start the WebP decoder (libwebp version mismatch)")
        }
        options.color_mode = MODE_BGRA
        options.use_threads = 0
        // The decoder allocates its canvas when made: the cap is checked on the header's
        // canvas size first (a 2-GB canvas was asked for by a 160-byte file).
        var headerWidth: Int32 = 0, headerHeight: Int32 = 0
        if WebPGetInfo(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), data.count, &headerWidth, &headerHeight) != 0,
           Int(headerWidth) * Int(headerHeight) > PictureAnimation.maxCanvasPixels {
            bytes.deallocate()
            throw PictureAnimation.overCap(.webp, width: Int(headerWidth), height: Int(headerHeight))
        }
        var webp = WebPData(bytes: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), size: data.count)
        guard let decoder = WebPAnimDecoderNew(&webp, &options) else {
            bytes.deallocate()
            throw ImageError("the animated WebP is corrupt or truncated: save it again from the original")
        }
        self.decoder = decoder
        var info = WebPAnimInfo()
        guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else {
            WebPAnimDecoderDelete(decoder); bytes.deallocate()
            throw ImageError("the animated WebP is corrupt: save it again from the original")
        }
        canvasWidth = Int(info.canvas_width)
        canvasHeight = Int(info.canvas_height)
        passes = Int(info.loop_count)
        frameCount = Int(info.frame_count)
        // Every stored property is set by now, so a throw runs `deinit`, which deletes the
        // decoder and frees the bytes: doing it here too freed them twice (found by the
        // webp fuzz target).
        guard canvasWidth * canvasHeight <= PictureAnimation.maxCanvasPixels else {
            throw PictureAnimation.overCap(.webp, width: canvasWidth, height: canvasHeight)
        }
    }

    deinit {
        WebPAnimDecoderDelete(decoder)
        bytes.deallocate()
    }

    func next() throws -> ComposedCanvas? {
        guard WebPAnimDecoderHasMoreFrames(decoder) != 0 else { return nil }
        var frame: UnsafeMutablePointer<UInt8>?
        var end: Int32 = 0
        guard WebPAnimDecoderGetNext(decoder, &frame, &end) != 0, let frame else {
            throw ImageError("a frame of the animated WebP is corrupt: save it again from the original")
        }
        let duration = Double(max(0, end - lastEnd)) / 1000
        lastEnd = end
        return ComposedCanvas(pixels: UnsafeRawPointer(frame), stride: canvasWidth * 4, duration: duration)
    }

    func rewind() throws {
        WebPAnimDecoderReset(decoder)
        lastEnd = 0
    }
}
