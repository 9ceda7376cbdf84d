import XCTest
import Raster
@testable import Typeset

/// The measure, reading anchors and text sizes sharing one font store (issue #18).
final class ReadingLayoutTests: XCTestCase {
    private let prose = (0..<12).map { _ in
        "A reader follows a line to its end and then has to find the start of the next one, which is easy "
            + "when the line is short and hard when it runs across a whole wide screen."
    }.joined(separator: "\n\n")

    private func style(size: Double = 20, measure: Double? = 70) -> TextStyle {
        var style = TextStyle.pinned([Fonts.dejaVu, Fonts.droid], size: size)
        style.margins = .init(all: 0)
        style.measure = measure
        return style
    }

    /// The last glyph's right edge of each line, roughly (its pen x plus an em).
    private func lineSpans(_ layout: PageLayout) -> [(left: Float, right: Float)] {
        layout.lines.compactMap { line in
            guard line.glyphEnd > line.glyphStart else { return nil }
            return (layout.glyphs[Int(line.glyphStart)].x, layout.glyphs[Int(line.glyphEnd) - 1].x)
        }
    }

    func testTheBodyColumnIsTheMeasureCentred() throws {
        let typesetter = try Typesetter(style: style())
        let measure = try XCTUnwrap(typesetter.measureWidth)
        XCTAssertEqual(measure, (70 * typesetter.averageCharacterWidth).rounded())
        XCTAssertEqual(typesetter.averageCharacterWidth, 10.1, accuracy: 0.3, "DejaVu Sans at 20 px")
        let layout = typesetter.layout(.markdown(prose), width: 1800)
        let left = Float(((1800 - measure) / 2).rounded())
        for span in lineSpans(layout) {
            XCTAssertEqual(span.left, left, accuracy: 0.01)
            XCTAssertLessThan(span.right, left + Float(measure))
        }
        // Without a measure, lines run the whole width.
        let wide = try Typesetter(style: style(measure: nil)).layout(.markdown(prose), width: 1800)
        XCTAssertEqual(lineSpans(wide).first?.left ?? -1, 0, accuracy: 0.01)
        XCTAssertGreaterThan(lineSpans(wide).map(\.right).max() ?? 0, 1600)
        // A layout narrower than the measure uses all of it.
        let narrow = try Typesetter(style: style()).layout(.markdown(prose), width: 400)
        XCTAssertEqual(lineSpans(narrow).first?.left ?? -1, 0, accuracy: 0.01)
    }

    /// A place in the text found at one size is found again at another: the same block,
    /// the same fraction of it; the line there holds the same words, give or take a line.
    func testAReadingAnchorSurvivesAReflow() throws {
        let small = try Typesetter(style: style(size: 20))
        let large = try Typesetter(resizing: small, size: 32)
        let document = Document.markdown("# Title\n\n" + prose)
        let before = small.layout(document, width: 1800), after = large.layout(document, width: 1800)
        XCTAssertEqual(before.blockCount, 13)
        XCTAssertEqual(after.blockCount, 13)
        for y in stride(from: 10.0, to: Double(before.height) - 10, by: 97) {
            let anchor = try XCTUnwrap(before.anchor(atY: y))
            let moved = try XCTUnwrap(after.y(of: anchor))
            let span = try XCTUnwrap(after.blockSpan(anchor.block))
            XCTAssertGreaterThanOrEqual(moved, Double(span.top))
            XCTAssertLessThanOrEqual(moved, Double(span.bottom))
            // Same measure in characters: the paragraph keeps its lines, scaled by 32/20.
            XCTAssertEqual(moved, y * 1.6, accuracy: 32 * 1.2 * 1.2 + 30, "at \(y)")
        }
        XCTAssertNil(PageLayout.emptyAnchorProbe(small))
    }

    /// Text sizes share the store; a size no typesetter or layout uses any more has its
    /// faces closed and glyph masks dropped, and its slots are reused: pinching through
    /// many sizes does not pile faces up. A layout still alive keeps its faces open.
    func testFacesOfAbandonedSizesAreClosedAndReused() throws {
        let base = try Typesetter(style: style())
        let store = base.store
        let document = Document.markdown("# Heading\n\n**Bold** *italic* `code` and plain text.")
        let baseLayout = base.layout(document, width: 800)
        let open = store.openFaceCount
        var kept: PageLayout?
        for size in stride(from: 16.0, through: 50, by: 2) {
            let resized = try Typesetter(resizing: base, size: size)
            let layout = resized.layout(document, width: 800)
            let bitmap = try Bitmap(width: 800, height: layout.height)
            layout.draw(into: bitmap.canvas, originX: 0, originY: 0, clip: bitmap.canvas.bounds)
            if size == 30 { kept = layout }
        }
        // Size 30's layout is still held: its faces stay open and it still draws.
        do {
            let kept30 = try XCTUnwrap(kept)
            kept = nil
            XCTAssertGreaterThan(store.openFaceCount, open)
            let bitmap = try whiteBitmap(width: 800, height: kept30.height)
            kept30.draw(into: bitmap.canvas, originX: 0, originY: 0, clip: bitmap.canvas.bounds)
            var ink = 0
            for y in 0..<bitmap.height { for x in 0..<800 where bitmap.canvas.row(y)[x] & 0xFF < 128 { ink += 1 } }
            XCTAssertGreaterThan(ink, 500)
        }
        XCTAssertEqual(store.openFaceCount, open, "only the base size's faces are open")
        XCTAssertLessThan(store.faces.count, open * 4, "slots of closed faces are reused")
        // The base size is untouched and still draws.
        let again = try whiteBitmap(width: 800, height: baseLayout.height)
        baseLayout.draw(into: again.canvas, originX: 0, originY: 0, clip: again.canvas.bounds)
        XCTAssertEqual(Set(store.faces.filter { !$0.isClosed }.map(\.size)), [20, 40, 18], "body, heading, code")
    }
}

extension PageLayout {
    /// An empty document has no blocks, so no anchor.
    static func emptyAnchorProbe(_ typesetter: Typesetter) -> ReadingAnchor? {
        typesetter.layout(.markdown(""), width: 100).anchor(atY: 10)
    }
}
