import Measure
import LecternTestSupport
import XCTest
@testable import Raster

/// Decoding pictures made by other programs (Tests/Images) at the sizes people use.
final class ImageDecodeTests: XCTestCase {
    private let red = (r: 0xE0, g: 0x1B, b: 0x24)

    private func assertColor(_ pixel: UInt32?, _ rgb: (r: Int, g: Int, b: Int), alpha: Int = 255, tolerance: Int = 6,
                             _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let p = pixel else { return XCTFail("no pixel: \(what)", file: file, line: line) }
        XCTAssertEqual(channel(p, 24), alpha, accuracy: tolerance, "alpha of \(what): \(String(p, radix: 16))", file: file, line: line)
        XCTAssertEqual(channel(p, 16), rgb.r, accuracy: tolerance, "red of \(what): \(String(p, radix: 16))", file: file, line: line)
        XCTAssertEqual(channel(p, 8), rgb.g, accuracy: tolerance, "green of \(what): \(String(p, radix: 16))", file: file, line: line)
        XCTAssertEqual(channel(p, 0), rgb.b, accuracy: tolerance, "blue of \(what): \(String(p, radix: 16))", file: file, line: line)
    }

    func testIconsOfEverySizeFitTheRingItem() throws {
        for size in [64, 512, 1000, 4000] {
            for ext in ["png", "jpg"] {
                let name = "icon-\(size).\(ext)"
                let icon = try Image(contentsOfFile: TestImages.path(name), fittingIn: 96, 96)
                let side = min(size, 96)
                XCTAssertEqual(icon.width, side, name); XCTAssertEqual(icon.height, side, name)
                assertColor(icon.canvas.pixel(x: side / 2, y: side / 2), red, "centre of \(name)")
                if ext == "png" {
                    XCTAssertEqual(icon.canvas.pixel(x: 0, y: 0), 0, "transparent corner of \(name)")
                } else {
                    // Ringing from the red disc reaches into the corner's 8×8 block at 64 px.
                    assertColor(icon.canvas.pixel(x: 0, y: 0), (255, 255, 255), tolerance: 16, "white corner of \(name)")
                }
            }
        }
    }

    func testNaturalSizeDecodesEveryPixel() throws {
        for name in ["icon-1000.png", "icon-1000.jpg"] {
            let image = try Image(contentsOfFile: TestImages.path(name))
            XCTAssertEqual(image.width, 1000); XCTAssertEqual(image.height, 1000)
            assertColor(image.canvas.pixel(x: 500, y: 500), red, "centre of \(name)")
            // The circle's edge is at 1000/16 from the top: just inside it is red.
            assertColor(image.canvas.pixel(x: 500, y: 70), red, tolerance: 12, "top of the circle in \(name)")
        }
    }

    func testSmallPicturesAreNeverStretchedBeyondNaturalSizeTimesScale() throws {
        let path = TestImages.path("icon-64.png")
        XCTAssertEqual(try Image(contentsOfFile: path, fittingIn: 200, 200).width, 64)
        let doubled = try Image(contentsOfFile: path, fittingIn: 200, 200, scale: 2)
        XCTAssertEqual(doubled.width, 128); XCTAssertEqual(doubled.height, 128)
        assertColor(doubled.canvas.pixel(x: 64, y: 64), red, "centre at scale 2")
        XCTAssertEqual(try Image(contentsOfFile: path, fittingIn: 200, 200, scale: 4).width, 200, "the box still wins")
    }

    func testNonSquarePicturesKeepTheirAspectRatio() throws {
        let wide = try Image(contentsOfFile: TestImages.path("wide-800x400.png"), fittingIn: 96, 96)
        XCTAssertEqual(wide.width, 96); XCTAssertEqual(wide.height, 48)
        assertColor(wide.canvas.pixel(x: 10, y: 24), (0x1C, 0x71, 0xD8), tolerance: 1, "blue left")
        assertColor(wide.canvas.pixel(x: 85, y: 24), (0xF6, 0xD3, 0x2D), tolerance: 1, "yellow right")
        // The boundary falls exactly between output columns 47 and 48: no blending.
        assertColor(wide.canvas.pixel(x: 47, y: 24), (0x1C, 0x71, 0xD8), tolerance: 1, "last blue column")
        assertColor(wide.canvas.pixel(x: 48, y: 24), (0xF6, 0xD3, 0x2D), tolerance: 1, "first yellow column")

        let tall = try Image(contentsOfFile: TestImages.path("tall-300x1200.jpg"), fittingIn: 96, 96)
        XCTAssertEqual(tall.width, 24); XCTAssertEqual(tall.height, 96)
        assertColor(tall.canvas.pixel(x: 12, y: 10), (0x1C, 0x71, 0xD8), "blue top")
        assertColor(tall.canvas.pixel(x: 12, y: 85), (0xF6, 0xD3, 0x2D), "yellow bottom")
    }

    func testALyingHeaderIsRefusedBeforeAnythingIsAllocated() throws {
        let path = TestImages.path("lying-30000.png")
        let before = HeapUsage.bytesInUse()
        XCTAssertThrowsError(try Image(contentsOfFile: path, fittingIn: 96, 96)) { error in
            let message = "\(error)"
            XCTAssertTrue(message.hasPrefix(path), message)
            XCTAssertTrue(message.contains("30000×30000"), message)
            XCTAssertTrue(message.contains("\(ImageLimits.maxPixels / 1_000_000) megapixels"), message)
            XCTAssertTrue(message.contains("scale the picture down"), message)
        }
        // 3.6 GB would have been asked for; nothing of the sort is held (nor was it ever
        // touched: the error comes from the header, before the decoder runs).
        XCTAssertLessThan(HeapUsage.bytesInUse() - before, 1 << 20)
    }

    func testTruncatedAndCorruptJPEGsThrowNamingTheFile() {
        for name in ["truncated-1000.jpg", "corrupt-huffman.jpg"] {
            let path = TestImages.path(name)
            for fit in [ImageFit.natural, ImageFit(maxWidth: 96, maxHeight: 96)] {
                XCTAssertThrowsError(try Image(contentsOfFile: path, fit: fit)) { error in
                    XCTAssertTrue("\(error)".hasPrefix(path), "\(error)")
                    XCTAssertTrue("\(error)".contains("JPEG"), "\(error)")
                }
            }
        }
    }

    func testPNGColourTypesAndInterlacing() throws {
        let grey = try Image(contentsOfFile: TestImages.path("gray-gradient.png"))
        XCTAssertEqual(grey.width, 256); XCTAssertEqual(grey.height, 64)
        // ImageMagick's gradient runs black at the top to white at the bottom; turned
        // clockwise, white is on the left.
        assertColor(grey.canvas.pixel(x: 0, y: 30), (255, 255, 255), tolerance: 2, "white left")
        assertColor(grey.canvas.pixel(x: 255, y: 30), (0, 0, 0), tolerance: 2, "black right")
        assertColor(grey.canvas.pixel(x: 128, y: 30), (128, 128, 128), tolerance: 3, "grey middle")

        let palette = try Image(contentsOfFile: TestImages.path("palette.png"))
        assertColor(palette.canvas.pixel(x: 5, y: 5), (255, 0, 0), tolerance: 0, "red palette entry")
        assertColor(palette.canvas.pixel(x: 60, y: 5), (0, 0, 255), tolerance: 0, "blue palette entry")

        let deep = try Image(contentsOfFile: TestImages.path("rgb16.png"))
        assertColor(deep.canvas.pixel(x: 30, y: 0), (255, 0, 0), tolerance: 2, "red top of the 16-bit gradient")
        assertColor(deep.canvas.pixel(x: 30, y: 63), (0, 0, 255), tolerance: 2, "blue bottom of the 16-bit gradient")

        let interlaced = try Image(contentsOfFile: TestImages.path("interlaced-512.png"))
        let plain = try Image(contentsOfFile: TestImages.path("icon-512.png"))
        XCTAssertNil(try GoldenImage.compare(interlaced.canvas, to: plain.canvas, name: "interlaced", tolerance: 0))
    }

    func testJPEGGreyCMYKAndProgressive() throws {
        let grey = try Image(contentsOfFile: TestImages.path("gray-512.jpg"))
        let centre = try XCTUnwrap(grey.canvas.pixel(x: 256, y: 256))
        XCTAssertEqual(channel(centre, 16), channel(centre, 0)); XCTAssertEqual(channel(centre, 8), channel(centre, 0))
        // ImageMagick's grey of #E01B24 (Rec. 709 luma of the sRGB values: about 70).
        XCTAssertTrue((50...100).contains(channel(centre, 0)), String(centre, radix: 16))
        assertColor(grey.canvas.pixel(x: 2, y: 2), (255, 255, 255), "white corner")

        let cmyk = try Image(contentsOfFile: TestImages.path("cmyk-64.jpg"))
        assertColor(cmyk.canvas.pixel(x: 10, y: 30), red, "red half of the CMYK JPEG")
        assertColor(cmyk.canvas.pixel(x: 50, y: 30), (0x1C, 0x71, 0xD8), "blue half of the CMYK JPEG")
        let small = try Image(contentsOfFile: TestImages.path("cmyk-64.jpg"), fittingIn: 16, 16)
        assertColor(small.canvas.pixel(x: 2, y: 8), red, "CMYK decoded small")

        let progressive = try Image(contentsOfFile: TestImages.path("progressive-1000.jpg"), fittingIn: 200, 200)
        let baseline = try Image(contentsOfFile: TestImages.path("icon-1000.jpg"), fittingIn: 200, 200)
        // Re-encoded from icon-1000.jpg, so one more generation of JPEG loss at the edge.
        XCTAssertNil(try GoldenImage.compare(progressive.canvas, to: baseline.canvas, name: "progressive", tolerance: 16))
    }

    func testTheFormatComesFromTheBytesNotTheName() throws {
        let disguised = try Image(contentsOfFile: TestImages.path("jpeg-named.png"))
        XCTAssertEqual(disguised.width, 64)
        assertColor(disguised.canvas.pixel(x: 32, y: 32), red, "JPEG named .png")
        XCTAssertEqual(ImageFormat.detect(Array("\u{89}PNG".utf8)), nil)
        let gif = try Image(contentsOfFile: TestImages.path("red-4.gif"))
        XCTAssertEqual(gif.width, 4)
        assertColor(gif.canvas.pixel(x: 2, y: 2), (255, 0, 0), "the red GIF")
        XCTAssertThrowsError(try Image(data: Array("BM".utf8) + [UInt8](repeating: 0, count: 60))) { error in
            XCTAssertTrue("\(error)".contains("BMP"), "\(error)")
            XCTAssertTrue("\(error)".contains("convert it to PNG"), "\(error)")
        }
        XCTAssertThrowsError(try Image(data: [])) { XCTAssertTrue("\($0)".contains("empty"), "\($0)") }
    }

    func testDownscaleIsAnExactAreaAverage() throws {
        // A 1-px checkerboard shrunk 10:1 is mid grey everywhere, edges included.
        let grey = try Image(contentsOfFile: TestImages.path("checker-1000.png"), fittingIn: 100, 100)
        XCTAssertEqual(grey.width, 100)
        for y in 0..<100 {
            for x in 0..<100 {
                let p = try XCTUnwrap(grey.canvas.pixel(x: x, y: y))
                XCTAssertTrue((127...128).contains(channel(p, 8)) && channel(p, 24) == 255, "\(x),\(y): \(String(p, radix: 16))")
            }
        }
    }

    func testDCTScaledJPEGMatchesAFullDecodeShrunk() throws {
        // The decoder is asked for twice the output (see JPEGDecoder.decode).
        XCTAssertEqual(JPEGDecoder.scaledSize(width: 4000, height: 4000, atLeast: (192, 192)).width, 500, "1/8")
        XCTAssertEqual(JPEGDecoder.scaledSize(width: 1000, height: 1000, atLeast: (400, 400)).width, 500, "1/2 (3/8 is 375)")
        XCTAssertTrue(JPEGDecoder.scaledSize(width: 300, height: 1200, atLeast: (48, 192)) == (75, 300), "1/4: the taller side decides")
        XCTAssertTrue(JPEGDecoder.scaledSize(width: 64, height: 64, atLeast: (128, 128)) == (64, 64), "never above natural")
        // Decoded at 1/8 and averaged, against every pixel decoded and averaged.
        let path = TestImages.path("icon-4000.jpg")
        let scaled = try Image(contentsOfFile: path, fittingIn: 96, 96)
        let full = try Image(contentsOfFile: path)
        let reference = try withExtendedLifetime(full) {
            try AreaAverage(sourceWidth: 4000, sourceHeight: 4000, width: 96, height: 96).run(source: full.bitmap.base, stride: full.bitmap.stride)
        }
        XCTAssertNil(try GoldenImage.compare(scaled.canvas, to: reference.canvas, name: "dct-scaled", tolerance: 12))
    }

    func testFitSizes() throws {
        let box = ImageFit(maxWidth: 96, maxHeight: 96)
        XCTAssertTrue(box.size(width: 800, height: 400) == (96, 48))
        XCTAssertTrue(box.size(width: 3, height: 3000) == (1, 96), "never below 1 px")
        XCTAssertTrue(ImageFit(maxWidth: 500, maxHeight: 500, scale: 2).size(width: 100, height: 50) == (200, 100))
        let huge = ImageFit(maxWidth: 1 << 20, maxHeight: 1 << 20, scale: 8).size(width: 10000, height: 4000)
        XCTAssertLessThanOrEqual(huge.width * huge.height, ImageLimits.maxPixels, "the shown size obeys the cap too")
        XCTAssertThrowsError(try Image(contentsOfFile: TestImages.path("icon-64.png"), fittingIn: 0, 96)) {
            XCTAssertTrue("\($0)".contains("0×96"), "\($0)")
        }
    }
}
