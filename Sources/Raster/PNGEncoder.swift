import CPNG

/// A PNG could not be read or written; the message names the file or the reason.
public struct PNGError: Error, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// The message libpng's simplified API left in `image` after a failure.
func pngMessage(_ image: inout png_image) -> String {
    withUnsafeBytes(of: &image.message) { raw in
        let bytes = raw.prefix { $0 != 0 }
        return bytes.isEmpty ? "unknown libpng error" : String(decoding: bytes, as: UTF8.self)
    }
}

/// Writes canvases as opaque 8-bit RGB PNGs (snapshots, plots, golden images): the X
/// byte of XRGB8888 is dropped.
public enum PNGEncoder {
    public static func encode(canvas: Canvas) throws -> [UInt8] {
        let w = canvas.width, h = canvas.height
        // Pack XRGB rows into the RGB byte order libpng's simplified API takes.
        var rgb = [UInt8](repeating: 0, count: w * h * 3)
        rgb.withUnsafeMutableBufferPointer { out in
            var o = 0
            for y in 0..<h {
                let line = canvas.row(y)
                for x in 0..<w {
                    let p = line[x]
                    out[o] = UInt8(truncatingIfNeeded: p >> 16)
                    out[o + 1] = UInt8(truncatingIfNeeded: p >> 8)
                    out[o + 2] = UInt8(truncatingIfNeeded: p)
                    o += 3
                }
            }
        }
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        image.width = png_uint_32(w)
        image.height = png_uint_32(h)
        image.format = png_uint_32(PNG_FORMAT_RGB)
        var size: Int = 0
        // First call measures, second writes (libpng's documented two-pass use).
        let measured = rgb.withUnsafeBytes { png_image_write_to_memory(&image, nil, &size, 0, $0.baseAddress, Int32(w * 3), nil) }
        guard measured != 0, size > 0 else {
            let message = pngMessage(&image)
            png_image_free(&image)
            throw PNGError("PNG encoding of a \(w)x\(h) canvas failed: \(message)")
        }
        var out = [UInt8](repeating: 0, count: size)
        let written = out.withUnsafeMutableBytes { dst in
            rgb.withUnsafeBytes { png_image_write_to_memory(&image, dst.baseAddress, &size, 0, $0.baseAddress, Int32(w * 3), nil) }
        }
        guard written != 0 else {
            let message = pngMessage(&image)
            png_image_free(&image)
            throw PNGError("PNG encoding of a \(w)x\(h) canvas failed: \(message)")
        }
        return Array(out.prefix(size))
    }

    public static func write(canvas: Canvas, to path: String) throws {
        try FileBytes.write(try encode(canvas: canvas), to: path)
    }
}
