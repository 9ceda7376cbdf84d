import XCTest
@testable import Typeset

/// HTML as a browser shows it where a README puts it: a `<details>` inside a paragraph,
/// and the comments and CDATA sections CommonMark 0.31 defines in HTML blocks.
final class HTMLInParagraphTests: XCTestCase {
    private func blocks(_ source: String) -> [Block] { Document.markdown(source).blocks }
    private func text(_ block: Block) -> String { block.inlines.map(\.text).joined() }

    func testDetailsInsideAParagraphPutsSummaryAndTextOnLinesOfTheirOwn() {
        let b = blocks("Intro <details><summary>More</summary>Hidden text</details> after")
        XCTAssertEqual(b.count, 1)
        XCTAssertEqual(text(b[0]), "Intro\nMore\nHidden text\nafter")
        XCTAssertEqual(b[0].inlines.first { $0.text == "More" }?.style, .strong, "the summary is bold, as in an HTML block")
        // Neither tag is reported as dropped: both are drawn as what they mean.
        XCTAssertNil(HTMLInlineTag.parse("<details>").dropped)
        XCTAssertNil(HTMLInlineTag.parse("<summary>").dropped)
    }

    func testDetailsBlockAloneStillSeparatesSummaryAndText() {
        let b = blocks("<details><summary>More</summary>Hidden text</details>")
        XCTAssertEqual(b.map(text), ["More", "Hidden text"])
    }

    func testCommentsAndCDATAInHTMLBlocksShowNothing() {
        for html in ["<!-- a -- b -->", "<!-->", "<!--->", "<![CDATA[ x < y && z ]]>", "<!-- one\n-- two -- \n-->"] {
            let b = blocks("\(html)\n\nText")
            XCTAssertEqual(b.map(text), ["Text"], "\(html.debugDescription)")
        }
    }

    func testCommentsInsideAParagraphShowNothing() {
        // Not comments to Debian 12's cmark-gfm (an older spec): it hands them over as text.
        for comment in ["<!-- a -- b -->", "<!-->", "<!--->", "<!-- *not* emphasis -- -->", "<!-- over\ntwo lines -- -->"] {
            let b = blocks("before \(comment) after")
            XCTAssertEqual(b.count, 1, comment.debugDescription)
            XCTAssertEqual(text(b[0]), "before  after", comment.debugDescription)
        }
        XCTAssertEqual(text(blocks("a <!--> b <!---> c <!-- d -- --> e")[0]), "a  b  c  e")
    }

    func testCodeSpansAndACommentNeverClosedKeepTheirText() {
        XCTAssertEqual(text(blocks("`<!-->` and <!-- never closed")[0]), "<!--> and <!-- never closed")
        let image = blocks("x <!-- ![hidden](p.png) -- --> y")[0]
        XCTAssertFalse(image.inlines.contains { $0.style.contains(.image) }, "a picture inside the comment goes with it")
    }

    func testTextAroundACommentInAnHTMLBlockStays() {
        let b = blocks("<p>before <!-- a -- b --> after</p>")
        XCTAssertEqual(b.map(text), ["before after"])
    }
}

extension HTMLInParagraphTests {
    func testCDATASectionIsListedAsDroppedAndLaterLinesKeepTheirNumbers() {
        let fragment = HTMLFragment.read("<div>\n<![CDATA[ one\ntwo ]]>\n<p>After</p>\n</div>")
        XCTAssertEqual(fragment.dropped, [.init(tag: "![CDATA[ section", line: 2, textKept: false)])
        XCTAssertEqual(fragment.blocks.map { $0.inlines.map(\.text).joined() }, ["After"])
        XCTAssertEqual(fragment.blocks.first?.line, 4)
    }
}
