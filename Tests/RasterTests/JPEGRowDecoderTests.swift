import CTurboJPEG
import Foundation
import LecternTestSupport
import XCTest
@testable import Raster

/// The row-by-row JPEG decoder (`CJPEGRows`, libjpeg's scanline API) against TurboJPEG's
/// tjDecompress2, which `JPEGDecoder` used before: the same settings must give the same
/// pixels at every DCT scale, for JPEGs made by ImageMagick (Tests/Images) and by ffmpeg's
/// encoder at a photo's size. A large photo shown smaller never exists at the decoded
/// size, and a band of a tall one is decoded only as far as that band.
final class JPEGRowDecoderTests: XCTestCase {
    /// Baseline, progressive, grey, CMYK, 4:2:0 and non-square, made by ImageMagick.
    private let files = ["icon-64.jpg", "icon-512.jpg", "icon-1000.jpg", "progressive-1000.jpg", "gray-512.jpg",
                         "cmyk-64.jpg", "tall-300x1200.jpg", "exif-orientation-1.jpg"]

    func testEveryTestJPEGDecodesExactlyAsTurboJPEGDecodesIt() throws {
        for name in files {
            try assertSameAsTurboJPEG(try read(TestImages.path(name)), name)
        }
    }

    /// A 3000×2000 photo-like JPEG from ffmpeg's encoder (mandelbrot: detail everywhere,
    /// 4:2:0), at natural size and shrunk through three DCT scales.
    func testAPhotoSizedJPEGFromFFmpegDecodesExactlyAsTurboJPEGDecodesIt() throws {
        let path = try photo()
        try assertSameAsTurboJPEG(try read(path), "ffmpeg 3000x2000", fits: [(3000, 2000), (1824, 1824), (700, 700), (96, 96)])
    }

    /// The bands of the photo, decoded row by row, are the rows of the whole decode, at
    /// the top, in the middle and at the bottom, shown at its size and shrunk.
    func testBandsOfAJPEGAreTheRowsOfTheWholeDecode() throws {
        let path = try photo()
        for fit in [ImageFit(maxWidth: 3000, maxHeight: ImageLimits.maxSide), ImageFit(maxWidth: 1824, maxHeight: ImageLimits.maxSide)] {
            let whole = try Image(contentsOfFile: path, fit: fit)
            let count = (whole.height + 127) / 128
            for wanted in [0..<1, count / 2 - 1..<count / 2 + 1, count - 1..<count] {
                let bands = try Image.bands(contentsOfFile: path, fit: fit, bandRows: { _ in 128 }, wanted: wanted)
                XCTAssertEqual(bands.images.count, wanted.count)
                XCTAssertEqual(bands.facts, PictureFacts(format: .jpeg, width: 3000, height: 2000, isAnimated: false))
                for (offset, band) in bands.images.enumerated() {
                    let top = (wanted.lowerBound + offset) * 128
                    for y in 0..<band.height {
                        let a = Array(UnsafeBufferPointer(start: band.canvas.row(y), count: band.width))
                        let b = Array(UnsafeBufferPointer(start: whole.canvas.row(top + y), count: whole.width))
                        guard a == b else { return XCTFail("\(fit.maxWidth) px, band \(wanted): row \(top + y) differs") }
                    }
                }
            }
            XCTAssertEqual(try Image.bands(contentsOfFile: path, fit: fit, bandRows: { _ in 128 }, wanted: 0..<1, checkingOpacity: true).isOpaque, true)
        }
    }

    /// Shown at 1000 px, the 3000×2000 photo is decoded at 6/8 (2250×1500, 12.9 MiB) and
    /// averaged: TurboJPEG wrote all of that before the average; row by row, the peak
    /// grows by the picture shown (2.5 MiB) and the file's bytes, and little more.
    func testAPhotoShownSmallerIsNeverDecodedWhole() throws {
        let path = try photo()
        _ = try Image(contentsOfFile: path, fit: ImageFit(maxWidth: 96, maxHeight: 96))  // libraries and the file read once
        try PeakResident.reset()
        let before = try PeakResident.kib()
        let shown = try Image(contentsOfFile: path, fit: ImageFit(maxWidth: 1000, maxHeight: 1000))
        let growth = try PeakResident.kib() - before
        XCTAssertEqual(shown.width, 1000)
        let fileKiB = try read(path).count / 1024, shownKiB = 1000 * 667 * 4 / 1024
        // Under AddressSanitizer, its shadow of those bytes and the freed rows it holds back.
        let sanitizer = PeakResident.underAddressSanitizer ? (shownKiB + fileKiB) / 8 + 1024 : 0
        XCTAssertLessThan(growth, shownKiB + fileKiB + 1024 + sanitizer,
                          "peak RSS grew \(growth) KiB for a 1000x667 picture (\(shownKiB) KiB) from a \(fileKiB)-KiB 3000x2000 JPEG (decoded whole: 13184 KiB)")
    }

    /// Damage is reported as before: with the path, from the band that reaches it.
    func testTruncatedAndCorruptJPEGsThrowFromTheRowDecoderToo() {
        for name in ["truncated-1000.jpg", "corrupt-huffman.jpg"] {
            let path = TestImages.path(name)
            XCTAssertThrowsError(try Image.bands(contentsOfFile: path, fit: ImageFit(maxWidth: 1000, maxHeight: 1000),
                                                 bandRows: { _ in 128 }, wanted: 0..<8)) { error in
                XCTAssertTrue("\(error)".hasPrefix(path), "\(error)")
                XCTAssertTrue("\(error)".contains("JPEG"), "\(error)")
            }
        }
    }

    // MARK: Helpers

    private func read(_ path: String) throws -> [UInt8] {
        try Array(Data(contentsOf: URL(fileURLWithPath: path)))
    }

    private func photo() throws -> String {
        try TestPictures.make("photo-3000x2000.jpg", "ffmpeg",
                              ["-v", "error", "-f", "lavfi", "-i", "mandelbrot=size=3000x2000", "-frames:v", "1",
                               "-pix_fmt", "yuvj420p", "-q:v", "3", "-y", "{out}"])
    }

    /// Decodes `data` with `JPEGDecoder` at each fit and with TurboJPEG at the DCT scale
    /// the decoder picks (averaged down the same way), and requires every pixel to match.
    private func assertSameAsTurboJPEG(_ data: [UInt8], _ name: String, fits: [(Int, Int)]? = nil,
                                       file: StaticString = #filePath, line: UInt = #line) throws {
        let natural = try Image(data: data)
        let w = natural.width, h = natural.height
        for (fw, fh) in fits ?? [(w, h), (max(1, w * 2 / 5), max(1, h * 2 / 5)), (max(1, w / 7), max(1, h / 7))] {
            let fit = ImageFit(maxWidth: fw, maxHeight: fh)
            let shown = fit.size(width: w, height: h)
            let decoded = JPEGDecoder.scaledSize(width: w, height: h, atLeast: (shown.width * 2, shown.height * 2))
            let reference = try decodeWithTurboJPEG(data, width: decoded.width, height: decoded.height)
            let expected = try reference.withUnsafeBytes {
                try AreaAverage(sourceWidth: decoded.width, sourceHeight: decoded.height, width: shown.width, height: shown.height)
                    .run(source: $0.baseAddress!, stride: decoded.width * 4)
            }
            let image = try Image(data: data, fit: fit)
            if decoded == shown {
                // At the decoded size nothing is averaged: the decoder's words as they are.
                for y in 0..<shown.height {
                    let row = Array(UnsafeBufferPointer(start: image.canvas.row(y), count: shown.width))
                    guard row == Array(reference[y * shown.width..<(y + 1) * shown.width]) else {
                        return XCTFail("\(name) at \(shown): row \(y) differs from TurboJPEG's", file: file, line: line)
                    }
                }
            } else {
                XCTAssertNil(try GoldenImage.compare(image.canvas, to: expected.canvas, name: "\(name) at \(shown)", tolerance: 0),
                             file: file, line: line)
            }
        }
    }

    /// TurboJPEG's tjDecompress2 at `width`×`height` (one of its scaling factors), as BGRA
    /// words (CMYK converted as `JPEGDecoder` converts it).
    private func decodeWithTurboJPEG(_ data: [UInt8], width: Int, height: Int) throws -> [UInt32] {
        guard let handle = tjInitDecompress() else { throw ImageError("tjInitDecompress failed") }
        defer { tjDestroy(handle) }
        var pixels = [UInt32](repeating: 0, count: width * height)
        try data.withUnsafeBufferPointer { bytes in
            var w: Int32 = 0, h: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
            guard tjDecompressHeader3(handle, bytes.baseAddress, UInt(bytes.count), &w, &h, &subsampling, &colorspace) == 0 else {
                throw ImageError("header: \(String(cString: tjGetErrorStr2(handle)))")
            }
            let cmyk = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
            let format = cmyk ? TJPF_CMYK : TJPF_BGRA
            try pixels.withUnsafeMutableBytes { out in
                guard tjDecompress2(handle, bytes.baseAddress, UInt(bytes.count), out.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                    Int32(width), Int32(width * 4), Int32(height), format.rawValue, 0) == 0 else {
                    throw ImageError("decode: \(String(cString: tjGetErrorStr2(handle)))")
                }
                if cmyk { for y in 0..<height { JPEGDecoder.convertCMYK(out.baseAddress! + y * width * 4, width: width) } }
            }
        }
        return pixels
    }
}
