import Foundation
import XCTest
@testable import Typeset

final class DocumentTests: XCTestCase {
    func testFrontMatterTitleAndBlocks() {
        let source = """
        ---
        title: "Welcome"
        author: x
        ---
        # Heading one
        Some *emphasis*, **strong**, `code` and [a link](http://x).
        continued line

        - first
        - second
          - nested
        1. one
        2) two

        > quoted
        > > deeper

        ![A diagram](img/diagram.png)

        ---
        ### Three ###
        """
        let document = Document.markdown(source, baseDirectory: "/pages")
        XCTAssertEqual(document.title, "Welcome")
        XCTAssertEqual(document.baseDirectory, "/pages")
        XCTAssertEqual(document.blocks.map(\.kind), [
            .heading(level: 1), .paragraph, .paragraph, .paragraph, .paragraph,
            .paragraph, .paragraph, .paragraph, .paragraph,
            .image(path: "img/diagram.png", alt: "A diagram"), .rule, .heading(level: 3),
        ])
        XCTAssertEqual(document.blocks.map(\.marker), [nil, nil, .bullet, .bullet, .bullet, .number(1), .number(2), nil, nil, nil, nil, nil],
                       "`2)` starts a new list (CommonMark: a new delimiter is a new list), numbered from 2")
        XCTAssertEqual(document.blocks[1].inlines, [
            Inline("Some "), Inline("emphasis", .emphasis), Inline(", "), Inline("strong", .strong), Inline(", "),
            Inline("code", .code), Inline(" and "), Inline("a link", .link, url: "http://x"), Inline(". continued line"),
        ])
        XCTAssertEqual(document.blocks[3].listDepth, 1)
        XCTAssertEqual(document.blocks[4].listDepth, 2)
        XCTAssertEqual(document.blocks[7].quoteDepth, 1)
        XCTAssertEqual(document.blocks[8].quoteDepth, 2)
        XCTAssertEqual(document.blocks[11].inlines, [Inline("Three")])
        // Source lines count the front matter.
        XCTAssertEqual(document.blocks[0].line, 5)
        XCTAssertEqual(document.blocks[11].line, 21)
    }

    func testTitleFallsBackToFirstHeading() {
        XCTAssertEqual(Document.markdown("intro\n\n# Real title\n").title, "Real title")
        XCTAssertNil(Document.plainText("just text").title)
    }

    func testUnmatchedDelimitersStayLiteral() {
        let document = Document.markdown("2 * 3 = 6 and snake_case_name and `tick")
        XCTAssertEqual(document.blocks.first?.inlines, [Inline("2 * 3 = 6 and snake_case_name and `tick")])
    }

    func testCJKLinesJoinWithoutSpace() {
        let plain = Document.plainText("在触摸屏上\n显示文章。\nGood\nmorning\n\nNext")
        XCTAssertEqual(plain.blocks.map { $0.inlines.map(\.text).joined() }, ["在触摸屏上显示文章。 Good morning", "Next"])
        let markdown = Document.markdown("在触摸屏上\n显示文章。\nGood\nmorning *强调*\n文字")
        XCTAssertEqual(markdown.blocks.map { $0.inlines.map(\.text).joined() }, ["在触摸屏上显示文章。 Good morning 强调文字"])
    }

    func testInvalidUTF8BecomesReplacementCharacterWithAWarning() throws {
        var bytes = Data("first line\nok ".utf8)
        bytes.append(contentsOf: [0xFF, 0xC3, 0x28])
        bytes.append(contentsOf: Data(" end".utf8))
        let path = try temporaryFile(named: "bad.txt", contents: bytes)
        let document = try Document.load(path: path)
        let text = document.visibleText
        XCTAssertTrue(text.unicodeScalars.contains("\u{FFFD}"))
        XCTAssertTrue(text.hasPrefix("first line ok ") && text.hasSuffix(" end"))
        XCTAssertEqual(document.warnings.count, 1)
        XCTAssertTrue(document.warnings[0].hasPrefix("\(path):2:"), document.warnings[0])
        // And it lays out and draws without trouble.
        let layout = try Fonts.pinned().layout(document, width: 300)
        XCTAssertGreaterThan(layout.lineCount, 0)
    }

    func testLoadErrorsNameTheFile() {
        XCTAssertThrowsError(try Document.load(path: "/nope/missing.md")) { error in
            XCTAssertEqual("\(error)", "cannot read content file /nope/missing.md: does not exist")
        }
        XCTAssertThrowsError(try Document.load(path: "/nope/picture.png")) { error in
            XCTAssertTrue("\(error)".contains("/nope/picture.png"))
        }
        XCTAssertThrowsError(try Document.checkLoadable(path: "/nope/missing.md"))
    }

    func testContentOverTheSizeCapIsRefusedWithFileSizeAndCap() throws {
        let path = try temporaryFile(named: "big.md", contents: Data(repeating: UInt8(ascii: "a"), count: 5000))
        for attempt in [{ _ = try Document.load(path: path, limit: 4096) }, { try Document.checkLoadable(path: path, limit: 4096) }] {
            XCTAssertThrowsError(try attempt()) { error in
                XCTAssertEqual(error as? Document.LoadError, .tooLarge(path: path, bytes: 5000, limit: 4096))
                let message = "\(error)"
                XCTAssertTrue(message.contains(path) && message.contains("5000 bytes") && message.contains("limit"), message)
            }
        }
        XCTAssertEqual(Document.contentSizeLimit, 1 << 20)
        XCTAssertNoThrow(try Document.load(path: path))
    }

    func testCRLFMarkdownReadsAsLF() throws {
        let source = "# Title\r\n\r\nfirst line\r\nsecond line  \r\nafter break\r\n\r\n    code\tcell\r\n\r\n- a\r\n- b\r\n"
        let path = try temporaryFile(named: "crlf.md", contents: Data(source.utf8))
        let document = try Document.load(path: path)
        XCTAssertEqual(document.blocks.map(\.kind), [.heading(level: 1), .paragraph, .code, .paragraph, .paragraph])
        XCTAssertEqual(document.blocks[1].inlines, [Inline("first line second line"), Inline("\n", .hardBreak), Inline("after break")])
        XCTAssertEqual(document.blocks[2].inlines.map(\.text).joined(), "code    cell")
        XCTAssertFalse(document.visibleText.contains("\r"))
        XCTAssertFalse(document.visibleText.contains("\t"))
        XCTAssertTrue(try Fonts.pinned().missingCharacters(in: document).isEmpty)
    }

    func testCRLFAndTabsInPlainText() throws {
        let path = try temporaryFile(named: "crlf.txt", contents: Data("one\ttab\r\ntwo\r\n\r\nthree\rfour\r\n".utf8))
        let document = try Document.load(path: path)
        XCTAssertEqual(document.blocks.map { $0.inlines.map(\.text).joined() }, ["one tab two", "three four"])
        XCTAssertEqual(document.blocks.map(\.line), [1, 4])
        XCTAssertTrue(try Fonts.pinned().missingCharacters(in: document).isEmpty)
    }
}
