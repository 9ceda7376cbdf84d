import Foundation
import XCTest
@testable import Typeset

/// Colour emoji through FreeType (Noto Color Emoji: CBDT bitmaps at one 109 px size),
/// fonts that cannot be used left out one by one, and the linear cost of long clusters.
final class EmojiAndFontTests: XCTestCase {
    /// Waving hand, with a skin tone, a ZWJ family, the flag of Germany, keycap 1.
    static let sequences = ["\u{1F44B}", "\u{1F44B}\u{1F3FD}", "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}",
                            "\u{1F1E9}\u{1F1EA}", "1\u{FE0F}\u{20E3}"]

    func testEmojiSequencesAreOneColourGlyphEach() throws {
        let typesetter = try Noto.typesetter([Noto.sans, Noto.emoji], size: 32)
        for sequence in Self.sequences {
            let glyphs = typesetter.shape(sequence)
            XCTAssertEqual(glyphs.count, 1, "\(sequence.unicodeScalars.map { String($0.value, radix: 16) })")
            XCTAssertEqual(glyphs.first.map { typesetter.store.faces[Int($0.face)].path }, Noto.emoji)
            XCTAssertNotEqual(glyphs.first?.glyph, 0, "tofu")
            // Advances at the text size, not the 109 px strike's.
            XCTAssertLessThan(glyphs.first?.advance ?? 999, 32 * 1.5)
        }
    }

    func testEmojiAreDrawnInColourAtTheTextSize() throws {
        let typesetter = try Noto.typesetter([Noto.sans, Noto.emoji], size: 32)
        let layout = typesetter.layout(.markdown("Hello \(Self.sequences.joined(separator: " ")) world"), width: 800)
        let drawn = try Drawn(layout, width: 800)
        // Five emoji of about 32×32 px: thousands of coloured pixels; plain text has none.
        XCTAssertGreaterThan(drawn.saturatedPixels, 5 * 300)
        XCTAssertEqual(layout.lines.count, 1)
        let plain = try Drawn(typesetter.layout(.markdown("Hello world"), width: 800), width: 800)
        XCTAssertEqual(plain.saturatedPixels, 0)
        // Scaled to the line: ink no taller than 1.5 em.
        let inked = (0..<layout.height).filter { y in (0..<800).contains { x in drawn.canvas.pixel(x: x, y: y).map { $0 & 0xFF_FFFF != 0xFF_FFFF } ?? false } }
        XCTAssertLessThan((inked.last ?? 0) - (inked.first ?? 0), 48)
    }

    func testEmojiAreFoundThroughFontconfig() throws {
        let typesetter = try Typesetter(style: TextStyle(fontPaths: [Fonts.dejaVu], size: 24))
        XCTAssertEqual(typesetter.fontPath(for: "\u{1F44B}"), Noto.emoji)
        XCTAssertEqual(typesetter.shape("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}").count, 1)
        XCTAssertTrue(typesetter.missingCharacters(in: "\u{1F44B}\u{1F1E9}\u{1F1EA}").isEmpty)
    }

    func testAFontThatCannotBeUsedIsLeftOutAlone() throws {
        let broken = try temporaryFile(named: "broken.ttf", contents: Data("not a font at all".utf8))
        let typesetter = try Typesetter(style: .pinned([Fonts.dejaVu, broken, Noto.emoji, Noto.thai], size: 20))
        XCTAssertEqual(typesetter.fontProblems.count, 1, "\(typesetter.fontProblems)")
        XCTAssertTrue(typesetter.fontProblems.first?.contains(broken) ?? false)
        // The fonts around it still serve: Latin, emoji and Thai.
        XCTAssertEqual(typesetter.fontPath(for: "A"), Fonts.dejaVu)
        XCTAssertEqual(typesetter.fontPath(for: "\u{1F44B}"), Noto.emoji)
        XCTAssertEqual(typesetter.fontPath(for: "\u{0E01}"), Noto.thai)
        XCTAssertThrowsError(try Typesetter(style: .pinned([broken], size: 20)))
    }

    func testTheColourEmojiFontIsUsableAtAnySize() throws {
        for size in [9.0, 20, 109, 300] {
            XCTAssertNil(FontProbe.problem(path: Noto.emoji, size: size))
            let typesetter = try Noto.typesetter([Noto.emoji, Noto.sans], size: size)
            XCTAssertTrue(typesetter.fontProblems.isEmpty)
        }
        let broken = try temporaryFile(named: "empty.otf", contents: Data())
        XCTAssertNotNil(FontProbe.problem(path: broken))
    }

    /// The shaping cost (HarfBuzz's work: each run's length × its longest cluster, a
    /// deterministic counter) of one letter with n combining marks grows linearly: twice
    /// the marks, about twice the cost. It was quadratic (300 000 marks: 108 s).
    func testLongCombiningSequencesCostLinearly() throws {
        func cost(_ marks: Int) throws -> Int {
            let typesetter = try Fonts.pinned(size: 18)
            typesetter.store.shapingCost = 0
            let layout = typesetter.freshLayout(.markdown("a" + String(repeating: "\u{301}", count: marks)), width: 800)
            XCTAssertGreaterThan(layout.height, 0)
            return typesetter.store.shapingCost
        }
        let small = try cost(20_000), large = try cost(40_000)
        XCTAssertLessThan(Double(large) / Double(small), 2.2, "\(small) → \(large)")
        XCTAssertLessThanOrEqual(large, 40_001 * Shaper.maxShapedClusterScalars * 2)
    }
}
