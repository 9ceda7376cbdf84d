import Foundation
import LecternTestSupport
import XCTest
@testable import Raster

/// WebP, GIF, HEIF and AVIF from files Debian's tools make at test time, each shown by
/// its pixels; hostile files of each refused with a message naming the real format.
final class PictureFormatTests: XCTestCase {
    private func assertSplit(_ image: Image, tolerance: Int, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let w = image.width, h = image.height
        for (x, want) in [(w / 4, TestPictures.left), (w * 3 / 4, TestPictures.right)] {
            guard let p = image.canvas.pixel(x: x, y: h / 2) else { return XCTFail("no pixel in \(what)", file: file, line: line) }
            let got = [channel(p, 24), channel(p, 16), channel(p, 8), channel(p, 0)]
            for (g, e) in zip(got, [255, want.r, want.g, want.b]) {
                XCTAssertEqual(g, e, accuracy: tolerance, "\(what) at x = \(x): \(got)", file: file, line: line)
            }
        }
    }

    private func assertRefused(_ path: String, saying words: [String], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try Image(contentsOfFile: path, fittingIn: 96, 96), file: file, line: line) { error in
            let text = "\(error)"
            XCTAssertTrue(text.hasPrefix(path), text, file: file, line: line)
            for word in words { XCTAssertTrue(text.contains(word), "\(word) in: \(text)", file: file, line: line) }
        }
    }

    /// The file's bytes up to `fraction` of its length, as a new file.
    private func truncated(_ path: String, _ fraction: Double) throws -> String {
        let bytes = try TestPictures.bytes(path)
        return try TestPictures.write("cut-" + (path as NSString).lastPathComponent, bytes: Array(bytes.prefix(Int(Double(bytes.count) * fraction))))
    }

    // MARK: WebP

    func testWebPLossyAndLosslessAreShownByTheirPixels() throws {
        assertSplit(try Image(contentsOfFile: try TestPictures.webp()), tolerance: 8, "lossy WebP")
        let lossless = try Image(contentsOfFile: try TestPictures.webp(lossless: true))
        XCTAssertEqual(lossless.width, 200); XCTAssertEqual(lossless.height, 100)
        assertSplit(lossless, tolerance: 0, "lossless WebP")
    }

    func testWebPIsDecodedAtTheShownSize() throws {
        let icon = try Image(contentsOfFile: try TestPictures.webp(lossless: true), fittingIn: 50, 50)
        XCTAssertEqual(icon.width, 50); XCTAssertEqual(icon.height, 25)
        assertSplit(icon, tolerance: 2, "WebP at 50×25")
    }

    func testAnAnimatedWebPShowsItsFirstFrame() throws {
        let path = try TestPictures.animatedWebP()
        let image = try Image(contentsOfFile: path, fittingIn: 100, 100)
        XCTAssertEqual(image.width, 100); XCTAssertEqual(image.height, 50)
        assertSplit(image, tolerance: 2, "first frame of the animated WebP")
    }

    func testHostileWebPsAreRefused() throws {
        assertRefused(try truncated(try TestPictures.webp(), 0.6), saying: ["WebP", "truncated"])
        assertRefused(try truncated(try TestPictures.animatedWebP(), 0.6), saying: ["WebP"])
        // The lossless header's 14-bit width and height, both set to 16384: 268 megapixels.
        var bytes = try TestPictures.bytes(try TestPictures.webp(lossless: true))
        XCTAssertEqual(Array(bytes[12..<16]), Array("VP8L".utf8))
        bytes[21] = 0xFF; bytes[22] = 0xFF; bytes[23] = 0xFF; bytes[24] = (bytes[24] & 0xF0) | 0x0F
        assertRefused(try TestPictures.write("huge.webp", bytes: bytes), saying: ["WebP header gives 16384×16384", "megapixels"])
    }

    // MARK: GIF

    func testGIFIsShownByItsPixels() throws {
        let image = try Image(contentsOfFile: try TestPictures.gif())
        XCTAssertEqual(image.width, 200); XCTAssertEqual(image.height, 100)
        assertSplit(image, tolerance: 0, "GIF")
        assertSplit(try Image(contentsOfFile: try TestPictures.gif(), fittingIn: 40, 40), tolerance: 2, "GIF at 40×20")
    }

    func testAnAnimatedGIFShowsItsFirstFrame() throws {
        let path = try TestPictures.animatedGIF()
        let image = try Image(contentsOfFile: path)
        XCTAssertEqual(image.width, 160); XCTAssertEqual(image.height, 120)
        XCTAssertTrue(image.isOpaque, "testsrc covers the whole screen")
        // testsrc's frame counter and colour bars: more than a handful of colours.
        var colours = Set<UInt32>()
        for y in stride(from: 0, to: 120, by: 4) { for x in stride(from: 0, to: 160, by: 4) { colours.insert(image.canvas.pixel(x: x, y: y) ?? 0) } }
        XCTAssertGreaterThan(colours.count, 8)
    }

    func testHostileGIFsAreRefused() throws {
        let whole = try TestPictures.bytes(try TestPictures.gif())
        for cut in [8, whole.count / 2, whole.count - 20] {
            assertRefused(try TestPictures.write("cut-\(cut).gif", bytes: Array(whole.prefix(cut))), saying: ["GIF", "corrupt or truncated"])
        }
        var bytes = try TestPictures.bytes(try TestPictures.gif())
        bytes[6] = 0xFF; bytes[7] = 0xFF; bytes[8] = 0xFF; bytes[9] = 0xFF
        assertRefused(try TestPictures.write("huge.gif", bytes: bytes), saying: ["GIF header gives 65535×65535", "megapixels"])
    }

    /// A 2×2 screen whose one-pixel frame sits at x = 100, outside it (a hand-made file:
    /// no tool writes one): the screen is shown, transparent, and nothing is written past it.
    func testAGIFFrameOutsideItsScreenIsClipped() throws {
        let gif: [UInt8] = Array("GIF89a".utf8) + [2, 0, 2, 0, 0x80, 0, 0, 0, 0, 0, 255, 255, 255]
            + [0x2C, 100, 0, 0, 0, 1, 0, 1, 0, 0] + [2, 2, 0x44, 0x01, 0] + [0x3B]
        let image = try Image(data: gif)
        XCTAssertEqual(image.width, 2); XCTAssertEqual(image.height, 2)
        XCTAssertEqual(image.canvas.pixel(x: 1, y: 0), 0)
        var inside = gif
        inside[13 + 6 + 1] = 1  // left = 1: the frame's black pixel lands at (1, 0)
        XCTAssertEqual(try Image(data: inside).canvas.pixel(x: 1, y: 0), 0xFF00_0000)
    }

    // MARK: HEIF and AVIF

    func testHEIFAndAVIFAreShownByTheirPixels() throws {
        for (path, format) in [(try TestPictures.heif(), ImageFormat.heif), (try TestPictures.avif(), .avif)] {
            XCTAssertEqual(ImageFormat.detect(try TestPictures.bytes(path)), format)
            let image = try Image(contentsOfFile: path)
            XCTAssertEqual(image.width, 200, "\(format)"); XCTAssertEqual(image.height, 100, "\(format)")
            assertSplit(image, tolerance: 12, "\(format)")
            assertSplit(try Image(contentsOfFile: path, fittingIn: 60, 60), tolerance: 12, "\(format) at 60×30")
        }
    }

    func testHostileHEIFAndAVIFAreRefused() throws {
        for (path, name) in [(try TestPictures.heif(), "HEIF"), (try TestPictures.avif(), "AVIF")] {
            assertRefused(try truncated(path, 0.5), saying: [name])
            // The picture's `ispe` box (its size) set to 40000×40000.
            var bytes = try TestPictures.bytes(path)
            guard let at = (0..<bytes.count - 16).first(where: { Array(bytes[$0..<$0 + 4]) == Array("ispe".utf8) }) else {
                return XCTFail("no ispe box in \(name)")
            }
            for offset in [8, 12] { bytes.replaceSubrange(at + offset..<at + offset + 4, with: [0x00, 0x00, 0x9C, 0x40]) }
            assertRefused(try TestPictures.write("huge-\(name).bin", bytes: bytes), saying: [name])
        }
    }

    /// Alpha is kept, premultiplied as every picture is: opaque green on the left, nothing
    /// on the right.
    func testTransparencyIsKeptInEveryFormat() throws {
        for format in ["webp", "gif", "avif"] {
            let image = try Image(contentsOfFile: try TestPictures.halfTransparent(as: format))
            XCTAssertFalse(image.isOpaque, format)
            let left = image.canvas.pixel(x: 50, y: 50) ?? 0, right = image.canvas.pixel(x: 150, y: 50) ?? 1
            XCTAssertEqual(channel(left, 24), 255, format); XCTAssertEqual(channel(left, 8), 255, accuracy: 6, format)
            XCTAssertEqual(channel(left, 16), 0, accuracy: 6, format)
            XCTAssertEqual(right, 0, "\(format): \(String(right, radix: 16))")
        }
    }

    // MARK: Which format a file is

    func testAFileIsDecodedByItsContentWhateverItsName() throws {
        let misnamed = try TestPictures.write("photo.png", bytes: try TestPictures.bytes(try TestPictures.webp(lossless: true)))
        assertSplit(try Image(contentsOfFile: misnamed), tolerance: 0, "a WebP named .png")
        let cut = try TestPictures.write("cut-photo.png", bytes: Array(try TestPictures.bytes(misnamed).prefix(40)))
        assertRefused(cut, saying: ["WebP"])
    }

    func testAnMP4IsNamedAVideoNotAPicture() throws {
        let clip = try TestPictures.mp4()
        XCTAssertNil(ImageFormat.detect(try TestPictures.bytes(clip)))
        assertRefused(clip, saying: ["MP4/QuickTime video", "clip"])
        XCTAssertThrowsError(try Image(contentsOfFile: clip)) { XCTAssertFalse("\($0)".contains("HEIF"), "\($0)") }
    }

    func testISOBrandsTellPicturesFromClips() {
        func ftyp(_ major: String, _ compatible: [String]) -> [UInt8] {
            let size = 16 + 4 * compatible.count
            return [0, 0, 0, UInt8(size)] + Array("ftyp".utf8) + Array(major.utf8) + [0, 0, 0, 0] + compatible.flatMap { Array($0.utf8) }
        }
        XCTAssertEqual(ImageFormat.detect(ftyp("heic", ["mif1", "heic"])), .heif)
        XCTAssertEqual(ImageFormat.detect(ftyp("avif", ["avif", "mif1", "miaf"])), .avif)
        XCTAssertEqual(ImageFormat.detect(ftyp("mif1", ["mif1", "avif"])), .avif)
        XCTAssertEqual(ImageFormat.detect(ftyp("avis", ["avis", "msf1"])), .avif)
        XCTAssertEqual(ImageFormat.detect(ftyp("msf1", ["msf1", "heic"])), .heif)
        XCTAssertNil(ImageFormat.detect(ftyp("isom", ["isom", "iso2", "avc1", "mp41"])))
        XCTAssertNil(ImageFormat.detect(ftyp("mp42", ["mp42", "mif1"])), "an MP4 listing a picture brand is still a clip")
        XCTAssertNil(ImageFormat.detect(ftyp("M4V ", ["M4V ", "M4A ", "mp42"])))
        XCTAssertNil(ImageFormat.detect(ftyp("qt  ", ["qt  "])))
    }
}
