import XCTest
@testable import Typeset

/// Front matter is YAML, read by a YAML library: what YAML means by quotes, escapes,
/// comments and flow mappings is what the page gets; text that only starts like front
/// matter stays in the page.
final class FrontMatterTests: XCTestCase {
    func testQuotedEscapedAndCommentedValuesMeanWhatYAMLSays() {
        let d = Document.markdown("---\ntitle: \"Say \\\"hi\\\" \\u00e0 la carte\"\nlang: de-CH   # the Swiss hyphenation\ndir: 'RTL'\n---\n\nBody.\n")
        XCTAssertEqual(d.title, "Say \"hi\" à la carte")
        XCTAssertEqual(d.language, "de-CH")
        XCTAssertEqual(d.direction, .rightToLeft)
        XCTAssertEqual(d.blocks.map { $0.inlines.map(\.text).joined() }, ["Body."])
    }

    func testFlowMappingCRLFAndANumberTitle() {
        let d = Document.markdown("---\r\n{title: 2024, language: he}\r\n...\r\nText\r\n")
        XCTAssertEqual(d.title, "2024")
        XCTAssertEqual(d.language, "he")
        XCTAssertEqual(d.blocks.count, 1)
    }

    /// A thematic break, a paragraph and a setext underline are not front matter: the
    /// old line reader took the lines between as a block and dropped them.
    func testTextThatOnlyLooksLikeFrontMatterStays() {
        let d = Document.markdown("---\nJust a paragraph after a rule\n---\n\nMore.\n")
        XCTAssertNil(d.language)
        let texts = d.blocks.map { $0.inlines.map(\.text).joined() }
        XCTAssertTrue(texts.contains("Just a paragraph after a rule"), "\(texts)")
        XCTAssertTrue(texts.contains("More."))
    }

    func testSourceLinesCountTheBlock() {
        let front = FrontMatter("---\ntitle: T\n---\nline 4\n")
        XCTAssertEqual(front.lines, 3)
        XCTAssertEqual(front.body, "line 4")
    }
}
