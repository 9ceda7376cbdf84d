import XCTest
@testable import Typeset

final class LineBreakingTests: XCTestCase {
    let mixed = "Lectern 在触摸屏上显示文章。Good."

    func testMixedTextWrapsOnlyAtLegalBreaks() throws {
        let typesetter = try Fonts.pinned(size: 20)
        let lines = typesetter.wrap(mixed, width: 200)
        XCTAssertGreaterThan(lines.count, 1)
        XCTAssertEqual(lines.map(\.text).joined(), mixed, "nothing lost or duplicated")
        let legal = Set(LineBreaks.opportunities(in: Array(mixed.utf16)))
        var offset = 0
        for line in lines.dropLast() {
            offset += line.text.utf16.count
            XCTAssertTrue(legal.contains(offset), "break at \(offset) before \(line.text) is not a UAX #14 opportunity")
        }
        for line in lines {
            XCTAssertLessThanOrEqual(line.width, 200)
            XCTAssertFalse(line.text.hasPrefix("。"))
        }
        XCTAssertFalse(lines.contains { $0.text.hasPrefix("Lect") && $0.text.count < 7 }, "Latin word not split")
    }

    func testICUOpportunities() {
        let text = Array("ab cd 在触。x".utf16)
        let breaks = LineBreaks.opportunities(in: text)
        XCTAssertTrue(breaks.contains(3), "after the space")
        XCTAssertTrue(breaks.contains(7), "between ideographs")
        XCTAssertFalse(breaks.contains(8), "never before 。")
        XCTAssertFalse(breaks.contains(1), "not inside a word")
        XCTAssertEqual(breaks.last, text.count)
    }

    func testNoLineStartsWithClosingPunctuationAtAnyWidth() throws {
        let typesetter = try Fonts.pinned(size: 20)
        let text = "在触摸屏上，显示文章。在触摸屏上、显示「文章」。在触摸屏上显示文章。"
        for width in stride(from: 40.0, through: 400, by: 7) {
            for line in typesetter.wrap(text, width: width) {
                XCTAssertFalse("。，、」".contains(line.text.first!), "width \(width): line starts with \(line.text.first!)")
            }
        }
    }

    func testEmojiZWJSequenceIsNeverSplit() throws {
        let typesetter = try Fonts.pinned(size: 20)
        let family = "👩\u{200D}👩\u{200D}👧"
        let text = "Family \(family)\(family) here"
        for width in [20.0, 40, 60, 120, 300] {
            let lines = typesetter.wrap(text, width: width)
            XCTAssertEqual(lines.map(\.text).joined(), text)
            for line in lines {
                // A line holding part of the sequence must hold all of it.
                if line.text.unicodeScalars.contains("\u{200D}") || line.text.contains("👧") {
                    XCTAssertTrue(line.text.contains(family), "width \(width): \(line.text.unicodeScalars.map { String($0.value, radix: 16) })")
                }
                XCTAssertFalse(line.text.unicodeScalars.first == "\u{200D}")
            }
        }
    }

    func testOverlongWordIsSplitToFit() throws {
        let typesetter = try Fonts.pinned(size: 20)
        let lines = typesetter.wrap("Pneumonoultramicroscopicsilicovolcanoconiosis", width: 100)
        XCTAssertGreaterThan(lines.count, 2)
        XCTAssertTrue(lines.allSatisfy { $0.width <= 100 })
    }
}
