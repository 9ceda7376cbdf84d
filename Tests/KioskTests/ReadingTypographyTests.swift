import XCTest
import Raster
@testable import Kiosk
@testable import Typeset

/// The measure, the margins, and the text size for the viewer (issue #18).
final class ReadingTypographyTests: XCTestCase {
    /// Ink extents of every row of `layout` drawn whole: (min x, max x) per non-empty row.
    private func inkRows(_ layout: PageLayout) throws -> [(minX: Int, maxX: Int)] {
        let bitmap = try Bitmap(width: layout.width, height: layout.height)
        let canvas = bitmap.canvas
        canvas.fill(canvas.bounds, color: .white)
        layout.draw(into: canvas, originX: 0, originY: 0, clip: canvas.bounds)
        var rows: [(Int, Int)] = []
        for y in 0..<canvas.height {
            let row = canvas.row(y)
            var lo = Int.max, hi = -1
            for x in 0..<canvas.width where row[x] & 0xFFFFFF != 0xFFFFFF {
                lo = min(lo, x); hi = max(hi, x)
            }
            if hi >= 0 { rows.append((lo, hi)) }
        }
        return rows
    }

    func testBodyLinesAt1080pStayWithinTheMeasure() throws {
        let assembly = try KioskAssembly(config: ReadingFixtures.config(markdown: ReadingFixtures.prose(paragraphs: 24)), width: 1920, height: 1080)
        let content = assembly.content, scene = assembly.scene
        let measure = try XCTUnwrap(content.measureWidth)
        XCTAssertEqual(measure, (70 * content.typesetter.averageCharacterWidth).rounded())
        XCTAssertEqual(scene.textLeft, 48, "wide screen: the usual margins")
        let layout = content.pageLayout(page: 0, width: scene.textWidth)
        // The body column is centred in the text area, and no line's ink leaves it.
        let bodyLeft = ((scene.textWidth - measure) / 2).rounded()
        let rows = try inkRows(layout)
        XCTAssertGreaterThan(rows.count, 1000)
        for row in rows {
            XCTAssertGreaterThanOrEqual(Double(row.minX), bodyLeft - 2)
            XCTAssertLessThanOrEqual(Double(row.maxX), bodyLeft + measure + 1)
        }
        XCTAssertEqual(Double(rows.map(\.minX).min()!) + scene.textLeft, (1920 - measure) / 2, accuracy: 3, "centred on the screen")
        // In characters: 70 at most (a little over with a long word's luck), about 60–70 on average.
        let full = layout.lines.dropLast().map { Int($0.glyphEnd - $0.glyphStart) }
        XCTAssertLessThanOrEqual(full.max() ?? 0, 76)
        let mean = Double(full.reduce(0, +)) / Double(full.count)
        XCTAssertGreaterThan(mean, 58)
        XCTAssertLessThanOrEqual(mean, 70)
    }

    /// Portrait 800×1280: the 48-px margins would leave 704 px, less than the 708-px
    /// measure; they shrink instead and the body keeps its 70 characters, and at 740 px
    /// wide (margins at their 16-px least) still. Only narrower does the column narrow.
    func testOnNarrowScreensTheMarginsShrinkBeforeTheMeasure() throws {
        let config = ReadingFixtures.config(markdown: ReadingFixtures.prose(paragraphs: 6))
        let portrait = try KioskAssembly(config: config, width: 800, height: 1280)
        let measure = try XCTUnwrap(portrait.content.measureWidth)
        XCTAssertGreaterThan(measure, 800 - 2 * 48)
        XCTAssertLessThan(portrait.scene.textLeft, 48)
        XCTAssertEqual(portrait.scene.textWidth, measure, "the measure is kept")
        let rows = try inkRows(portrait.content.pageLayout(page: 0, width: portrait.scene.textWidth))
        XCTAssertGreaterThan(Double(rows.map { $0.maxX - $0.minX }.max()!), measure * 0.9, "lines fill the measure")
        let tight = try KioskAssembly(config: config, width: 740, height: 1280)
        XCTAssertEqual(tight.scene.textLeft, 16)
        XCTAssertEqual(tight.scene.textWidth, measure)

        let narrow = try KioskAssembly(config: config, width: 600, height: 1024)
        XCTAssertEqual(narrow.scene.textLeft, 16)
        XCTAssertEqual(narrow.scene.textWidth, 568)
        for row in try inkRows(narrow.content.pageLayout(page: 0, width: narrow.scene.textWidth)) {
            XCTAssertLessThanOrEqual(row.maxX, 568)
        }
    }

    /// Headings and code start with the body but may run on to the right edge of the text
    /// area; a table or picture wider than the measure is centred on the page (issue 28:
    /// a table starting at the body and running to the right edge was lopsided).
    func testWideBlocksMayUseTheWholeColumn() throws {
        let long = String(repeating: "wide ", count: 60)
        let markdown = "# A heading that goes on and on across the whole width of a wide screen, far past seventy characters\n\n"
            + "Body text.\n\n```\n\(long)\n```\n\n| a | b |\n|---|---|\n| \(long) | x |\n"
        let assembly = try KioskAssembly(config: ReadingFixtures.config(markdown: markdown), width: 1920, height: 1080)
        let measure = try XCTUnwrap(assembly.content.measureWidth)
        let layout = assembly.content.pageLayout(page: 0, width: assembly.scene.textWidth)
        let bodyLeft = ((assembly.scene.textWidth - measure) / 2).rounded()
        let rows = try inkRows(layout)
        XCTAssertGreaterThan(Double(rows.map(\.maxX).max()!), bodyLeft + measure + 200, "wide blocks pass the measure")
        XCTAssertLessThanOrEqual(Double(rows.map(\.maxX).max()!), assembly.scene.textWidth)
        XCTAssertGreaterThanOrEqual(Double(rows.first!.minX), bodyLeft - 2, "the heading starts with the body")
        XCTAssertLessThan(Double(rows.map(\.minX).min()!), bodyLeft - 100, "the wide table is centred, starting left of the body")
        XCTAssertGreaterThanOrEqual(rows.map(\.minX).min()!, 0)
    }

    func testTheDerivedSizeFollowsTheViewingDistanceAndThePanel() throws {
        XCTAssertEqual(ReadingSize.capitalMillimetres(distanceCentimetres: 60), 3.840, accuracy: 0.001)
        var config = KioskConfig.builtIn
        XCTAssertNil(config.text.size)
        XCTAssertEqual(ReadingSize.bodySize(config: config, pixelsPerMillimetre: 96 / 25.4, scale: 1), 20, "96 dpi at 60 cm")
        XCTAssertEqual(ReadingSize.bodySize(config: config, pixelsPerMillimetre: 1920 / 476.0, scale: 1), 21, "21.5-inch 1080p")
        config.text.distanceCentimetres = 120
        XCTAssertEqual(ReadingSize.bodySize(config: config, pixelsPerMillimetre: 96 / 25.4, scale: 1), 40, "twice as far, twice as big")
        config.text.size = 18
        XCTAssertEqual(ReadingSize.bodySize(config: config, pixelsPerMillimetre: 96 / 25.4, scale: 2), 36, "an explicit size wins")
        XCTAssertEqual(try KioskAssembly(config: config, width: 640, height: 480).bodySize, 18)
    }

    /// The point of it all: a capital H drawn at the derived size, on a 4 px/mm panel read
    /// from 60 cm, subtends about 22 minutes of arc.
    func testACapitalAtTheDerivedSizeSubtendsTwentyTwoArcMinutes() throws {
        let density = 4.0
        let size = ReadingSize.bodySize(config: .builtIn, pixelsPerMillimetre: density, scale: 1)
        let typesetter = try Typesetter(style: .pinned([TextStyle.defaultFontPaths[0]], size: size))
        let layout = typesetter.layout(.plainText("H"), width: 200)
        let bitmap = try Bitmap(width: 200, height: layout.height)
        bitmap.canvas.fill(bitmap.canvas.bounds, color: .white)
        layout.draw(into: bitmap.canvas, originX: 0, originY: 0, clip: bitmap.canvas.bounds)
        var top = Int.max, bottom = -1
        for y in 0..<bitmap.height where (0..<200).contains(where: { (bitmap.canvas.row(y)[$0] & 0xFF) < 128 }) {
            top = min(top, y); bottom = max(bottom, y)
        }
        let millimetres = Double(bottom - top + 1) / density
        let arcMinutes = 2 * atan(millimetres / 2 / 600) * 180 / .pi * 60
        XCTAssertEqual(arcMinutes, ReadingSize.capitalArcMinutes, accuracy: 1.5, "\(bottom - top + 1) px at \(size) px")
    }
}
