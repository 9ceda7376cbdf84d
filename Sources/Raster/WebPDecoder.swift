import CWebP

/// WebP through libwebp, lossy and lossless, with alpha. libwebp writes premultiplied
/// BGRA (`MODE_bgrA`), `Image`'s own layout, straight into the picture's pixels, and
/// scales while it decodes when the picture is shown smaller.
///
/// Of an animated WebP (libwebpdemux's `WebPAnimDecoder`) this is the first frame, the
/// page's still picture (`WebPAnimation` plays the frames): the decoder composes it on the
/// canvas the file declares, whose size the caps see first.
enum WebPDecoder {
    static func decode(_ data: [UInt8], plan: (Int, Int) throws -> (width: Int, height: Int)) throws -> Image {
        try data.withUnsafeBufferPointer { bytes -> Image in
            var config = WebPDecoderConfig()
            guard WebPInitDecoderConfig(&config) != 0 else { throw ImageError("cannot start the WebP decoder (libwebp version mismatch)") }
            let status = WebPGetFeatures(bytes.baseAddress, bytes.count, &config.input)
            guard status == VP8_STATUS_OK else { throw failure(status) }
            let width = Int(config.input.width), height = Int(config.input.height)
            let size = try plan(width, height)
            if config.input.has_animation != 0 { return try firstFrame(bytes, width: width, height: height, shown: size) }
            let bitmap = try Bitmap(width: size.width, height: size.height)
            config.output.colorspace = MODE_bgrA
            config.output.is_external_memory = 1
            config.output.u.RGBA.rgba = bitmap.base.assumingMemoryBound(to: UInt8.self)
            config.output.u.RGBA.stride = Int32(bitmap.stride)
            config.output.u.RGBA.size = bitmap.stride * bitmap.height
            if size != (width, height) {
                config.options.use_scaling = 1
                config.options.scaled_width = Int32(size.width)
                config.options.scaled_height = Int32(size.height)
            }
            let decoded = WebPDecode(bytes.baseAddress, bytes.count, &config)
            WebPFreeDecBuffer(&config.output)
            guard decoded == VP8_STATUS_OK else { throw failure(decoded) }
            return Image(bitmap: bitmap)
        }
    }

    /// The first frame of an animated WebP, composed at the canvas size (`width`×`height`).
    private static func firstFrame(_ bytes: UnsafeBufferPointer<UInt8>, width: Int, height: Int,
                                   shown: (width: Int, height: Int)) throws -> Image {
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else { throw ImageError("cannot start the WebP decoder (libwebp version mismatch)") }
        // Straight alpha: the area average premultiplies as it shrinks.
        options.color_mode = MODE_BGRA
        options.use_threads = 0
        var webp = WebPData(bytes: bytes.baseAddress, size: bytes.count)
        guard let decoder = WebPAnimDecoderNew(&webp, &options) else {
            throw ImageError("the animated WebP is corrupt or truncated: save it again from the original")
        }
        defer { WebPAnimDecoderDelete(decoder) }
        var info = WebPAnimInfo()
        // The frames are composed on the decoder's canvas: it must be the size the caps saw.
        guard WebPAnimDecoderGetInfo(decoder, &info) != 0, Int(info.canvas_width) == width, Int(info.canvas_height) == height else {
            throw ImageError("the animated WebP's canvas does not match its header: the file is corrupt")
        }
        var frame: UnsafeMutablePointer<UInt8>?
        var timestamp: Int32 = 0
        guard WebPAnimDecoderGetNext(decoder, &frame, &timestamp) != 0, let pixels = frame else {
            throw ImageError("the animated WebP's first frame is corrupt or truncated: save it again from the original")
        }
        // The decoder's canvas is the only full-size copy: averaged (or, at natural size,
        // copied and premultiplied) straight into the picture.
        let bitmap: Bitmap
        if shown != (width, height) {
            bitmap = try AreaAverage(sourceWidth: width, sourceHeight: height, width: shown.width, height: shown.height)
                .run(source: UnsafeRawPointer(pixels), stride: width * 4)
        } else {
            bitmap = try Bitmap(width: width, height: height)
            for y in 0..<height {
                (bitmap.base + y * bitmap.stride).copyMemory(from: pixels + y * width * 4, byteCount: width * 4)
            }
            PNGDecoder.premultiply(bitmap.canvas)
        }
        let image = Image(bitmap: bitmap)
        image.facts = .animated(.webp)
        return image
    }

    private static func failure(_ status: VP8StatusCode) -> ImageError {
        switch status {
        case VP8_STATUS_NOT_ENOUGH_DATA: ImageError("the WebP data is truncated: save it again from the original")
        case VP8_STATUS_UNSUPPORTED_FEATURE: ImageError("the WebP uses a feature libwebp does not decode: save it again as an ordinary WebP or a PNG")
        case VP8_STATUS_OUT_OF_MEMORY: ImageError("out of memory decoding the WebP")
        default: ImageError("the WebP data is corrupt (libwebp status \(status.rawValue)): save it again from the original")
        }
    }
}
