import Foundation
@testable import Raster
import XCTest
@testable import Typeset

/// A page drawn with its glyphs' tints (rows copied where the page is plain) is the page
/// drawn by mixing every glyph, pixel for pixel: Latin and CJK text, a code block's shade,
/// link colour, a quote, italic letters whose boxes overlap their neighbours' ink (those
/// rows must be mixed). The cache gives its masks tints within its tint budget.
final class GlyphTintTests: XCTestCase {
    private let source = """
        # Tinted glyphs

        Body text with a [link](https://example.org) and *emphasis*, kerned pairs like AV, To, Wa; \
        在触摸屏上显示文章。 Numbers 1234567890.

        *Italic letters lean into each other's boxes: ffffff fjord afflict Wallflower jjjj.*

        > A quote, set in the muted colour.

        ```
        let code = "on its own shade"
        ```

        1. A list item
        2. Another, with `inline code`
        """

    private func draw(_ typesetter: Typesetter, _ layout: PageLayout) throws -> [UInt32] {
        let bitmap = try whiteBitmap(width: 500, height: 400)
        layout.draw(into: bitmap.canvas, originX: 3, originY: 5, clip: bitmap.canvas.bounds)
        return (0..<400).flatMap { y in (0..<500).map { bitmap.canvas.row(y)[$0] } }
    }

    func testAPageFromTintsIsThePageMixed() throws {
        let tinted = try Fonts.pinned(size: 18)
        let layout = tinted.layout(Document.markdown(source), width: 480)
        let first = try draw(tinted, layout)   // tints made
        let cache = tinted.store.glyphCache
        XCTAssertGreaterThan(cache.tints.bytes, 0, "glyphs drawn over the plain page got tints")
        XCTAssertLessThanOrEqual(cache.tints.bytes, cache.tints.limit)
        let again = try draw(tinted, layout)   // rows copied from the tints

        let mixed = try Fonts.pinned(size: 18)
        mixed.store.glyphCache.tints.bytes = mixed.store.glyphCache.tints.limit  // no room: every glyph mixed
        let reference = try draw(mixed, mixed.layout(Document.markdown(source), width: 480))
        mixed.store.glyphCache.tints.bytes = 0
        XCTAssertEqual(zip(first, reference).filter { $0 != $1 }.count, 0, "first draw (tints being made) against mixing")
        XCTAssertEqual(zip(again, reference).filter { $0 != $1 }.count, 0, "draw from tints against mixing")
        XCTAssertGreaterThan(reference.filter { $0 != 0xFFFF_FFFF }.count, 5000, "the page has ink")
    }
}
