import CPNG
import Foundation
import LecternTestSupport
import XCTest
@testable import Raster

/// The row-by-row PNG decoder (`CPNGRows`) against libpng's simplified API, which
/// `PNGDecoder` used before: the same transforms must give the same pixels, at natural
/// size and averaged down, for every PNG in Tests/Images and for every format the
/// simplified writer makes. And a large PNG shown small never exists at full size.
final class PNGRowDecoderTests: XCTestCase {
    /// Every PNG made by other programs (Tests/Images), each colour type, bit depth,
    /// tRNS, gAMA and interlacing among them (icon-4000.png is icon-1000.png larger, and
    /// costs half a minute in a debug build: the memory test below decodes it).
    private let files = ["checker-1000.png", "gray-gradient.png", "icon-64.png", "icon-512.png", "icon-1000.png",
                         "interlaced-512.png", "palette.png", "rgb16.png", "wide-800x400.png", "gamma18-rgb.png",
                         "gray-alpha16.png", "palette4-trns.png", "gray2-trns.png", "rgb16-trns.png"]

    func testEveryTestImageDecodesExactlyAsTheSimplifiedAPIDecodesIt() throws {
        for name in files {
            try assertSameAsSimplifiedAPI(try read(name), name)
        }
    }

    /// An interlaced 16-bit PNG: libpng 1.6.51+ (and Debian's 1.6.39 since its CVE-2025-65018
    /// backport) decodes it wrongly through the simplified API, about half the channels
    /// (libpng issue #853), so the reference is its non-interlaced twin (the same pixels).
    func testInterlaced16BitDecodesAsItsPlainTwin() throws {
        try assertSameAsSimplifiedAPI(try read("rgb16-trns-interlaced.png"), "rgb16-trns-interlaced.png",
                                      reference: try read("rgb16-trns.png"))
    }

    func testEveryFormatTheSimplifiedWriterMakesDecodesTheSame() throws {
        // png.h's PNG_FORMAT_* combinations, from their flags (Swift imports only the flags).
        let color = UInt32(PNG_FORMAT_FLAG_COLOR), alpha = UInt32(PNG_FORMAT_FLAG_ALPHA)
        let linear = UInt32(PNG_FORMAT_FLAG_LINEAR), colormap = UInt32(PNG_FORMAT_FLAG_COLORMAP)
        let formats: [(String, UInt32)] = [
            ("grey", 0), ("grey+alpha", alpha), ("RGB", color), ("RGBA", color | alpha),
            ("16-bit grey", linear), ("16-bit grey+alpha", linear | alpha), ("16-bit RGB", linear | color),
            ("16-bit RGBA", linear | color | alpha), ("palette with alpha", colormap | color | alpha),
        ]
        for (name, format) in formats {
            try assertSameAsSimplifiedAPI(try writeWithSimplifiedAPI(format: format, width: 45, height: 23), name)
        }
    }

    /// A 4000×4000 PNG (64 MB as BGRA) shown as a 96-px icon: the peak resident memory
    /// while it decodes grows by far less than the full picture (the simplified API
    /// needed all 64 MB).
    func testALargePNGShownSmallIsNeverDecodedWhole() throws {
        let data = try read("icon-4000.png")
        try PeakResident.reset()
        let before = try PeakResident.kib()
        let icon = try Image(data: data, fit: ImageFit(maxWidth: 96, maxHeight: 96))
        let growth = try PeakResident.kib() - before
        XCTAssertEqual(icon.width, 96)
        XCTAssertLessThan(growth, 8 << 10, "peak RSS grew \(growth) KiB decoding a 4000×4000 PNG to 96 px (whole: 62500 KiB)")
    }

    // MARK: Helpers

    private func read(_ name: String) throws -> [UInt8] {
        try Array(Data(contentsOf: URL(fileURLWithPath: TestImages.path(name))))
    }

    /// Decodes `data` with `PNGDecoder` and `reference` (by default the same bytes) with
    /// the simplified API, at natural size and at about 2/5 of it, and requires every
    /// pixel to match exactly.
    private func assertSameAsSimplifiedAPI(_ data: [UInt8], _ name: String, reference referenceData: [UInt8]? = nil,
                                           file: StaticString = #filePath, line: UInt = #line) throws {
        let reference = try decodeWithSimplifiedAPI(referenceData ?? data)
        let w = reference.width, h = reference.height
        let expected = try Bitmap(width: w, height: h)
        for y in 0..<h { for x in 0..<w { expected.canvas.row(y)[x] = reference.pixels[y * w + x] } }
        let natural = try Image(data: data)
        PNGDecoder.premultiply(expected.canvas)
        XCTAssertNil(try GoldenImage.compare(natural.canvas, to: expected.canvas, name: "\(name) natural", tolerance: 0), file: file, line: line)

        let fit = ImageFit(maxWidth: max(1, w * 2 / 5), maxHeight: max(1, h * 2 / 5))
        let shown = fit.size(width: w, height: h)
        let small = try Image(data: data, fit: fit)
        let averaged = try reference.pixels.withUnsafeBytes {
            try AreaAverage(sourceWidth: w, sourceHeight: h, width: shown.width, height: shown.height).run(source: $0.baseAddress!, stride: w * 4)
        }
        XCTAssertNil(try GoldenImage.compare(small.canvas, to: averaged.canvas, name: "\(name) at \(shown)", tolerance: 0), file: file, line: line)
    }

    /// libpng's simplified API, as `PNGDecoder` used it: the whole picture as BGRA words
    /// (straight alpha).
    private func decodeWithSimplifiedAPI(_ data: [UInt8]) throws -> (width: Int, height: Int, pixels: [UInt32]) {
        try data.withUnsafeBytes { bytes in
            var image = png_image()
            image.version = png_uint_32(PNG_IMAGE_VERSION)
            defer { png_image_free(&image) }
            guard png_image_begin_read_from_memory(&image, bytes.baseAddress, bytes.count) != 0 else {
                throw PNGError("simplified API: \(pngMessage(&image))")
            }
            image.format = png_uint_32(PNG_FORMAT_BGRA)
            let w = Int(image.width), h = Int(image.height)
            var pixels = [UInt32](repeating: 0, count: w * h)
            let ok = pixels.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, Int32(w * 4), nil) }
            guard ok != 0 else { throw PNGError("simplified API: \(pngMessage(&image))") }
            return (w, h, pixels)
        }
    }

    /// A `width`×`height` PNG in `format` from libpng's simplified writer, with a busy
    /// pattern (every component value occurs, alpha included).
    private func writeWithSimplifiedAPI(format: UInt32, width: Int, height: Int) throws -> [UInt8] {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        image.width = png_uint_32(width)
        image.height = png_uint_32(height)
        image.format = format
        let channels = (format & UInt32(PNG_FORMAT_FLAG_COLOR) != 0 ? 3 : 1) + (format & UInt32(PNG_FORMAT_FLAG_ALPHA) != 0 ? 1 : 0)
        let linear = format & UInt32(PNG_FORMAT_FLAG_LINEAR) != 0
        let colormapped = format & UInt32(PNG_FORMAT_FLAG_COLORMAP) != 0
        var colormap = [UInt8](repeating: 0, count: 16 * 4)
        for i in 0..<colormap.count { colormap[i] = UInt8(truncatingIfNeeded: i * 37 + 11) }
        let components = colormapped ? width * height : width * height * channels
        var buffer = [UInt8](repeating: 0, count: components * (linear ? 2 : 1))
        for i in 0..<buffer.count { buffer[i] = UInt8(truncatingIfNeeded: colormapped ? i % 16 : i &* 97 &+ i / 7) }
        if colormapped { image.colormap_entries = 16 }
        let stride = Int32(colormapped ? width : width * channels)
        var size = 0
        let measured = buffer.withUnsafeBytes { pixels in
            colormap.withUnsafeBytes { png_image_write_to_memory(&image, nil, &size, 0, pixels.baseAddress, stride, $0.baseAddress) }
        }
        guard measured != 0 else { throw PNGError("simplified writer: \(pngMessage(&image))") }
        var out = [UInt8](repeating: 0, count: size)
        let written = out.withUnsafeMutableBytes { dst in
            buffer.withUnsafeBytes { pixels in
                colormap.withUnsafeBytes {
                    png_image_write_to_memory(&image, dst.baseAddress, &size, 0, pixels.baseAddress, stride, $0.baseAddress)
                }
            }
        }
        png_image_free(&image)
        guard written != 0 else { throw PNGError("simplified writer failed") }
        return Array(out.prefix(size))
    }
}
