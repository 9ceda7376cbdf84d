import Foundation
import XCTest
@testable import Raster

final class PNGTests: XCTestCase {
    private func fixture(_ name: String) throws -> Image {
        let url = try XCTUnwrap(Bundle.module.url(forResource: name, withExtension: "png", subdirectory: "Golden"))
        return try Image(contentsOfFile: url.path)
    }

    private func sample() throws -> Bitmap {
        let b = try Bitmap(width: 7, height: 5)
        for y in 0..<5 { for x in 0..<7 { b.canvas.row(y)[x] = 0xFF00_0000 | UInt32(x * 36) << 16 | UInt32(y * 60) << 8 | UInt32(x * y) } }
        return b
    }

    /// A canvas does not own its pixels: the bitmap is held while the canvas is read
    /// (a temporary `try sample().canvas` was freed mid-encode; AddressSanitizer saw it).
    private func encodedSample() throws -> [UInt8] {
        let b = try sample()
        return try withExtendedLifetime(b) { try PNGEncoder.encode(canvas: b.canvas) }
    }

    func testEncodeThenDecodeIsExactAndOpaque() throws {
        let b = try sample()
        let bytes = try PNGEncoder.encode(canvas: b.canvas)
        XCTAssertEqual(Array(bytes.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        let image = try Image(pngData: bytes)
        XCTAssertEqual(image.width, 7); XCTAssertEqual(image.height, 5)
        for y in 0..<5 { for x in 0..<7 { XCTAssertEqual(image.canvas.pixel(x: x, y: y), b.canvas.pixel(x: x, y: y)) } }
    }

    func testEncodeIgnoresTheXByteAndHonoursStride() throws {
        let b = try sample()
        b.canvas.row(2)[3] = 0x1234_5678
        let sub = try b.canvas.subCanvas(IntRect(x: 2, y: 1, width: 3, height: 3))
        let image = try Image(pngData: try PNGEncoder.encode(canvas: sub))
        XCTAssertEqual(image.width, 3)
        XCTAssertEqual(image.canvas.pixel(x: 1, y: 1), 0xFF34_5678)
        XCTAssertEqual(image.canvas.pixel(x: 0, y: 0), b.canvas.pixel(x: 2, y: 1))
    }

    func testWriteAndReadAFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("raster-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let b = try sample()
        try withExtendedLifetime(b) {
            try PNGEncoder.write(canvas: b.canvas, to: path)
            let image = try Image(contentsOfFile: path)
            withExtendedLifetime(image) { XCTAssertEqual(image.canvas.pixel(x: 6, y: 4), b.canvas.pixel(x: 6, y: 4)) }
        }
    }

    func testCorruptTruncatedAndEmptyDataThrow() throws {
        let good = try encodedSample()
        XCTAssertThrowsError(try Image(pngData: [])) { XCTAssertTrue("\($0)".contains("truncated"), "\($0)") }
        XCTAssertThrowsError(try Image(pngData: Array("not a png at all, really".utf8))) {
            XCTAssertTrue("\($0)".contains("PNG"), "\($0)")
        }
        XCTAssertThrowsError(try Image(pngData: Array(good.prefix(good.count / 2)))) { XCTAssertTrue("\($0)".contains("PNG"), "\($0)") }
        XCTAssertThrowsError(try Image(pngData: Array(good.prefix(40))))
        // Flip bytes inside the image data: the CRC or zlib check must catch it.
        var flipped = good
        for i in 50..<min(60, flipped.count - 12) { flipped[i] ^= 0xA5 }
        XCTAssertThrowsError(try Image(pngData: flipped))
    }

    func testZeroSizedHeaderThrows() throws {
        var bytes = try encodedSample()
        // IHDR width is bytes 16..19; make it 0 (the CRC then fails too, either way an error).
        for i in 16..<20 { bytes[i] = 0 }
        XCTAssertThrowsError(try Image(pngData: bytes))
    }

    func testMissingAndUnwritableFilesNameThePath() throws {
        XCTAssertThrowsError(try Image(contentsOfFile: "/nonexistent/icon.png")) {
            XCTAssertTrue("\($0)".contains("/nonexistent/icon.png"), "\($0)")
        }
        let b = try sample()
        XCTAssertThrowsError(try withExtendedLifetime(b) { try PNGEncoder.write(canvas: b.canvas, to: "/nonexistent/out.png") }) {
            XCTAssertTrue("\($0)".contains("/nonexistent/out.png"), "\($0)")
        }
    }

    func testDecodesRGBAAsPremultiplied() throws {
        let image = try fixture("fixture-rgba")
        XCTAssertEqual(image.canvas.pixel(x: 0, y: 0), 0xFFFF_0000)
        XCTAssertEqual(image.canvas.pixel(x: 1, y: 0), 0x8080_8080, "white at alpha 128")
        XCTAssertEqual(image.canvas.pixel(x: 0, y: 1), 0x0000_0000, "transparent green")
        XCTAssertEqual(image.canvas.pixel(x: 1, y: 1), 0x4000_0040, "blue at alpha 64")
    }

    func testDecodesGreyPaletteAndSixteenBit() throws {
        let grey = try fixture("fixture-gray")
        XCTAssertEqual(grey.canvas.pixel(x: 0, y: 0), 0xFF00_0000)
        XCTAssertEqual(grey.canvas.pixel(x: 1, y: 0), 0xFF80_8080)
        XCTAssertEqual(grey.canvas.pixel(x: 2, y: 0), 0xFFFF_FFFF)
        let palette = try fixture("fixture-palette")
        XCTAssertEqual(palette.canvas.pixel(x: 0, y: 0), 0xFF0A_141E)
        XCTAssertEqual(palette.canvas.pixel(x: 1, y: 0), 0x0000_0000)
        let deep = try fixture("fixture-rgb16")
        let p = try XCTUnwrap(deep.canvas.pixel(x: 0, y: 0))
        XCTAssertEqual(p >> 24, 0xFF); XCTAssertEqual((p >> 16) & 0xFF, 0xFF); XCTAssertEqual(p & 0xFF, 0)
        XCTAssertTrue((100...200).contains((p >> 8) & 0xFF), "16-bit half green converts to a mid value: \(p)")
    }
}

final class ImageTests: XCTestCase {
    func testDownscaleAveragesTheArea() throws {
        // 1-px black/white stripes halve to mid grey.
        let b = try Bitmap(width: 16, height: 16)
        for y in 0..<16 { for x in 0..<16 { b.canvas.row(y)[x] = x % 2 == 0 ? 0xFFFF_FFFF : 0xFF00_0000 } }
        let small = try Image(bitmap: b).scaled(width: 8, height: 8)
        XCTAssertEqual(small.width, 8); XCTAssertEqual(small.height, 8)
        for y in 0..<8 {
            for x in 0..<8 {
                let p = try XCTUnwrap(small.canvas.pixel(x: x, y: y))
                // The box-convolved footprint reaches half a source pixel past the box;
                // at the right edge the padding repeats a black column.
                XCTAssertEqual(Int((p >> 16) & 0xFF), 128, accuracy: x == 7 ? 6 : 2, "at \(x),\(y)")
                XCTAssertEqual(p >> 24, 0xFF)
            }
        }
    }

    func testUpscaleKeepsFlatColoursFlat() throws {
        let b = try makeBitmap(3, 3, Color(red: 10, green: 100, blue: 200))
        let big = try Image(bitmap: b).scaled(width: 12, height: 7)
        XCTAssertEqual(big.canvas.pixel(x: 11, y: 6), 0xFF0A_64C8)
        XCTAssertEqual(big.canvas.pixel(x: 5, y: 3), 0xFF0A_64C8)
    }

    func testScaleToBadSizeThrows() throws {
        let image = Image(bitmap: try makeBitmap(3, 3))
        XCTAssertThrowsError(try image.scaled(width: 0, height: 3)) { XCTAssertTrue("\($0)".contains("0x3")) }
        XCTAssertThrowsError(try image.scaled(width: 4, height: -2))
    }

    func testDrawImageIsOverWithAlpha() throws {
        let icon = try Bitmap(width: 2, height: 1)
        icon.canvas.row(0)[0] = 0x8080_8080 // white at alpha 128, premultiplied
        icon.canvas.row(0)[1] = 0xFF00_FF00 // opaque green
        let dst = try makeBitmap(4, 1, Color(red: 0, green: 0, blue: 100))
        dst.canvas.drawImage(Image(bitmap: icon), x: 1, y: 0)
        XCTAssertEqual(dst.canvas.pixel(x: 1, y: 0), 0xFF80_80B2, "blue: 128 + round(100 · 127/255) = 178")
        XCTAssertEqual(dst.canvas.pixel(x: 2, y: 0), 0xFF00_FF00)
        XCTAssertEqual(dst.canvas.pixel(x: 0, y: 0), 0xFF00_0064)
        let faded = try makeBitmap(4, 1, .black)
        faded.canvas.drawImage(Image(bitmap: icon), x: 0, y: 0, alpha: 0.5)
        XCTAssertEqual(faded.canvas.pixel(x: 1, y: 0), 0xFF00_8000)
    }
}
