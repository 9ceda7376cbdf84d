import XCTest
@testable import Typeset

/// Hyphenation through libhyphen with Debian's dictionaries (hyphen-en-us, hyphen-de,
/// hyphen-fr in /usr/share/hyphen; scripts/install-deps installs them).
final class HyphenationTests: XCTestCase {
    private func typesetter(language: String?, size: Double = 20) throws -> Typesetter {
        var style = TextStyle.pinned([Fonts.dejaVu, Fonts.droid], size: size)
        style.language = language
        return try Typesetter(style: style)
    }

    func testEnglishGermanAndFrenchDictionaries() throws {
        let english = try XCTUnwrap(Hyphenator(language: "en-US"))
        XCTAssertEqual(english.hyphenated("hyphenation"), "hy-phen-ation")
        XCTAssertTrue(english.path.hasSuffix("hyph_en_US.dic"), english.path)
        // The German dictionary is ISO 8859-1: umlauts must reach it as Latin-1 bytes.
        let german = try XCTUnwrap(Hyphenator(language: "de"))
        let word = german.hyphenated("Silbentrennungsmöglichkeiten")
        XCTAssertEqual(word.replacingOccurrences(of: "-", with: ""), "Silbentrennungsmöglichkeiten")
        XCTAssertTrue(word.contains("Sil-ben"), word)
        XCTAssertTrue(word.contains("mög-lich"), word)
        let french = try XCTUnwrap(Hyphenator(language: "fr_FR"))
        XCTAssertGreaterThan(french.breaks(in: Array("anticonstitutionnellement".unicodeScalars)).count, 4)
        // Every point leaves the dictionary's minimum before and after (en: 2 and 3).
        for point in english.breaks(in: Array("extraordinarily".unicodeScalars)) {
            XCTAssertGreaterThanOrEqual(point, 2)
            XCTAssertLessThanOrEqual(point, "extraordinarily".count - 3)
        }
    }

    func testDictionaryLookupAndTags() {
        XCTAssertEqual(Hyphenator.dictionaryPath(for: "en"), "/usr/share/hyphen/hyph_en.dic")
        XCTAssertEqual(Hyphenator.dictionaryPath(for: "de-at"), "/usr/share/hyphen/hyph_de_AT.dic")
        XCTAssertEqual(Hyphenator.dictionaryPath(for: "fr_CA"), "/usr/share/hyphen/hyph_fr_CA.dic")
        XCTAssertNil(Hyphenator.dictionaryPath(for: "xx"))
        XCTAssertNil(Hyphenator(language: "tlh"), "no Klingon dictionary: nil, never a crash")
        for good in ["en", "en-US", "de_CH", "sr-Latn-RS", "es-419"] { XCTAssertTrue(Hyphenator.isValidTag(good), good) }
        for bad in ["", "e", "english", "en-", "en US", "../etc", "en-USA-x-y", "1n"] { XCTAssertFalse(Hyphenator.isValidTag(bad), bad) }
    }

    /// A word wider than the line: split at the dictionary's points with a hyphen,
    /// never at an arbitrary letter, and every line still fits.
    func testOverlongWordBreaksAtHyphenationPoints() throws {
        let typesetter = try typesetter(language: "en-US")
        let dictionary = try XCTUnwrap(Hyphenator(language: "en-US"))
        let word = "incomprehensibilities"
        let points = Set(dictionary.breaks(in: Array(word.unicodeScalars)))
        let lines = typesetter.wrap("An \(word) here", width: 110)
        XCTAssertGreaterThan(lines.count, 2)
        var letters = 0
        for line in lines {
            XCTAssertLessThanOrEqual(line.width, 110, line.text)
            guard line.text.hasSuffix("-") else { continue }
            let piece = line.text.dropLast().split(separator: " ").last.map(String.init) ?? ""
            let start = word.hasPrefix(piece) ? 0 : letters
            letters = start + piece.count
            XCTAssertTrue(points.contains(letters), "\(line.text): \(letters) is not a hyphenation point of \(word)")
        }
        XCTAssertEqual(lines.map { $0.text.hasSuffix("-") ? String($0.text.dropLast()) : $0.text }.joined(), "An \(word) here")
    }

    /// Without a dictionary the old rule holds: split between letters, no hyphen, no crash.
    func testMissingDictionaryFallsBackToClusters() throws {
        for language in ["xx", nil] {
            let lines = try typesetter(language: language).wrap("An incomprehensibilities here", width: 110)
            XCTAssertFalse(lines.contains { $0.text.hasSuffix("-") })
            XCTAssertEqual(lines.map(\.text).joined(), "An incomprehensibilities here")
            for line in lines { XCTAssertLessThanOrEqual(line.width, 110) }
        }
    }

    /// In a narrow column a long word that would leave a gaping line is hyphenated into
    /// it; URLs, numbers and words with apostrophes are not.
    func testNarrowColumnHyphenatesLongWordsOnly() throws {
        let typesetter = try typesetter(language: "en")
        let text = "The documentation describes extraordinary circumstances and responsibilities of "
            + "the administration; see https://example.org/documentation and 12345678901234 or don't."
        let lines = typesetter.wrap(text, width: 230)
        XCTAssertTrue(lines.contains { $0.text.hasSuffix("-") }, "\(lines.map(\.text))")
        for line in lines {
            XCTAssertLessThanOrEqual(line.width, 230, line.text)
            if line.text.hasSuffix("-") {
                XCTAssertFalse(line.text.contains("http") || line.text.contains("123") || line.text.contains("don"), line.text)
            }
        }
        let joined = lines.map { $0.text.hasSuffix("-") ? String($0.text.dropLast()) : $0.text }.joined()
        XCTAssertEqual(joined, text)
        // At a wide measure the same text needs no hyphen.
        XCTAssertFalse(typesetter.wrap(text, width: 2000).contains { $0.text.hasSuffix("-") })
    }

    func testCJKIsUnaffected() throws {
        let text = "触摸屏上显示文章，在阅读时可以缩放文字大小。Lectern 显示文章。"
        for width in [60.0, 130, 250] {
            let with = try typesetter(language: "en").wrap(text, width: width).map(\.text)
            let without = try typesetter(language: nil).wrap(text, width: width).map(\.text)
            XCTAssertEqual(with, without, "width \(width)")
        }
    }

    /// The page's own language (front matter) picks the dictionary; the hyphen is drawn
    /// as a glyph at the end of the line.
    func testFrontMatterLanguageChoosesTheDictionary() throws {
        let markdown = "---\ntitle: Test\nlang: \"de\"\n---\n\nDonaudampfschifffahrtsgesellschaftskapitän kommt.\n"
        let document = Document.markdown(markdown)
        XCTAssertEqual(document.language, "de")
        XCTAssertNil(Document.markdown("No front matter.").language)
        let typesetter = try typesetter(language: "en")
        let layout = typesetter.layout(document, width: 200)
        let hyphen = try XCTUnwrap(typesetter.store.faces[0].hyphenGlyph)
        let hyphenatedLines = layout.lines.filter { line in
            line.glyphEnd > line.glyphStart && layout.glyphs[Int(line.glyphEnd) - 1].glyph == hyphen.glyph
        }
        XCTAssertGreaterThanOrEqual(hyphenatedLines.count, 2, "the compound is hyphenated across lines")
        for line in layout.lines where line.glyphEnd > line.glyphStart {
            let last = layout.glyphs[Int(line.glyphEnd) - 1]
            XCTAssertLessThanOrEqual(Double(last.x), 200, "no glyph starts past the width")
        }
    }
}
