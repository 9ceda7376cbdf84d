import Foundation
import XCTest
@testable import Typeset

final class DocumentTests: XCTestCase {
    func testMarkdownBlocks() {
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
        let kinds = document.blocks.map(\.kind)
        XCTAssertEqual(kinds, [
            .heading(level: 1), .paragraph, .listItem(marker: "•"), .listItem(marker: "•"), .listItem(marker: "•"),
            .listItem(marker: "1."), .listItem(marker: "2."), .paragraph, .paragraph,
            .image(path: "img/diagram.png", alt: "A diagram"), .rule, .heading(level: 3),
        ])
        XCTAssertEqual(document.blocks[1].inlines, [
            Inline("Some "), Inline("emphasis", .emphasis), Inline(", "), Inline("strong", .strong), Inline(", "),
            Inline("code", .code), Inline(" and "), Inline("a link", .link), Inline(". continued line"),
        ])
        XCTAssertEqual(document.blocks[4].listDepth, 2)
        XCTAssertEqual(document.blocks[3].listDepth, 1)
        XCTAssertEqual(document.blocks[7].quoteDepth, 1)
        XCTAssertEqual(document.blocks[8].quoteDepth, 2)
        XCTAssertEqual(document.blocks[11].inlines, [Inline("Three")])
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
        let document = Document.plainText("在触摸屏上\n显示文章。\nGood\nmorning\n\nNext")
        XCTAssertEqual(document.blocks.map { $0.inlines.map(\.text).joined() }, ["在触摸屏上显示文章。 Good morning", "Next"])
    }

    func testInvalidUTF8BecomesReplacementCharacter() throws {
        var bytes = Data("ok ".utf8)
        bytes.append(contentsOf: [0xFF, 0xC3, 0x28])
        bytes.append(contentsOf: Data(" end".utf8))
        let path = try temporaryFile(named: "bad.txt", contents: bytes)
        let document = try Document.load(path: path)
        let text = document.visibleText
        XCTAssertTrue(text.unicodeScalars.contains("\u{FFFD}"))
        XCTAssertTrue(text.hasPrefix("ok ") && text.hasSuffix(" end"))
        // And it lays out and draws without trouble.
        let layout = try Fonts.pinned().layout(document, width: 300)
        XCTAssertGreaterThan(layout.lineCount, 0)
    }

    func testLoadErrorsNameTheFile() {
        XCTAssertThrowsError(try Document.load(path: "/nope/missing.md")) { error in
            XCTAssertEqual("\(error)", "cannot read content file /nope/missing.md: no such file")
        }
        XCTAssertThrowsError(try Document.load(path: "/nope/picture.png")) { error in
            XCTAssertTrue("\(error)".contains("/nope/picture.png"))
        }
    }
}
