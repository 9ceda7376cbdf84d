import XCTest
@testable import Typeset

/// Each CommonMark block type and the GFM extensions, read through libcmark-gfm into
/// the document model.
final class MarkdownBlockTests: XCTestCase {
    private func blocks(_ source: String) -> [Block] { Document.markdown(source).blocks }
    private func text(_ block: Block) -> String { block.inlines.map(\.text).joined() }

    func testATXAndSetextHeadings() {
        let b = blocks("# One\n## Two ##\n###### Six\nSetext one\n===\nSetext two\n---\n#NotAHeading")
        XCTAssertEqual(b.map(\.kind), [.heading(level: 1), .heading(level: 2), .heading(level: 6), .heading(level: 1), .heading(level: 2), .paragraph])
        XCTAssertEqual(b.map(text), ["One", "Two", "Six", "Setext one", "Setext two", "#NotAHeading"])
    }

    func testBlockQuoteWithLazyContinuation() {
        let b = blocks("> quoted\nlazy line\n\nafter")
        XCTAssertEqual(b.map(\.kind), [.paragraph, .paragraph])
        XCTAssertEqual(text(b[0]), "quoted lazy line")
        XCTAssertEqual(b[0].quoteDepth, 1)
        XCTAssertEqual(b[1].quoteDepth, 0)
    }

    func testOrderedListsAreRenumberedAndKeepTheirStart() {
        XCTAssertEqual(blocks("1. a\n1. b\n1. c").map(\.marker), [.number(1), .number(2), .number(3)])
        XCTAssertEqual(blocks("7) a\n7) b").map(\.marker), [.number(7), .number(8)])
        XCTAssertEqual(blocks("- a\n* b").map(\.marker), [.bullet, .bullet], "a new bullet character is a new list")
        let tight = blocks("- a\n- b\n\nnext")
        XCTAssertEqual(tight.map(\.tight), [false, true, false])
        let loose = blocks("- a\n\n- b")
        XCTAssertEqual(loose.map(\.tight), [false, false])
    }

    func testListItemWithSeveralBlocksAndEmptyItem() {
        let b = blocks("1. first para\n\n   second para\n\n       indented code\n2.\n3. three")
        XCTAssertEqual(b.map(\.kind), [.paragraph, .paragraph, .code, .paragraph, .paragraph])
        XCTAssertEqual(b.map(\.marker), [.number(1), nil, nil, .number(2), .number(3)])
        XCTAssertEqual(b.map(\.listDepth), [1, 1, 1, 1, 1])
        XCTAssertEqual(text(b[3]), "", "an empty item keeps its number")
    }

    func testIndentedCodeIsCodeWithTabsExpanded() {
        let b = blocks("para\n\n    let x = 1\n\n    \tif x {\n\tindented by tab\n")
        XCTAssertEqual(b.map(\.kind), [.paragraph, .code])
        XCTAssertEqual(text(b[1]), "let x = 1\n\n    if x {\nindented by tab")
        XCTAssertEqual(b[1].inlines.first?.style, .code)
    }

    func testFourBacktickFenceHoldsThreeBacktickFence() {
        let b = blocks("````markdown\n```swift\nlet x\n```\n````\nafter")
        XCTAssertEqual(b.map(\.kind), [.code, .paragraph])
        XCTAssertEqual(text(b[0]), "```swift\nlet x\n```")
        XCTAssertEqual(text(b[1]), "after")
        let tilde = blocks("~~~\n\tone\ttwo\n~~~")
        XCTAssertEqual(text(tilde[0]), "    one two")
    }

    func testHTMLBlocksAreReadCommentsHiddenInlineTagsStyleText() {
        let b = blocks("<div align=\"center\">\n<img src=\"x.png\">\n</div>\n\n<!-- a comment -->\n\nText with <b>bold</b> tag<br>next")
        XCTAssertEqual(b.map(\.kind), [.paragraph, .paragraph])
        XCTAssertEqual(b[0].alignment, .center)
        XCTAssertEqual(b[0].inlines.map(\.url), ["x.png"])
        XCTAssertEqual(b[0].line, 2, "the image's own line")
        XCTAssertEqual(b[1].inlines, [Inline("Text with "), Inline("bold", .strong), Inline(" tag"), Inline("\n", .hardBreak), Inline("next")])
    }

    func testThematicBreaks() {
        XCTAssertEqual(blocks("a\n\n***\n\n- - -\n\n___").map(\.kind), [.paragraph, .rule, .rule, .rule])
    }

    func testLinkReferenceDefinitionsAreUsedNotShown() {
        let b = blocks("See [the docs][ref] and [ref].\n\n[ref]: https://example.com/docs \"Title\"\n")
        XCTAssertEqual(b.count, 1)
        XCTAssertEqual(b[0].inlines, [Inline("See "), Inline("the docs", .link, url: "https://example.com/docs"), Inline(" and "),
                                      Inline("ref", .link, url: "https://example.com/docs"), Inline(".")])
    }

    func testNestedEmphasisAndStrong() {
        XCTAssertEqual(blocks("*a **b** c*")[0].inlines, [Inline("a ", .emphasis), Inline("b", [.emphasis, .strong]), Inline(" c", .emphasis)])
        XCTAssertEqual(blocks("**bold _and it_**")[0].inlines, [Inline("bold ", .strong), Inline("and it", [.strong, .emphasis])])
    }

    func testEntitiesAreDecoded() {
        XCTAssertEqual(text(blocks("&amp; &copy; &#x41; &#66; &nbsp;|&lt;tag&gt; &notanentity;")[0]), "& © A B \u{A0}|<tag> &notanentity;")
    }

    func testHardAndSoftBreaks() {
        XCTAssertEqual(blocks("one  \ntwo\\\nthree\nfour")[0].inlines,
                       [Inline("one"), Inline("\n", .hardBreak), Inline("two"), Inline("\n", .hardBreak), Inline("three four")])
    }

    func testStrikethroughAutolinksAndTaskLists() {
        XCTAssertEqual(blocks("~~gone~~ and ~also~")[0].inlines, [Inline("gone", .strikethrough), Inline(" and "), Inline("also", .strikethrough)])
        XCTAssertEqual(blocks("visit www.example.com now")[0].inlines,
                       [Inline("visit "), Inline("www.example.com", .link, url: "http://www.example.com"), Inline(" now")])
        let tasks = blocks("- [x] done\n- [ ] to do\n- plain")
        XCTAssertEqual(tasks.map(\.marker), [.task(checked: true), .task(checked: false), .bullet])
        XCTAssertEqual(tasks.map(text), ["done", "to do", "plain"])
        // Inside a quote too (Debian's cmark-gfm misses these; the reader does not).
        let quoted = blocks("> - [x] done\n> - [ ] open\n> - [link](x) not a task")
        XCTAssertEqual(quoted.map(\.marker), [.task(checked: true), .task(checked: false), .bullet])
        XCTAssertEqual(quoted.map(text), ["done", "open", "link not a task"])
    }

    func testTableCellsAndAlignments() {
        let b = blocks("| Left | Centre | Right | None |\n|:-----|:------:|------:|------|\n| a | **b** | `c` | d |\n| e |")
        guard case let .table(table) = b.first?.kind else { return XCTFail("not a table: \(b)") }
        XCTAssertEqual(table.alignments, [.left, .center, .right, .left])
        XCTAssertEqual(table.rows.count, 3)
        XCTAssertEqual(table.rows[0].map { $0.map(\.text).joined() }, ["Left", "Centre", "Right", "None"])
        XCTAssertEqual(table.rows[1][1], [Inline("b", .strong)])
        XCTAssertEqual(table.rows[1][2], [Inline("c", .code)])
        XCTAssertEqual(table.rows[2].count, 4, "short rows are padded to the column count")
    }

    func testImagesAloneAndInline() {
        XCTAssertEqual(blocks("![alt *text*](pic.png \"title\")")[0].kind, .image(path: "pic.png", alt: "alt text"))
        let inline = blocks("Before ![icon](i.png) after")[0]
        XCTAssertEqual(inline.kind, .paragraph)
        XCTAssertEqual(inline.inlines, [Inline("Before "), Inline("icon", .image, url: "i.png"), Inline(" after")])
    }

    func testFootnotes() {
        let b = blocks("Text[^n] more[^m].\n\n[^m]: Second.\n[^n]: First.\n")
        XCTAssertEqual(b[0].inlines, [Inline("Text"), Inline("¹", .footnote), Inline(" more"), Inline("²", .footnote), Inline(".")])
        XCTAssertEqual(b.map(\.kind), [.paragraph, .rule, .paragraph, .paragraph])
        XCTAssertEqual(b.map(\.marker), [nil, nil, .footnote(1), .footnote(2)])
        XCTAssertEqual(b.dropFirst(2).map(text), ["First.", "Second."])
    }

    func testOutlineShowsTreeWithTypesAndLines() {
        let lines = MarkdownOutline.outline("---\ntitle: T\n---\n# Head\n\n> - [x] task\n>   more\n\n| a | b |\n|---|--:|\n| 1 | 2 |\n\n    code\n<!-- c -->\n")
        XCTAssertEqual(lines, [
            "   1 front matter title \"T\"",
            "   4 document",
            "   4   heading level 1 \"Head\"",
            "   6   block quote",
            "   6     list bullet, tight",
            "   6       item",
            "   6         paragraph \"[x] task more\"",
            "   9   table 2 column(s): none, right",
            "   9     table header",
            "   9       table cell \"a\"",
            "   9       table cell \"b\"",
            "  11     table row",
            "  11       table cell \"1\"",
            "  11       table cell \"2\"",
            "  13   code block indented, 1 line(s)",
            "  14   html block: nothing shown",
            "  14     dropped <!-- comment> (not shown)",
        ])
    }
}
