import LecternTestSupport
import Raster
import XCTest
@testable import Typeset

/// A page is drawn in bands (the compositor's full frames) only where that costs what one
/// draw costs: not where a picture held in bands of rows meets the clip, which each band's
/// draw would decode from its top again (it keeps only the rows that draw needs).
final class DrawsInPartsTests: XCTestCase {
    func testATallPictureInTheClipKeepsTheDrawWhole() throws {
        var style = TextStyle.pinned([Fonts.dejaVu], size: 16)
        style.margins = .init(all: 10)
        let typesetter = try Typesetter(style: style)
        typesetter.pictures = DecodedPictures(budget: 12 << 20)
        let text = String(repeating: "Words before the picture. ", count: 80)
        let layout = typesetter.layout(.markdown("\(text)\n\n![tall](\(try TestPictures.tall()))\n\n\(text)\n"), width: 620)
        let image = try XCTUnwrap(layout.images.first)
        XCTAssertGreaterThan(try XCTUnwrap(image.file).bandCount, 1, "held in bands")
        let above = IntRect(x: 0, y: 0, width: 620, height: image.rect.minY - 1)
        XCTAssertTrue(layout.drawsInParts(originX: 0, originY: 0, clip: above), "text only")
        XCTAssertFalse(layout.drawsInParts(originX: 0, originY: 0, clip: IntRect(x: 0, y: 0, width: 620, height: image.rect.minY + 10)))
        // Scrolled so that the picture starts 200 rows above the screen's top.
        XCTAssertFalse(layout.drawsInParts(originX: 0, originY: -200 - image.rect.minY, clip: IntRect(x: 0, y: 0, width: 620, height: 100)))
        let below = IntRect(x: 0, y: image.rect.maxY + 1, width: 620, height: 100)
        XCTAssertTrue(layout.drawsInParts(originX: 0, originY: 0, clip: below))
    }
}
