import Foundation
import LecternTestSupport
import Raster
import XCTest
@testable import Typeset

/// A picture taller than the screen is held in bands of rows: scrolling through it holds
/// a few bands, decodes ahead so that not every frame decodes, and draws the pixels the
/// whole picture has.
final class TallPictureTests: XCTestCase {
    func page(pictures: DecodedPictures) throws -> (PageLayout, PlacedImage) { try tallPatternPage(pictures: pictures) }

    let bandBytes = 600 * 128 * 4

    func testLayoutKeepsTheTopBandsOnly() throws {
        let pictures = DecodedPictures(budget: 12 << 20)
        let (_, image) = try page(pictures: pictures)
        let picture = try XCTUnwrap(image.file)
        XCTAssertEqual(picture.height, 1500)
        XCTAssertEqual(picture.bandRows, FilePicture.tallBandRows)
        XCTAssertTrue(picture.isOpaque, "every row was looked at")
        XCTAssertEqual(pictures.heldBands(of: picture), [0, 1])
        XCTAssertEqual(pictures.peakBytes, 2 * bandBytes)
    }

    /// Strips of 40 rows drawn from the top of the page to its bottom, as a scroll draws
    /// the rows it uncovers: the held bytes stay within the bands a strip needs and the
    /// bands ahead, a decode serves several strips, and the page drawn strip by strip
    /// shows the pixels of the whole decode.
    func testScrollingThroughHoldsAFewBandsAndDrawsThePicture() throws {
        let pictures = DecodedPictures(budget: 12 << 20)
        let (layout, image) = try page(pictures: pictures)
        let picture = try XCTUnwrap(image.file)
        let bitmap = try whiteBitmap(width: 620, height: layout.height)
        var most = 0, strips = 0
        for y in stride(from: 0, to: layout.height, by: 40) {
            layout.draw(into: bitmap.canvas, originX: 0, originY: 0, clip: IntRect(x: 0, y: y, width: 620, height: 40))
            most = max(most, pictures.bytes)
            strips += 1
        }
        // A strip meets two bands at most; `aheadBands` more are kept.
        XCTAssertLessThanOrEqual(most, (2 + FilePicture.aheadBands) * bandBytes)
        XCTAssertLessThan(most, 600 * 1500 * 4 / 2, "never near the whole picture")
        XCTAssertGreaterThan(pictures.decodes, 0)
        XCTAssertGreaterThanOrEqual(strips, 4 * pictures.decodes, "not a decode per frame")
        XCTAssertLessThanOrEqual(pictures.decodes, picture.bandCount / (1 + FilePicture.aheadBands) + 1, "\(pictures.decodes) decodes for \(strips) strips")
        let whole = try Image(contentsOfFile: picture.file, fit: ImageFit(maxWidth: 600, maxHeight: ImageLimits.maxSide))
        for row in [0, 1, 127, 128, 700, 1371, 1499] {
            let drawn = Array(UnsafeBufferPointer(start: bitmap.canvas.row(image.rect.minY + row) + image.rect.minX, count: 600))
            let decoded = Array(UnsafeBufferPointer(start: whole.canvas.row(row), count: 600))
            XCTAssertEqual(drawn, decoded, "row \(row) of the picture")
        }
    }

    /// Scrolling back up decodes ahead upwards, and the page drawn upwards is the same.
    func testScrollingUpDecodesAheadUpwards() throws {
        let pictures = DecodedPictures(budget: 12 << 20)
        let (layout, image) = try page(pictures: pictures)
        let picture = try XCTUnwrap(image.file)
        let bitmap = try whiteBitmap(width: 620, height: layout.height)
        var most = 0
        for y in stride(from: layout.height - 40, through: 0, by: -40) {
            layout.draw(into: bitmap.canvas, originX: 0, originY: 0, clip: IntRect(x: 0, y: y, width: 620, height: 40))
            most = max(most, pictures.bytes)
        }
        XCTAssertLessThanOrEqual(most, (2 + FilePicture.aheadBands) * bandBytes)
        XCTAssertLessThanOrEqual(pictures.decodes, picture.bandCount / (1 + FilePicture.aheadBands) + 1)
        let whole = try Image(contentsOfFile: picture.file, fit: ImageFit(maxWidth: 600, maxHeight: ImageLimits.maxSide))
        for row in [0, 640, 1499] {
            let drawn = Array(UnsafeBufferPointer(start: bitmap.canvas.row(image.rect.minY + row) + image.rect.minX, count: 600))
            XCTAssertEqual(drawn, Array(UnsafeBufferPointer(start: whole.canvas.row(row), count: 600)), "row \(row)")
        }
    }

    /// A draw covering 1080 rows of the picture (a full redraw) draws each band as it is
    /// made and keeps a few: it never holds the nine bands it shows at once.
    func testAScreenOfThePictureIsDrawnBandByBand() throws {
        let pictures = DecodedPictures(budget: 12 << 20)
        let (layout, image) = try page(pictures: pictures)
        let picture = try XCTUnwrap(image.file)
        let bitmap = try whiteBitmap(width: 620, height: 1080)
        let origin = -(image.rect.minY + 300)
        layout.draw(into: bitmap.canvas, originX: 0, originY: origin, clip: bitmap.canvas.bounds)
        XCTAssertEqual(pictures.decodes, 1, "one pass")
        XCTAssertLessThanOrEqual(pictures.peakBytes, (2 + FilePicture.aheadBands) * bandBytes)
        XCTAssertLessThanOrEqual(pictures.heldBands(of: picture).count, 1 + FilePicture.aheadBands)
        let whole = try Image(contentsOfFile: picture.file, fit: ImageFit(maxWidth: 600, maxHeight: ImageLimits.maxSide))
        for row in [300, 301, 383, 384, 900, 1379] {
            let drawn = Array(UnsafeBufferPointer(start: bitmap.canvas.row(image.rect.minY + row + origin) + image.rect.minX, count: 600))
            XCTAssertEqual(drawn, Array(UnsafeBufferPointer(start: whole.canvas.row(row), count: 600)), "row \(row)")
        }
    }
}

/// A 1200×3000 PNG shown 600 px wide (600×1500: 3.6 MB whole, 12 bands of 128 rows)
/// between two lines of text, laid out with `pictures`.
func tallPatternPage(pictures: DecodedPictures) throws -> (PageLayout, PlacedImage) {
    var style = TextStyle.pinned([Fonts.dejaVu], size: 16)
    style.margins = .init(all: 10)
    let typesetter = try Typesetter(style: style)
    typesetter.pictures = pictures
    let layout = typesetter.layout(.markdown("Above.\n\n![test pattern](\(try TestPictures.tall()))\n\nBelow.\n"), width: 620)
    return (layout, try XCTUnwrap(layout.images.first))
}
