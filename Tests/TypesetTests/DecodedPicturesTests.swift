import Foundation
import LecternTestSupport
import Raster
import XCTest
@testable import Typeset

/// A page's pictures keep their pixels within `DecodedPictures`' budget: the ones drawn
/// lately stay, the others are let go and decoded again from their files when drawn.
final class DecodedPicturesTests: XCTestCase {
    /// Six 1000-px PNGs shown 600 px wide (1.4 MB of pixels each) under a 2 MB budget.
    func page(pictures: DecodedPictures) throws -> PageLayout {
        var style = TextStyle.pinned([Fonts.dejaVu], size: 16)
        style.margins = .init(all: 10)
        let typesetter = try Typesetter(style: style)
        typesetter.pictures = pictures
        let source = (1...6).map { "Picture \($0):\n\n![circle \($0)](\(TestImages.path("icon-1000.png")))\n\n" }.joined()
        return typesetter.layout(.markdown(source), width: 620)
    }

    let pictureBytes = 600 * 600 * 4

    func testLayoutKeepsNoMoreThanTheBudget() throws {
        let pictures = DecodedPictures(budget: 2 << 20)
        let layout = try page(pictures: pictures)
        XCTAssertEqual(layout.images.count, 6)
        XCTAssertEqual(layout.images.map(\.rect.width), Array(repeating: 600, count: 6))
        // Decoded one by one to learn their sizes; only the budget's worth stays, the
        // newest: not all six (8.6 MB).
        XCTAssertLessThanOrEqual(pictures.bytes, 2 << 20)
        XCTAssertTrue(pictures.holds(try XCTUnwrap(layout.images[5].file)))
        XCTAssertFalse(pictures.holds(try XCTUnwrap(layout.images[0].file)), "the first was let go")
    }

    func testAPictureLetGoIsDecodedAgainWhenDrawn() throws {
        let pictures = DecodedPictures(budget: 2 << 20)
        let layout = try page(pictures: pictures)
        let first = try XCTUnwrap(layout.images[0].file)
        XCTAssertFalse(pictures.holds(first))
        let bitmap = try whiteBitmap(width: 620, height: 700)
        layout.draw(into: bitmap.canvas, originX: 0, originY: 0, clip: bitmap.canvas.bounds)
        XCTAssertTrue(pictures.holds(first))
        // The circle's middle, as the file has it.
        let middle = layout.images[0].rect
        XCTAssertEqual(bitmap.canvas.color(x: middle.x + middle.width / 2, y: middle.y + middle.height / 2), Color(red: 0xE0, green: 0x1B, blue: 0x24))
    }

    func testDrawingElsewhereLetsOldPicturesGoButNeverTheOnesShown() throws {
        let pictures = DecodedPictures(budget: 2 << 20)
        let layout = try page(pictures: pictures)
        let bitmap = try whiteBitmap(width: 620, height: 1600)
        // A band showing three pictures at once (4.3 MB, over the budget): all drawn.
        let second = layout.images[1].rect, third = layout.images[2].rect
        let origin = -(second.minY + second.height / 2)
        layout.draw(into: bitmap.canvas, originX: 0, originY: origin, clip: bitmap.canvas.bounds)
        XCTAssertTrue(pictures.holds(try XCTUnwrap(layout.images[1].file)))
        XCTAssertTrue(pictures.holds(try XCTUnwrap(layout.images[2].file)))
        XCTAssertEqual(bitmap.canvas.color(x: second.x + 300, y: second.y + 300 + origin), Color(red: 0xE0, green: 0x1B, blue: 0x24))
        XCTAssertEqual(bitmap.canvas.color(x: third.x + 300, y: third.y + 300 + origin), Color(red: 0xE0, green: 0x1B, blue: 0x24))
        // Then the text above them only: they are let go down to the budget.
        let top = IntRect(x: 0, y: 0, width: 620, height: 10)
        layout.draw(into: bitmap.canvas, originX: 0, originY: 0, clip: top)
        XCTAssertLessThanOrEqual(pictures.bytes, 2 << 20)
        let shown = try layout.images[1...3].map { try XCTUnwrap($0.file) }
        XCTAssertLessThanOrEqual(shown.filter(pictures.holds).count, 1, "one 1.4 MB picture fits the budget")
    }
}

extension DecodedPicturesTests {
    /// Room is made before a picture is decoded: the one it replaces is not held beside it.
    func testRoomIsMadeBeforeDecoding() throws {
        let pictures = DecodedPictures(budget: 2 << 20)
        let layout = try page(pictures: pictures)
        let first = try XCTUnwrap(layout.images[0].file), last = try XCTUnwrap(layout.images[5].file)
        XCTAssertTrue(pictures.holds(last))
        let bitmap = try whiteBitmap(width: 620, height: 700)
        // The first picture alone: the last (1.4 MB held) goes before the first (1.4 MB)
        // is decoded, as both would not fit 2 MB.
        let band = layout.images[0].rect
        layout.draw(into: bitmap.canvas, originX: 0, originY: -band.y, clip: IntRect(x: 0, y: 0, width: 620, height: 600))
        XCTAssertTrue(pictures.holds(first))
        XCTAssertFalse(pictures.holds(last))
        XCTAssertEqual(pictures.peakBytes, pictureBytes, "never two pictures at once, in layout or in the draw")
    }
}
