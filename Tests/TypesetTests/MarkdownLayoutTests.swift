import Foundation
import Raster
import XCTest
@testable import Typeset

/// How Markdown constructs come out on the laid-out page.
final class MarkdownLayoutTests: XCTestCase {
    private func typesetter(size: Double = 20) throws -> Typesetter {
        var style = TextStyle.pinned([Fonts.dejaVu, Fonts.droid], size: size)
        style.margins = .init(all: 10)
        return try Typesetter(style: style)
    }

    /// Each line's first glyph x and its width when shaped again (for alignment checks).
    private func lineSpans(_ layout: PageLayout, _ typesetter: Typesetter) -> [(top: Int32, x: Float, glyphs: Int)] {
        layout.lines.filter { $0.glyphEnd > $0.glyphStart }.map { ($0.top, layout.glyphs[Int($0.glyphStart)].x, Int($0.glyphEnd - $0.glyphStart)) }
    }

    private func width(_ text: String, _ typesetter: Typesetter, variant: FontChain.Variant = .regular) -> Float {
        typesetter.shape(text, variant: variant).reduce(0) { $0 + $1.advance }
    }

    func testTableColumnsAlignLeftCentreRight() throws {
        let t = try typesetter()
        let source = """
        | Left | Centre | Right |
        |:-----|:------:|------:|
        | a | bbbbbbbbbbbb | c |
        | longer left text | b | 12345 |
        """
        let layout = t.layout(.markdown(source), width: 700)
        let spans = lineSpans(layout, t)
        XCTAssertEqual(spans.count, 9, "three rows of three one-line cells")
        let rows = Dictionary(grouping: spans, by: \.top).sorted { $0.key < $1.key }.map { $0.value.sorted { $0.x < $1.x } }
        XCTAssertEqual(rows.count, 3)
        let (r1, r2) = (rows[1], rows[2])
        // Left column: same start.
        XCTAssertEqual(r1[0].x, r2[0].x, accuracy: 0.5)
        XCTAssertEqual(r1[0].x, 10 + Float((20 * 0.4).rounded()), accuracy: 0.5, "cell padding from the table's left edge")
        // Centre column: same middle.
        let mid1 = r1[1].x + width("bbbbbbbbbbbb", t) / 2, mid2 = r2[1].x + width("b", t) / 2
        XCTAssertEqual(mid1, mid2, accuracy: 1)
        XCTAssertGreaterThan(r2[1].x, r1[1].x + 20)
        // Right column: same end, different starts.
        XCTAssertEqual(r1[2].x + width("c", t), r2[2].x + width("12345", t), accuracy: 1)
        XCTAssertGreaterThan(r1[2].x, r2[2].x + 20)
        // Columns sized from content: the table is narrower than the page, in column order.
        XCTAssertLessThan(r2[2].x + width("12345", t), 500)
        XCTAssertLessThan(r1[0].x, r1[1].x)
        XCTAssertLessThan(r1[1].x, r1[2].x)
        // The header is set apart by a rule under it, thicker than the body's row rules.
        let headerBottom = layout.lines.filter { $0.top == rows[0][0].top }.map(\.bottom).max()!
        let rules = layout.rects.filter { $0.rect.minY >= Int(headerBottom) }.sorted { $0.rect.minY < $1.rect.minY }
        XCTAssertEqual(rules.count, 2, "header rule and one rule between the body rows")
        XCTAssertGreaterThan(rules[0].rect.height, rules[1].rect.height)
        XCTAssertLessThan(rules[0].rect.maxY, Int(rows[1][0].top) + 1)
        // Lines stay in y order (drawing relies on it).
        XCTAssertEqual(layout.lines.map(\.top), layout.lines.map(\.top).sorted())
    }

    /// A generated table of thousands of rows shows the first 1000 and says how many more:
    /// laying out every cell took seconds (found with a 1 MB table of 120,000 rows).
    func testHugeTablesShowAThousandRowsAndCountTheRest() throws {
        let t = try typesetter()
        let rows = (1...1500).map { "| r\($0) | x |" }.joined(separator: "\n")
        let layout = t.layout(.markdown("| A | B |\n|---|---|\n" + rows + "\n"), width: 500)
        let spans = lineSpans(layout, t)
        // Header + 1000 rows, two cells each, then the note's line(s).
        XCTAssertGreaterThanOrEqual(spans.count, 2 + 2000 + 1)
        XCTAssertLessThanOrEqual(spans.count, 2 + 2000 + 3)
        let small = t.layout(.markdown("| A | B |\n|---|---|\n" + (1...10).map { "| r\($0) | x |" }.joined(separator: "\n")), width: 500)
        XCTAssertEqual(lineSpans(small, t).count, 2 + 20)
    }

    func testTableCellsWrapWithinTheirColumns() throws {
        let t = try typesetter()
        let long = Array(repeating: "words that wrap", count: 12).joined(separator: " ")
        let layout = t.layout(.markdown("| Name | Description |\n|---|---|\n| short | \(long) |\n"), width: 400)
        XCTAssertGreaterThan(layout.lineCount, 4, "the long cell wraps onto several lines")
        let right = Float(400 - 10)
        for glyph in layout.glyphs { XCTAssertLessThan(glyph.x, right) }
        // The wrapped cell's lines all start at the same x, right of the first column.
        let xs = Set(layout.lines.dropFirst(2).map { layout.glyphs[Int($0.glyphStart)].x })
        XCTAssertEqual(xs.count, 2, "first column and second column: \(xs)")
    }

    func testCellsOfARowShareTheirFirstBaseline() throws {
        let t = try typesetter()
        let layout = t.layout(.markdown("| A | B | C |\n|---|---|---|\n| 茶 tea | plain | `code` |\n"), width: 600)
        let body = layout.lines.suffix(3)
        XCTAssertEqual(Set(body.map(\.baseline)).count, 1, "CJK fallback, body and monospace cells on one baseline")
        XCTAssertEqual(Set(layout.lines.prefix(3).map(\.baseline)).count, 1)
    }

    func testColumnWidthsShareSpaceByWhatEachWants() {
        XCTAssertEqual(LayoutBuilder.columnWidths(natural: [50, 100], minimum: [20, 30], available: 400), [50, 100])
        let squeezed = LayoutBuilder.columnWidths(natural: [50, 1000], minimum: [50, 80], available: 300)
        XCTAssertEqual(squeezed[0], 50, "a column that cannot wrap keeps its width")
        XCTAssertEqual(squeezed[1], 250)
        let tiny = LayoutBuilder.columnWidths(natural: [500, 500], minimum: [200, 200], available: 100)
        XCTAssertEqual(tiny, [200, 200], "never below the longest word: the table is wider than the room and pans")
    }

    func testTaskBoxesAreDrawnShapes() throws {
        let t = try typesetter(size: 24)
        let layout = t.layout(.markdown("- [x] done\n- [ ] to do"), width: 400)
        XCTAssertEqual(layout.images.count, 2)
        XCTAssertEqual(layout.lineCount, 2, "no \"[x]\" text: only the two items' lines")
        let bitmap = try whiteBitmap(width: 400, height: layout.height)
        layout.draw(into: bitmap.canvas, originX: 0, originY: 0, clip: bitmap.canvas.bounds)
        let checked = layout.images[0].rect, open = layout.images[1].rect
        XCTAssertLessThan(checked.maxX, Int(layout.glyphs[Int(layout.lines[0].glyphStart)].x), "box in the hanging indent")
        // The done box is filled with the accent colour; the open one is white inside.
        let accent = t.style.accentColor
        XCTAssertEqual(bitmap.canvas.color(x: checked.minX + 2, y: checked.minY + 2), accent)
        XCTAssertEqual(bitmap.canvas.color(x: open.minX + open.width / 2, y: open.minY + open.height / 2), Color.white)
        XCTAssertNotEqual(bitmap.canvas.color(x: open.minX + 1, y: open.minY + open.height / 2), Color.white, "the open box has an outline")
    }

    func testStrikethroughAndLinksDrawLines() throws {
        let t = try typesetter(size: 24)
        let struck = t.layout(.markdown("~~gone~~"), width: 400)
        XCTAssertEqual(struck.rects.count, 1)
        let line = struck.lines[0]
        let rect = struck.rects[0].rect
        XCTAssertLessThan(rect.maxY, Int(line.baseline), "through the letters, above the baseline")
        XCTAssertGreaterThan(rect.minY, Int(line.baseline) - 24)
        XCTAssertEqual(Float(rect.minX), struck.glyphs[0].x, accuracy: 1)
        XCTAssertEqual(Float(rect.width), width("gone", t), accuracy: 1)

        let linked = t.layout(.markdown("a [link](https://example.com) b"), width: 400)
        XCTAssertEqual(linked.rects.count, 1)
        XCTAssertGreaterThan(linked.rects[0].rect.minY, Int(linked.lines[0].baseline), "underline below the baseline")
        XCTAssertEqual(linked.rects[0].color, .accent)
        XCTAssertEqual(Float(linked.rects[0].rect.width), width("link", t), accuracy: 1)
    }

    func testHardBreaksStartLinesSoftBreaksDoNot() throws {
        let t = try typesetter()
        XCTAssertEqual(t.layout(.markdown("one  \ntwo\\\nthree"), width: 600).lineCount, 3)
        XCTAssertEqual(t.layout(.markdown("one\ntwo\nthree"), width: 600).lineCount, 1)
    }

    func testCodeKeepsItsLinesInMonospace() throws {
        let t = try typesetter()
        let layout = t.layout(.markdown("```\nfirst\n\tsecond\n\nfourth\n```"), width: 600)
        XCTAssertEqual(layout.lineCount, 4)
        let monospace = try t.chain(.monospace, scale: 0.9).primary
        XCTAssertTrue(layout.glyphs.allSatisfy { Int($0.face) == monospace })
        // The tab became four spaces: "second" starts four monospace columns in.
        let column = width(" ", t, variant: .monospace) * 0.9
        let x0 = layout.glyphs[Int(layout.lines[0].glyphStart)].x
        let space = t.shape(" ", variant: .monospace).first!.glyph
        let second = layout.glyphs[Int(layout.lines[1].glyphStart)..<Int(layout.lines[1].glyphEnd)].first { $0.glyph != space }!
        XCTAssertEqual(second.x - x0, 4 * column, accuracy: 1)
    }

    func testNestingIsCappedOnThePage() throws {
        let t = try typesetter()
        let deep = String(repeating: ">", count: 200) + " deep"
        let layout = t.layout(.markdown(deep), width: 800)
        XCTAssertEqual(layout.rects.count, LayoutBuilder.maxVisibleQuoteDepth)
        XCTAssertEqual(layout.lineCount, 1)
    }
}

final class DecorationDrawingTests: XCTestCase {
    /// Rectangles are found by binary search when drawing: a scrolled window still draws
    /// the underlines and quote bars inside it, and a tall bar that starts above it.
    func testRectanglesInAScrolledWindowAreDrawn() throws {
        var style = TextStyle.pinned([Fonts.dejaVu], size: 16)
        style.margins = .init(all: 10)
        let typesetter = try Typesetter(style: style)
        var source = ""
        for i in 0..<300 { source += "Line \(i) with a [link](https://example.com/\(i)).\n\n" }
        source += "> " + Array(repeating: "quoted text", count: 400).joined(separator: " ")
        let layout = typesetter.layout(.markdown(source), width: 400)
        let underlines = layout.rects.filter { $0.color == .accent && $0.rect.height < 4 }
        XCTAssertEqual(underlines.count, 300)
        XCTAssertEqual(layout.rects.map(\.rect.minY), layout.rects.map(\.rect.minY).sorted())
        for target in [underlines[150].rect, layout.rects.last!.rect] {
            // A 40 px window around the middle of the target, scrolled there.
            let middle = target.minY + target.height / 2
            let bitmap = try whiteBitmap(width: 400, height: 40)
            layout.draw(into: bitmap.canvas, originX: 0, originY: 20 - middle, clip: bitmap.canvas.bounds)
            let x = target.minX + target.width / 2
            XCTAssertEqual(bitmap.canvas.color(x: x, y: 20 - (middle - target.minY) + target.height / 2), typesetter.style.accentColor)
        }
    }
}
