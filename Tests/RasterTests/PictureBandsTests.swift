import LecternTestSupport
import XCTest
@testable import Raster

/// A tall picture decoded in bands of rows: each band holds the pixels the whole decode
/// gives for those rows, whichever band and however the picture is stored.
final class PictureBandsTests: XCTestCase {
    /// Every row of `bands` equals the same row of `whole`.
    func assertRowsEqual(_ bands: PictureBands, _ whole: Image, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        for (offset, band) in bands.images.enumerated() {
            let top = (bands.first + offset) * bands.bandRows
            XCTAssertEqual(band.width, whole.width, what, file: file, line: line)
            for y in 0..<band.height {
                let a = Array(UnsafeBufferPointer(start: band.canvas.row(y), count: band.width))
                let b = Array(UnsafeBufferPointer(start: whole.canvas.row(top + y), count: whole.width))
                if a != b {
                    XCTFail("\(what): row \(top + y) differs from the whole decode", file: file, line: line)
                    return
                }
            }
        }
    }

    /// The top, a middle pair and the bottom band of pictures shrunk row by row (a PNG
    /// made by ffmpeg, the 4000-px icon with alpha shown 1824 px wide as in the memory
    /// scenario), one shown at its own size (a PNG read row by row without averaging) and
    /// a JPEG (decoded whole, the bands copied out).
    func testBandsAreTheRowsOfTheWholeDecode() throws {
        let cases: [(String, ImageFit)] = [
            (try TestPictures.tall(), ImageFit(maxWidth: 700, maxHeight: ImageLimits.maxSide)),
            (TestImages.path("icon-4000.png"), ImageFit(maxWidth: 1824, maxHeight: ImageLimits.maxSide)),
            (try TestPictures.tall(), ImageFit(maxWidth: 1200, maxHeight: ImageLimits.maxSide)),
            (TestImages.path("tall-300x1200.jpg"), ImageFit(maxWidth: 300, maxHeight: ImageLimits.maxSide)),
        ]
        for (path, fit) in cases {
            let whole = try Image(contentsOfFile: path, fit: fit)
            let count = (whole.height + 127) / 128
            XCTAssertGreaterThan(count, 4, path)
            for wanted in [0..<1, count / 2 - 1..<count / 2 + 1, count - 1..<count] {
                let bands = try Image.bands(contentsOfFile: path, fit: fit, bandRows: { _ in 128 }, wanted: wanted)
                XCTAssertEqual(bands.width, whole.width, path)
                XCTAssertEqual(bands.height, whole.height, path)
                XCTAssertEqual(bands.first, wanted.lowerBound, path)
                XCTAssertEqual(bands.images.count, wanted.count, path)
                XCTAssertNil(bands.isOpaque, "opacity not looked at")
                assertRowsEqual(bands, whole, "\(path) bands \(wanted)")
            }
            XCTAssertEqual(try Image.bands(contentsOfFile: path, fit: fit, bandRows: { _ in 128 }, wanted: 0..<1, checkingOpacity: true).isOpaque,
                           whole.isOpaque, path)
        }
    }

    /// Pictures shown larger than their own size (a photograph across a wide screen's
    /// column): read row by row and enlarged a batch of rows at a time, every band holds
    /// the pixels the whole decode (decoded, then `Image.scaled`) gives, whichever
    /// band: ffmpeg's test pattern at 1.5× (tall: many bands), and the icon with alpha,
    /// interlaced, 16-bit grey with alpha, a 4-bit palette with transparency, a
    /// progressive, a CMYK and a tall JPEG, at scales that put band edges and source rows
    /// at every phase. The decode is row by row: the shape says so.
    func testEnlargedPicturesAreReadRowByRowWithTheWholeDecodesPixels() throws {
        let cases: [(String, ImageFit)] = [
            (try TestPictures.tall(), ImageFit(maxWidth: 1800, maxHeight: ImageLimits.maxSide, scale: 1.5)),
            (TestImages.path("icon-512.png"), ImageFit(maxWidth: 1000, maxHeight: ImageLimits.maxSide, scale: 1.37)),
            (TestImages.path("interlaced-512.png"), ImageFit(maxWidth: 1024, maxHeight: ImageLimits.maxSide, scale: 2)),
            (TestImages.path("gray-alpha16.png"), ImageFit(maxWidth: 4000, maxHeight: ImageLimits.maxSide, scale: 7.3)),
            (TestImages.path("palette4-trns.png"), ImageFit(maxWidth: 4000, maxHeight: ImageLimits.maxSide, scale: 13.7)),
            (TestImages.path("progressive-1000.jpg"), ImageFit(maxWidth: 1250, maxHeight: ImageLimits.maxSide, scale: 1.25)),
            (TestImages.path("cmyk-64.jpg"), ImageFit(maxWidth: 1000, maxHeight: ImageLimits.maxSide, scale: 11)),
            (TestImages.path("tall-300x1200.jpg"), ImageFit(maxWidth: 450, maxHeight: ImageLimits.maxSide, scale: 1.5)),
        ]
        for (path, fit) in cases {
            let whole = try Image(contentsOfFile: path, fit: fit)
            let natural = try Image(contentsOfFile: path, fit: .natural)
            XCTAssertGreaterThan(whole.width, natural.width, path)
            XCTAssertGreaterThan(whole.height, natural.height, path)
            let count = (whole.height + 127) / 128
            XCTAssertGreaterThan(count, 2, path)
            var rowByRow: Bool?
            for wanted in [0..<count, 0..<1, count / 2..<count / 2 + 1, count - 1..<count] {
                let bands = try Image.bands(contentsOfFile: path, fit: fit, bandRows: { shape in
                    rowByRow = shape.rowByRow
                    return 128
                }, wanted: wanted)
                XCTAssertEqual(bands.width, whole.width, path)
                XCTAssertEqual(bands.height, whole.height, path)
                XCTAssertEqual(bands.images.count, wanted.count, path)
                assertRowsEqual(bands, whole, "\(path) at \(whole.width)x\(whole.height), bands \(wanted)")
            }
            XCTAssertEqual(rowByRow, true, path)
            XCTAssertEqual(try Image.bands(contentsOfFile: path, fit: fit, bandRows: { _ in 128 }, wanted: 0..<1, checkingOpacity: true).isOpaque,
                           whole.isOpaque, path)
        }
    }

    /// The last band is the rows left; bands past the end are none; a short picture asked
    /// for in one band of its height is the whole picture.
    func testBandsAreClampedToThePicture() throws {
        let path = try TestPictures.tall(), fit = ImageFit(maxWidth: 700, maxHeight: ImageLimits.maxSide)
        let bands = try Image.bands(contentsOfFile: path, fit: fit, bandRows: { _ in 128 }, wanted: 13..<20)
        XCTAssertEqual(bands.height, 1750)
        XCTAssertEqual(bands.count, 14)
        XCTAssertEqual(bands.images.map(\.height), [1750 - 13 * 128])
        let small = try Image.bands(contentsOfFile: TestImages.path("icon-1000.png"), fit: ImageFit(maxWidth: 600, maxHeight: ImageLimits.maxSide),
                                    bandRows: { $0.height }, wanted: 0..<2, checkingOpacity: true)
        XCTAssertEqual(small.images.map(\.height), [600])
        assertRowsEqual(small, try Image(contentsOfFile: TestImages.path("icon-1000.png"), fit: ImageFit(maxWidth: 600, maxHeight: ImageLimits.maxSide)), "icon-1000")
    }

    /// A file that is not a picture says so with its path, as the whole decode does.
    func testErrorsNameTheFile() throws {
        let path = try TestPictures.write("not-a-picture.png", "hello")
        XCTAssertThrowsError(try Image.bands(contentsOfFile: path, fit: ImageFit(maxWidth: 100, maxHeight: 100), bandRows: { _ in 128 }, wanted: 0..<1)) { error in
            XCTAssertTrue("\(error)".hasPrefix(path), "\(error)")
        }
    }
}
