import CPNG

/// PNG through libpng's simplified API: any PNG libpng reads (grey, palette, 16-bit,
/// interlaced, with or without alpha) as BGRA.
///
/// libpng keeps the pointer given to `png_image_begin_read_from_memory` and reads the
/// compressed data through it in `png_image_finish_read`, so both calls happen inside
/// one `withUnsafeBytes` closure: the bytes stay alive for the whole decode.
enum PNGDecoder {
    /// `plan` sees the header's size before any pixel memory exists; it throws to stop
    /// (over the caps) or returns the output size, at most the natural size.
    static func decode(_ data: [UInt8], plan: (Int, Int) throws -> (width: Int, height: Int)) throws -> Image {
        try data.withUnsafeBytes { bytes -> Image in
            var image = png_image()
            image.version = png_uint_32(PNG_IMAGE_VERSION)
            // Freeing twice is safe: libpng clears `opaque` once it has freed it.
            defer { png_image_free(&image) }
            guard png_image_begin_read_from_memory(&image, bytes.baseAddress, bytes.count) != 0 else {
                throw ImageError("not a valid PNG: \(pngMessage(&image))")
            }
            let w = Int(image.width), h = Int(image.height)
            let size = try plan(w, h)
            // BGRA bytes are 0xAARRGGBB words on little-endian machines; straight alpha.
            image.format = png_uint_32(PNG_FORMAT_BGRA)
            if size == (w, h) {
                let bitmap = try Bitmap(width: w, height: h)
                try finish(&image, into: bitmap.base, stride: bitmap.stride)
                premultiply(bitmap.canvas)
                return Image(bitmap: bitmap)
            }
            // The full-size pixels live only until they are averaged down.
            let stride = w * 4
            let full = UnsafeMutableRawPointer.allocate(byteCount: stride * h, alignment: 16)
            defer { full.deallocate() }
            try finish(&image, into: full, stride: stride)
            return Image(bitmap: try AreaAverage(sourceWidth: w, sourceHeight: h, width: size.width, height: size.height)
                .run(source: full, stride: stride))
        }
    }

    private static func finish(_ image: inout png_image, into buffer: UnsafeMutableRawPointer, stride: Int) throws {
        guard png_image_finish_read(&image, nil, buffer, Int32(stride), nil) != 0 else {
            throw ImageError("the PNG data is corrupt or truncated (save it again from the original): \(pngMessage(&image))")
        }
    }

    /// Straight alpha to premultiplied, in place (opaque pixels are left as they are).
    static func premultiply(_ canvas: Canvas) {
        for y in 0..<canvas.height {
            let line = canvas.row(y)
            for x in 0..<canvas.width {
                let p = line[x]
                let a = p >> 24
                if a == 255 { continue }
                // Scale the colour bytes by a/255 (the alpha byte stays as it is).
                let scaled = mixPixel(p, 0, a)
                line[x] = (scaled & 0x00FF_FFFF) | (a << 24)
            }
        }
    }
}
