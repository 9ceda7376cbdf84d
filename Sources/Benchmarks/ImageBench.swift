import Measure
import Raster
import CTurboJPEG

/// `lectern bench` cases for decoding a menu icon: a 1024-px picture shown at 96 px.
/// The pictures are made in memory (a disc on a flat ground); the frame size is unused.
enum ImageBench {
    static var cases: [BenchCase] {
        [
            BenchCase(name: "image.icon-png") { _, _ in
                // A canvas does not keep its bitmap alive: hold the bitmap while encoding.
                let bitmap = try disc()
                let png = try withExtendedLifetime(bitmap) { try PNGEncoder.encode(canvas: bitmap.canvas) }
                return { _ = try? Image(data: png, fit: ImageFit(maxWidth: 96, maxHeight: 96)) }
            },
            BenchCase(name: "image.icon-jpeg") { _, _ in
                let jpeg = try jpegEncode(try disc())
                return { _ = try? Image(data: jpeg, fit: ImageFit(maxWidth: 96, maxHeight: 96)) }
            },
        ]
    }

    private static func disc() throws -> Bitmap {
        let bitmap = try Bitmap(width: 1024, height: 1024)
        bitmap.canvas.fill(bitmap.canvas.bounds, color: .white)
        bitmap.canvas.fillCircle(centerX: 512, centerY: 512, radius: 440, color: Color(red: 0xE0, green: 0x1B, blue: 0x24))
        return bitmap
    }

    private static func jpegEncode(_ bitmap: Bitmap) throws -> [UInt8] {
        guard let handle = tjInitCompress() else { throw ImageError("cannot start the JPEG encoder") }
        defer { tjDestroy(handle) }
        var out: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        defer { tjFree(out) }
        guard withExtendedLifetime(bitmap, { tjCompress2(handle, bitmap.base.assumingMemoryBound(to: UInt8.self), Int32(bitmap.width), Int32(bitmap.stride),
                          Int32(bitmap.height), TJPF_BGRX.rawValue, &out, &size, Int32(TJSAMP_420.rawValue), 85, 0) }) == 0, let out
        else { throw ImageError("JPEG encoding failed: \(String(cString: tjGetErrorStr2(handle)))") }
        return Array(UnsafeBufferPointer(start: out, count: Int(size)))
    }
}
