import CPNG

/// A decoded picture (menu icons): premultiplied ARGB32 pixels with alpha, owned.
public final class Image {
    public let bitmap: Bitmap
    public var width: Int { bitmap.width }
    public var height: Int { bitmap.height }
    /// The pixels as a canvas (premultiplied 0xAARRGGBB words). The image must outlive it.
    public var canvas: Canvas { bitmap.canvas }

    /// Adopts premultiplied ARGB32 pixels.
    public init(bitmap: Bitmap) { self.bitmap = bitmap }

    /// Decodes any PNG libpng reads (grey, palette, 16-bit, with or without alpha).
    public convenience init(pngData data: [UInt8]) throws {
        // libpng would also reject these, but an empty array has no base address.
        guard data.count >= 8 else { throw PNGError("PNG data is truncated (\(data.count) bytes)") }
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        let begun = data.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard begun != 0 else { throw PNGError("PNG data is not a valid PNG: \(pngMessage(&image))") }
        let w = Int(image.width), h = Int(image.height)
        guard w > 0, h > 0, w < 1 << 15, h < 1 << 15 else {
            png_image_free(&image)
            throw PNGError("PNG size \(w)x\(h) is not supported (each side must be 1...32767)")
        }
        // BGRA bytes are 0xAARRGGBB words on little-endian machines; straight alpha.
        image.format = png_uint_32(PNG_FORMAT_BGRA)
        let bitmap = try Bitmap(width: w, height: h)
        let finished = png_image_finish_read(&image, nil, bitmap.base, Int32(bitmap.stride), nil)
        guard finished != 0 else { throw PNGError("PNG data is corrupt: \(pngMessage(&image))") }
        Image.premultiply(bitmap.canvas)
        self.init(bitmap: bitmap)
    }

    public convenience init(contentsOfFile path: String) throws {
        let bytes = try FileBytes.read(path)
        do {
            try self.init(pngData: bytes)
        } catch let error as PNGError {
            throw PNGError("\(path): \(error.description)")
        }
    }

    private static func premultiply(_ canvas: Canvas) {
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
