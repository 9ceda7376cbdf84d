import Foundation
import LecternTestSupport
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

    func testGlyphCacheFrontForgetsClosedFaces() {
        // A hit is served from the front table; closing the face must empty it there too.
        let cache = GlyphCache(byteBudget: 64 * 1024)
        let key = GlyphCache.Key(face: 1, glyph: 5, subpixel: 2)
        let old = GlyphMask(width: 3, height: 1, left: 0, top: 0, pixels: [1, 2, 3])
        let new = GlyphMask(width: 2, height: 1, left: 0, top: 0, pixels: [4, 5])
        _ = cache.mask(for: key) { old }
        XCTAssertEqual(cache.mask(for: key) { new }?.width, 3, "cached")
        XCTAssertEqual(cache.hits, 1)
        cache.removeAll(face: 1)
        XCTAssertEqual(cache.mask(for: key) { new }?.width, 2, "rendered again after its face closed")
        cache.removeAll()
        XCTAssertEqual(cache.mask(for: key) { old }?.width, 3, "rendered again after the cache was emptied")
    }
}

final class ParagraphLayoutTests: XCTestCase {
    func testEveryWrappedLineIsLaidOut() throws {
        let typesetter = try Fonts.pinned(size: 20)
        let text = "Lectern 在触摸屏上显示文章。Good. The quick brown fox jumps over the lazy dog."
        var style = typesetter.style
        style.margins = .init(all: 0)
        let layout = try Typesetter(style: style).layout(.plainText(text), width: 200)
        let wrapped = typesetter.wrap(text, width: 200)
        XCTAssertEqual(layout.lineCount, wrapped.count)
        XCTAssertEqual(layout.glyphs.count, typesetter.shape(text).count)
    }
}

final class ImageLayoutTests: XCTestCase {
    func testSmallImageKeepsItsSizeTimesScaleAndMissingShowsAlt() throws {
        let source = try Bitmap(width: 20, height: 10)
        source.canvas.fill(source.canvas.bounds, color: Color(red: 200, green: 0, blue: 0))
        let pngPath = try temporaryFile(named: "red.png", contents: Data())
        try PNGEncoder.write(canvas: source.canvas, to: pngPath)
        let directory = (pngPath as NSString).deletingLastPathComponent
        var style = TextStyle.pinned([Fonts.dejaVu], size: 16)
        style.margins = .init(all: 10)

        // Natural size: a small picture is not stretched to the 200-px text width.
        let natural = try Typesetter(style: style).layout(.markdown("![red](red.png)", baseDirectory: directory), width: 220)
        XCTAssertEqual(natural.images.first?.rect, IntRect(x: 10, y: 10, width: 20, height: 10))
        XCTAssertEqual(natural.lineCount, 0)

        style.imageScale = 4
        let typesetter = try Typesetter(style: style)
        let shown = typesetter.layout(.markdown("![red](red.png)", baseDirectory: directory), width: 220)
        XCTAssertEqual(shown.images.first?.rect, IntRect(x: 10, y: 10, width: 80, height: 40), "natural size × scale")
        let bitmap = try whiteBitmap(width: 220, height: 130)
        shown.draw(into: bitmap.canvas, originX: 0, originY: 0, clip: bitmap.canvas.bounds)
        XCTAssertEqual(bitmap.canvas.color(x: 50, y: 30), Color(red: 200, green: 0, blue: 0))
        XCTAssertEqual(bitmap.canvas.color(x: 95, y: 30), Color.white)

        let missing = typesetter.layout(.markdown("![the alt text](nothere.png)", baseDirectory: directory), width: 220)
        XCTAssertTrue(missing.images.isEmpty)
        XCTAssertEqual(missing.lineCount, 1, "the alt text stands in")
    }

    func testLargeImagesFitTheTextWidth() throws {
        var style = TextStyle.pinned([Fonts.dejaVu], size: 16)
        style.margins = .init(all: 10)
        let typesetter = try Typesetter(style: style)
        for (name, height) in [("icon-4000.jpg", 200), ("wide-800x400.png", 100), ("icon-1000.png", 200)] {
            let layout = typesetter.layout(.markdown("![x](\(TestImages.path(name)))"), width: 220)
            XCTAssertEqual(layout.images.first?.rect, IntRect(x: 10, y: 10, width: 200, height: height), name)
        }
        // A picture whose header claims 30000×30000 shows its alt text, quickly.
        let lying = typesetter.layout(.markdown("![too big](\(TestImages.path("lying-30000.png")))"), width: 220)
        XCTAssertTrue(lying.images.isEmpty)
        XCTAssertEqual(lying.lineCount, 1)
    }
}
