import Foundation
import LecternTestSupport
import Raster
import XCTest
@testable import Typeset

/// A picture that fits a screen but takes more than 2 MiB, decoded row by row (a JPEG
/// photograph, a PNG), is held in bands like a tall one: a scroll past it holds the bands
/// at the screen's edges, not the whole photograph. A small picture, or a large one its
/// decoder gives only whole (a WebP), stays one band.
final class LargePictureBandsTests: XCTestCase {
    /// An 800×960 photograph (3 MiB) from ffmpeg's JPEG encoder, shown at its size.
    private func photo() throws -> String {
        try TestPictures.make("photo-800x960.jpg", "ffmpeg",
                              ["-v", "error", "-f", "lavfi", "-i", "mandelbrot=size=800x960", "-frames:v", "1",
                               "-pix_fmt", "yuvj420p", "-q:v", "3", "-y", "{out}"])
    }

    private func layout(_ path: String, pictures: DecodedPictures) throws -> (PageLayout, FilePicture) {
        var style = TextStyle.pinned([Fonts.dejaVu], size: 16)
        style.margins = .init(all: 10)
        let typesetter = try Typesetter(style: style)
        typesetter.pictures = pictures
        let layout = typesetter.layout(.markdown("Above.\n\n![photograph](\(path))\n\nBelow.\n"), width: 820)
        return (layout, try XCTUnwrap(layout.images.first?.file))
    }

    func testALargePhotographDecodedRowByRowIsHeldInBands() throws {
        let pictures = DecodedPictures(budget: 0)
        let (layout, picture) = try layout(try photo(), pictures: pictures)
        XCTAssertEqual(picture.height, 960)
        XCTAssertEqual(picture.bandRows, FilePicture.tallBandRows, "3 MiB decoded row by row: in bands")
        // A screen of 400 rows scrolled to the photograph's middle: a strip drawn at each
        // edge needs the bands there, not the rows between them (drawn already).
        let image = try XCTUnwrap(layout.images.first)
        let bitmap = try Bitmap(width: 820, height: 400)
        let top = image.rect.minY + 280
        for strip in [IntRect(x: 0, y: 0, width: 820, height: 8), IntRect(x: 0, y: 392, width: 820, height: 8)] {
            layout.draw(into: bitmap.canvas, originX: 0, originY: -top, clip: strip)
        }
        let bandBytes = 800 * 128 * 4
        XCTAssertLessThanOrEqual(pictures.bytes, 2 * bandBytes, "the edges' bands, not the 3 MiB photograph")
        XCTAssertGreaterThan(pictures.bytes, 0)
        // What was drawn is the whole decode's rows.
        let whole = try Image(contentsOfFile: try photo(), fit: ImageFit(maxWidth: 800, maxHeight: ImageLimits.maxSide))
        let x = image.rect.minX
        for y in [0, 7, 392, 399] {
            let drawn = Array(UnsafeBufferPointer(start: bitmap.canvas.row(y) + x, count: 800))
            let expected = Array(UnsafeBufferPointer(start: whole.canvas.row(280 + y), count: 800))
            XCTAssertEqual(drawn, expected, "screen row \(y)")
        }
    }

    /// Layout keeps every band of a banded picture that fits a screen (within the budget),
    /// so the first frame that shows it shows it whole; a taller one, its top two bands.
    func testLayoutKeepsAPictureThatFitsTheScreenWhole() throws {
        let pictures = DecodedPictures(budget: 4 << 20)
        let (_, picture) = try layout(try photo(), pictures: pictures)
        XCTAssertEqual(picture.bandCount, 8)
        XCTAssertEqual(pictures.heldBands(of: picture), Array(0..<8))
        let (_, tall) = try layout(try TestPictures.tall(), pictures: pictures)
        XCTAssertEqual(pictures.heldBands(of: tall), [0, 1])
    }

    func testSmallPicturesAndOnesDecodedWholeStayOneBand() throws {
        let pictures = DecodedPictures(budget: 12 << 20)
        // 512×512 (1 MiB): under the bytes.
        let (_, small) = try layout(TestImages.path("icon-512.png"), pictures: pictures)
        XCTAssertEqual(small.bandRows, small.height)
        // A WebP of the same 3 MiB: its decoder gives it whole, so a band would cost a whole decode.
        let webp = try TestPictures.make("photo-800x960.webp", "ffmpeg",
                                         ["-v", "error", "-f", "lavfi", "-i", "mandelbrot=size=800x960", "-frames:v", "1", "-y", "{out}"])
        let (_, whole) = try layout(webp, pictures: pictures)
        XCTAssertEqual(whole.height, 960)
        XCTAssertEqual(whole.bandRows, 960)
    }
}
