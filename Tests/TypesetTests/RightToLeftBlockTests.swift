import XCTest
import Raster
@testable import Typeset

/// Lists and tables on a right-to-left page are mirrored, checked by pixels: the same
/// block drawn twice with one thing changed, the changed pixels showing where that
/// thing is. Hebrew words from glibc's he_IL locale, Debian's Noto fonts.
final class RightToLeftBlockTests: XCTestCase {
    private let width = 700
    private let fonts = [Noto.sans, Noto.hebrew]

    /// The columns where the two drawings differ, and the columns with ink in both alike.
    private func difference(_ a: String, _ b: String) throws -> (changed: [Int], same: [Int]) {
        let typesetter = try Noto.typesetter(fonts)
        let one = try Drawn(typesetter.layout(.markdown(a), width: width), width: width)
        let two = try Drawn(typesetter.layout(.markdown(b), width: width), width: width)
        XCTAssertEqual(one.bitmap.height, two.bitmap.height)
        var changed = Set<Int>(), same = Set<Int>()
        for y in 0..<min(one.bitmap.height, two.bitmap.height) {
            for x in 0..<width {
                let p = one.canvas.pixel(x: x, y: y)! & 0xFF_FFFF, q = two.canvas.pixel(x: x, y: y)! & 0xFF_FFFF
                if p != q { changed.insert(x) } else if p != 0xFF_FFFF { same.insert(x) }
            }
        }
        return (changed.sorted(), same.sorted())
    }

    func testRightToLeftListMarkersAreRightOfTheText() throws {
        let days = try LocaleText.strings("he_IL", "day")
        // Bullets against numbers: only the markers change.
        let (markers, text) = try difference("- \(days[0])\n- \(days[1])", "1. \(days[0])\n2. \(days[1])")
        XCTAssertFalse(markers.isEmpty)
        XCTAssertGreaterThan(markers.min()!, text.max()!, "every marker right of every word")
        XCTAssertGreaterThan(markers.max()!, width - 48 - 10, "at the column's right edge")
        // The same list in English keeps its markers on the left.
        let (english, englishText) = try difference("- Sunday\n- Monday", "1. Sunday\n2. Monday")
        XCTAssertLessThan(english.max()!, englishText.min()!)
    }

    func testRightToLeftTableHasItsFirstColumnAtTheRightAndCellsRightAligned() throws {
        let days = try LocaleText.strings("he_IL", "day"), months = try LocaleText.strings("he_IL", "mon")
        // The header's long words fix the column widths; the body row's short cells change.
        let table = { (first: String, second: String) in "| \(months[8]) | \(months[10]) |\n|---|---|\n| \(first) | \(second) |" }
        let (secondCell, _) = try difference(table("1", "2"), table("1", ""))
        let (firstCell, _) = try difference(table("1", "2"), table("", "2"))
        XCTAssertFalse(firstCell.isEmpty)
        XCTAssertFalse(secondCell.isEmpty)
        XCTAssertLessThan(secondCell.max()!, firstCell.min()!, "the second column left of the first")
        // The first cell is right-aligned under the first header word, at the table's (the column's) right edge.
        let typesetter = try Noto.typesetter(fonts)
        let header = try Drawn(typesetter.layout(.markdown(table("", "")), width: width), width: width)
        let ink = header.inkColumns(rows: 0..<header.bitmap.height)
        // Right-aligned under the 76 px header word: its ink ends within the bold header's
        // overhang (the "1" has a wider right bearing), not at the column's left.
        XCTAssertEqual(firstCell.max()!, ink.max()!, accuracy: 16, "right-aligned in its column")
        XCTAssertGreaterThan(ink.max()!, width - 48 - 20, "the table against the column's right edge")
        XCTAssertGreaterThan(firstCell.min()!, width / 2, "not at the column's left")
        // A Hebrew word in an English table does not turn it round.
        let (englishSecond, _) = try difference("| January | \(days[0]) |\n|---|---|\n| 1 | 2 |", "| January | \(days[0]) |\n|---|---|\n| 1 | |")
        let (englishFirst, _) = try difference("| January | \(days[0]) |\n|---|---|\n| 1 | 2 |", "| January | \(days[0]) |\n|---|---|\n| | 2 |")
        XCTAssertLessThan(englishFirst.max()!, englishSecond.min()!)
    }

    func testAWideRightToLeftTableStartsAtItsRightEdge() throws {
        let months = try LocaleText.strings("he_IL", "mon")
        let typesetter = try Noto.typesetter(fonts)
        // Twelve months in a row: wider than the page.
        let header = "| " + months.joined(separator: " | ") + " |"
        let rule = "|" + String(repeating: "---|", count: months.count)
        let cells: [String] = (1...12).map { String($0) }
        let markdown = [header, rule, "| " + cells.joined(separator: " | ") + " |"].joined(separator: "\n")
        let layout = typesetter.layout(.markdown(markdown), width: width)
        let table = try XCTUnwrap(layout.wideTables.first)
        XCTAssertTrue(table.rightToLeft)
        XCTAssertGreaterThan(table.maxOffset, 0)
        XCTAssertEqual(table.shift(forOffset: 0), table.maxOffset, "unpanned, it shows its right edge")
        XCTAssertEqual(table.shift(forOffset: table.maxOffset), 0)
        // Drawn unpanned: the first month (the first column) is in the window, at its right.
        let drawn = try Drawn(layout, width: width)
        let alone = try Drawn(typesetter.layout(.markdown("**\(months[0])**"), width: width), width: width)
        let word = alone.inkColumns(rows: 0..<alone.bitmap.height)
        let headerRows = table.frame.y..<(table.frame.y + alone.bitmap.height / 2)
        let ink = drawn.inkColumns(rows: headerRows)
        XCTAssertGreaterThan(ink.max()!, table.window.maxX - 30, "ink up to the window's right edge")
        XCTAssertLessThanOrEqual(ink.max()!, table.window.maxX)
        XCTAssertGreaterThan(word.count, 10)
    }
}

extension RightToLeftBlockTests {
    /// A cell is measured as it is set: an Arabic cell with spaces in a narrow table stays
    /// on one line (measured as left-to-right text it was narrower, and wrapped).
    func testArabicCellsAreMeasuredAsTheyAreSet() throws {
        let days = try LocaleText.strings("ar_EG", "day")
        let typesetter = try Noto.typesetter([Noto.sans, Noto.arabic])
        for day in days.prefix(7) {
            let cell = "\(day) – \(day)"
            let layout = typesetter.layout(.markdown("| \(cell) | 1 |\n|---|---|\n| 2 | 3 |"), width: 700)
            XCTAssertEqual(layout.lines.count, 4, "\(cell): one line per cell")
        }
    }
}
