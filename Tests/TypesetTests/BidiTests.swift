import Foundation
import XCTest
@testable import Typeset

/// Right-to-left text through ICU's bidi and HarfBuzz, checked by pixels and by glyph
/// order, with words from glibc's locale sources (he_IL, ar_EG, fa_IR, hi_IN, th_TH).
final class BidiTests: XCTestCase {
    private let width = 700

    /// The first word of a right-to-left paragraph ends at the column's right edge: the
    /// right end of the sentence's line is, pixel for pixel, the first word set alone.
    private func assertFirstWordAtRightEdge(_ words: [String], fonts: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let typesetter = try Noto.typesetter(fonts)
        let sentence = try Drawn(typesetter.layout(.markdown(words.joined(separator: " ")), width: width), width: width)
        let first = try Drawn(typesetter.layout(.markdown(words[0]), width: width), width: width)
        let rows = 0..<min(sentence.bitmap.height, first.bitmap.height)
        let word = first.inkColumns(rows: rows), whole = sentence.inkColumns(rows: rows)
        guard let wordLeft = word.first, let wordRight = word.last, let left = whole.first else { return XCTFail("no ink", file: file, line: line) }
        XCTAssertEqual(whole.last, wordRight, "the line ends where the first word does", file: file, line: line)
        XCTAssertGreaterThan(wordRight, width - 48 - 30, "right-aligned in the column", file: file, line: line)
        XCTAssertGreaterThan(left, 48 + 20, "not left-aligned", file: file, line: line)
        var differing = 0
        for y in rows { for x in wordLeft...wordRight where sentence.canvas.pixel(x: x, y: y) != first.canvas.pixel(x: x, y: y) { differing += 1 } }
        XCTAssertEqual(differing, 0, "the first word's pixels", file: file, line: line)
    }

    func testHebrewReadsRightToLeft() throws {
        try assertFirstWordAtRightEdge(LocaleText.strings("he_IL", "day"), fonts: [Noto.sans, Noto.hebrew])
    }

    func testArabicReadsRightToLeft() throws {
        try assertFirstWordAtRightEdge(LocaleText.strings("ar_EG", "mon").prefix(4).map { $0 }, fonts: [Noto.sans, Noto.arabic])
    }

    func testPersianReadsRightToLeft() throws {
        try assertFirstWordAtRightEdge(LocaleText.strings("fa_IR", "day").prefix(4).map { $0 }, fonts: [Noto.sans, Noto.arabic])
    }

    /// Visual order of one paragraph's clusters (UTF-16 offsets), as laid out on one line.
    private func visualClusters(_ string: String, _ direction: TextDirection, fonts: [String]) throws -> (order: [Int], text: ParagraphText) {
        let typesetter = try Noto.typesetter(fonts)
        var text = ParagraphText()
        text.append(string, TextAttributes())
        text.resolveBidi(direction)
        let shaped = typesetter.shaper.shape(text)
        return (LineOrder.visual(shaped[...], text: text).map { Int($0.cluster) }, text)
    }

    func testNumbersAndLatinInArabicKeepTheirOrder() throws {
        let months = try LocaleText.strings("ar_EG", "mon")
        let string = "\(months[0]) 2024 Debian \(months[1])"
        let (order, _) = try visualClusters(string, TextDirection.firstStrong(in: Array(string.utf16)) ?? .leftToRight, fonts: [Noto.sans, Noto.arabic])
        let utf16 = Array(string.utf16)
        let digitsAt = Array(string.utf16.count - (" Debian \(months[1])".utf16.count + 4)..<utf16.count - " Debian \(months[1])".utf16.count)
        let latinStart = digitsAt.last! + 2
        // Digits and Latin left to right, each in logical order…
        let digits = order.filter { digitsAt.contains($0) }
        XCTAssertEqual(digits, digitsAt)
        let latin = order.filter { (latinStart..<latinStart + 6).contains($0) }
        XCTAssertEqual(latin, Array(latinStart..<latinStart + 6))
        // …and the phrase right to left: the second month leftmost, the first month rightmost.
        XCTAssertTrue(order.prefix(3).allSatisfy { $0 > latinStart + 6 })
        XCTAssertTrue(order.suffix(3).allSatisfy { $0 < months[0].utf16.count })
    }

    func testAHebrewPhraseInEnglishStaysReadable() throws {
        let days = try LocaleText.strings("he_IL", "day")
        let string = "On \(days[0]) \(days[1]) we open."
        let (order, _) = try visualClusters(string, .leftToRight, fonts: [Noto.sans, Noto.hebrew])
        let firstDay = 3..<(3 + days[0].utf16.count), secondDay = (firstDay.upperBound + 1)..<(firstDay.upperBound + 1 + days[1].utf16.count)
        XCTAssertEqual(Array(order.prefix(3)), [0, 1, 2], "English first, left to right")
        let hebrew = order.filter { firstDay.contains($0) || secondDay.contains($0) }
        // Visually the second word comes first (leftmost), each word's letters right to left.
        XCTAssertTrue(secondDay.contains(hebrew.first!))
        XCTAssertEqual(hebrew.filter { firstDay.contains($0) }, firstDay.reversed())
        XCTAssertEqual(order.last, string.utf16.count - 1, "the full stop stays last")
    }

    func testBracketsAreMirrored() throws {
        let days = try LocaleText.strings("he_IL", "day")
        let typesetter = try Noto.typesetter([Noto.sans, Noto.hebrew])
        var text = ParagraphText()
        text.append("\(days[0]) (\(days[1]))", TextAttributes())
        text.resolveBidi(.rightToLeft)
        let shaped = typesetter.shaper.shape(text)
        let open = days[0].utf16.count + 1
        let glyph = shaped.first { Int($0.cluster) == open }!.glyph
        // HarfBuzz substitutes the mirrored character: "(" in RTL draws ")".
        XCTAssertEqual(glyph, typesetter.shape(")").first!.glyph)
        XCTAssertNotEqual(glyph, typesetter.shape("(").first!.glyph)
    }

    func testRightToLeftListHasItsBulletsOnTheRight() throws {
        let days = try LocaleText.strings("he_IL", "day")
        let typesetter = try Noto.typesetter([Noto.sans, Noto.hebrew])
        let layout = typesetter.layout(.markdown("- \(days[0])\n- \(days[1])"), width: width)
        let text = layout.glyphs.filter { $0.color == .text }.map(\.x)
        let markers = layout.glyphs.filter { $0.color == .muted }.map(\.x)
        XCTAssertEqual(markers.count, 2)
        XCTAssertGreaterThan(markers.min()!, text.max()!, "bullets right of the text")
        let quote = typesetter.layout(.markdown("> \(days[2])"), width: width)
        let bar = try XCTUnwrap(quote.rects.first { $0.color == .accent })
        XCTAssertGreaterThan(bar.rect.minX, width / 2, "the quote bar on the right")
    }

    func testLinkBoxFollowsTheVisualOrder() throws {
        let days = try LocaleText.strings("he_IL", "day")
        let typesetter = try Noto.typesetter([Noto.sans, Noto.hebrew])
        let layout = typesetter.layout(.markdown("[\(days[0])](https://www.debian.org) \(days[1]) \(days[2])"), width: width)
        let box = try XCTUnwrap(layout.links.first?.rects.first)
        XCTAssertGreaterThan(box.maxX, width - 48 - 10, "the first word, a link, is at the right edge")
        XCTAssertGreaterThan(box.minX, width / 2)
    }

    func testPageDirectionFromLanguageAndDir() throws {
        let typesetter = try Noto.typesetter([Noto.sans, Noto.hebrew])
        // Digits only have no strong direction: the page's language or `dir` decides.
        let neutral = "2024"
        for (front, rightAligned) in [("lang: he", true), ("lang: en", false), ("dir: rtl", true), ("lang: ar\ndir: ltr", false)] {
            let layout = typesetter.layout(.markdown("---\n\(front)\n---\n\(neutral)"), width: width)
            let x = layout.glyphs.map(\.x).min()!
            XCTAssertEqual(x > Float(width / 2), rightAligned, front)
        }
        XCTAssertEqual(TextDirection.of(language: "fa-IR"), .rightToLeft)
        XCTAssertEqual(TextDirection.of(language: "de"), .leftToRight)
    }

    func testHindiThaiAndJapaneseStillShapeAndWrap() throws {
        let hindi = try LocaleText.strings("hi_IN", "day").joined(separator: " ")
        let thai = try LocaleText.strings("th_TH", "mon").joined()
        let japanese = try LocaleText.strings("ja_JP", "day").joined()
        let typesetter = try Noto.typesetter([Noto.sans, Noto.devanagari, Noto.thai, Fonts.droid])
        for (name, string) in [("hindi", hindi), ("thai", thai), ("japanese", japanese)] {
            let glyphs = typesetter.shape(string)
            XCTAssertFalse(glyphs.contains { $0.glyph == 0 }, "\(name): tofu")
            XCTAssertGreaterThan(typesetter.wrap(string, width: 120).count, 1, "\(name) wraps")
        }
        // Devanagari conjuncts and matras: fewer glyphs than scalars.
        XCTAssertLessThan(typesetter.shape(hindi).count, hindi.unicodeScalars.count)
    }
}
