import Raster
import XCTest
@testable import Typeset

final class LayoutTests: XCTestCase {
    private func longDocument(paragraphs: Int) -> Document {
        var source = "# Long page\n\n"
        for i in 0..<paragraphs {
            source += "Paragraph \(i): the quick brown fox jumps over the lazy dog 在触摸屏上显示文章。 again and again.\n\n"
        }
        return Document.markdown(source)
    }

    func testScrolledDrawTouchesOnlyVisibleLines() throws {
        let typesetter = try Fonts.pinned(size: 18)
        let layout = typesetter.layout(longDocument(paragraphs: 800), width: 600)
        XCTAssertGreaterThan(layout.height, 20_000)
        let bitmap = try whiteBitmap(width: 600, height: 400)
        let scroll = layout.height / 2
        let clip = IntRect(x: 0, y: 100, width: 600, height: 200)
        let drawn = layout.draw(into: bitmap.canvas, originX: 0, originY: -scroll, clip: clip)
        XCTAssertFalse(drawn.isEmpty)
        XCTAssertLessThan(drawn.count, 20, "a 200 px window holds about 10 lines of 18 px text")
        XCTAssertLessThanOrEqual(Int(layout.lines[drawn.lowerBound].top), scroll + 300)
        XCTAssertGreaterThanOrEqual(Int(layout.lines[drawn.upperBound - 1].bottom), scroll + 100)
        // Ink inside the clip, none outside it.
        var inside = 0
        for y in 0..<400 {
            for x in 0..<600 where bitmap.canvas.pixel(x: x, y: y)! != 0xFFFF_FFFF {
                XCTAssertTrue(clip.contains(x: x, y: y), "pixel (\(x), \(y)) outside the clip")
                inside += 1
            }
        }
        XCTAssertGreaterThan(inside, 1000)
    }

    func testLinesAreSortedAndFitTheWidth() throws {
        let typesetter = try Fonts.pinned(size: 18)
        let width = 500
        let layout = typesetter.layout(longDocument(paragraphs: 20), width: width)
        let style = typesetter.style
        for (a, b) in zip(layout.lines, layout.lines.dropFirst()) {
            XCTAssertLessThanOrEqual(a.top, b.top)
        }
        let right = Float(width - style.margins.right) + 0.5
        for glyph in layout.glyphs { XCTAssertLessThan(glyph.x, right) }
    }

    func testRelayoutOfSameDocumentAndWidthIsReused() throws {
        let typesetter = try Fonts.pinned(size: 18)
        let document = longDocument(paragraphs: 5)
        let first = typesetter.layout(document, width: 500)
        XCTAssertTrue(first === typesetter.layout(document, width: 500))
        XCTAssertFalse(first === typesetter.layout(document, width: 400))
    }

    func testListsAndQuotesAreIndented() throws {
        let typesetter = try Fonts.pinned(size: 20)
        let layout = typesetter.layout(.markdown("Plain\n\n- item\n\n> quoted"), width: 600)
        let left = Float(typesetter.style.margins.left)
        // Lines: paragraph, bullet marker, list item, quote.
        let firstX = layout.lines.map { layout.glyphs[Int($0.glyphStart)].x }
        XCTAssertEqual(firstX.count, 4)
        XCTAssertEqual(firstX[0], left, accuracy: 2)
        XCTAssertLessThan(firstX[1], firstX[2], "bullet hangs left of the item text")
        XCTAssertGreaterThan(firstX[2], left + 20)
        XCTAssertGreaterThan(firstX[3], left + 10)
        XCTAssertEqual(layout.rects.count, 1, "one quote bar")
    }

    func testGlyphCacheStaysWithinBudget() {
        let cache = GlyphCache(byteBudget: 64 * 1024)
        for glyph in 0..<400 {
            _ = cache.mask(for: .init(face: 0, glyph: UInt32(glyph), subpixel: 0)) {
                GlyphMask(width: 16, height: 16, left: 0, top: 0, pixels: [UInt8](repeating: 1, count: 256))
            }
        }
        XCTAssertLessThanOrEqual(cache.byteCount, 64 * 1024)
        XCTAssertGreaterThan(cache.evictions, 0)
        XCTAssertTrue(cache.contains(.init(face: 0, glyph: 399, subpixel: 0)), "the newest survives")
        XCTAssertFalse(cache.contains(.init(face: 0, glyph: 0, subpixel: 0)), "the oldest went first")
    }

    func testGlyphCacheKeepsRecentlyUsed() {
        let cache = GlyphCache(byteBudget: 64 * 1024)
        let mask = GlyphMask(width: 16, height: 16, left: 0, top: 0, pixels: [UInt8](repeating: 1, count: 256))
        for glyph in 0..<400 {
            _ = cache.mask(for: .init(face: 0, glyph: UInt32(glyph), subpixel: 0)) { mask }
            _ = cache.mask(for: .init(face: 0, glyph: 0, subpixel: 0)) { mask }  // keep touching glyph 0
        }
        XCTAssertTrue(cache.contains(.init(face: 0, glyph: 0, subpixel: 0)))
    }
}

final class ParagraphWrapTests: XCTestCase {
    /// Every line of a wrapped paragraph is placed (a regression: only the first was).
    func testWrappedParagraphKeepsAllItsLines() throws {
        let setter = try Typesetter(style: .pinned(["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"], size: 20))
        let words = String(repeating: "word ", count: 60)
        let one = setter.layout(.plainText(words), width: 300)
        let two = setter.layout(.plainText(words + "\n\n" + words), width: 300)
        XCTAssertGreaterThan(one.lineCount, 5)
        XCTAssertEqual(two.lineCount, 2 * one.lineCount)
    }
}
