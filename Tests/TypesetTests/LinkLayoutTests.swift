import Foundation
import Raster
import XCTest
@testable import Typeset

/// Links and heading anchors as the layout records them for the kiosk to hit-test.
final class LinkLayoutTests: XCTestCase {
    private func typesetter(size: Double = 20) throws -> Typesetter {
        var style = TextStyle.pinned([Fonts.dejaVu, Fonts.droid], size: size)
        style.margins = .init(all: 10)
        return try Typesetter(style: style)
    }

    private func width(_ text: String, _ t: Typesetter) -> Double {
        Double(t.shape(text).reduce(0) { $0 + $1.advance })
    }

    func testGitHubSlugs() {
        XCTAssertEqual(HeadingSlugger.slug("What a kiosk needs"), "what-a-kiosk-needs")
        XCTAssertEqual(HeadingSlugger.slug("1. Power"), "1-power")
        XCTAssertEqual(HeadingSlugger.slug("C++ & Swift: a *tour*!"), "c--swift-a-tour")
        XCTAssertEqual(HeadingSlugger.slug("snake_case and-hyphen"), "snake_case-and-hyphen")
        XCTAssertEqual(HeadingSlugger.slug("使用方法"), "使用方法")
        XCTAssertEqual(HeadingSlugger.slug("Ünïcode Über"), "ünïcode-über")
        var slugger = HeadingSlugger()
        XCTAssertEqual(["Notes", "Notes", "Notes-1", "Notes"].map { slugger.slug($0) }, ["notes", "notes-1", "notes-1-1", "notes-2"])
    }

    func testDocumentHeadingSlugsInOrder() {
        let document = Document.markdown("# Intro\n\ntext\n\n## Intro\n\n## `code` and **bold**\n")
        XCTAssertEqual(document.headingSlugs, ["intro", "intro-1", "code-and-bold"])
    }

    func testLinkBoxCoversItsTextOnItsLine() throws {
        let t = try typesetter()
        let layout = t.layout(.markdown("Before [the link](other.md#part) after."), width: 600)
        XCTAssertEqual(layout.links.count, 1)
        let link = layout.links[0]
        XCTAssertEqual(link.target, "other.md#part")
        XCTAssertEqual(link.text, "the link")
        XCTAssertEqual(link.rects.count, 1)
        let rect = link.rects[0]
        let line = layout.lines[0]
        XCTAssertEqual(rect.minY, Int(line.top))
        XCTAssertEqual(rect.maxY, Int(line.bottom))
        XCTAssertEqual(Double(rect.minX), 10 + width("Before ", t), accuracy: 1.5)
        XCTAssertEqual(Double(rect.width), width("the link", t), accuracy: 2)
    }

    func testLinkOverTwoLinesHasTwoBoxesAndOneId() throws {
        let t = try typesetter()
        let words = "one two three four five six seven eight nine ten"
        let layout = t.layout(.markdown("Start [\(words) **bold** end](https://example.com) tail"), width: 260)
        XCTAssertEqual(layout.links.count, 1, "the runs of one link are one link")
        XCTAssertEqual(layout.links[0].text, "\(words) bold end")
        XCTAssertGreaterThanOrEqual(layout.links[0].rects.count, 2)
        let tops = layout.links[0].rects.map(\.minY)
        XCTAssertEqual(tops, tops.sorted())
        XCTAssertEqual(Set(tops).count, tops.count, "one box per line")
    }

    func testHitTestGrowsSmallLinksAndPicksTheNearest() throws {
        let t = try typesetter(size: 10)
        let layout = t.layout(.markdown("[a](#one)\n\n[b](#two)"), width: 400)
        XCTAssertEqual(layout.links.map(\.target), ["#one", "#two"])
        let a = layout.links[0].rects[0], b = layout.links[1].rects[0]
        let ay = Double(a.minY + a.maxY) / 2
        XCTAssertNil(layout.link(atX: Double(a.minX) + 1, y: ay - 14, minimumSize: 0))
        XCTAssertEqual(layout.link(atX: Double(a.minX) + 1, y: ay - 14, minimumSize: 34), 0, "grown to 34 px")
        XCTAssertEqual(layout.link(atX: Double(a.maxX) + 12, y: ay, minimumSize: 34), 0, "grown sideways too")
        XCTAssertNil(layout.link(atX: Double(a.maxX) + 30, y: ay, minimumSize: 34))
        // Between the two: the nearer centre wins.
        let by = Double(b.minY + b.maxY) / 2
        XCTAssertEqual(layout.link(atX: Double(a.minX) + 1, y: ay + (by - ay) * 0.3, minimumSize: 60), 0)
        XCTAssertEqual(layout.link(atX: Double(a.minX) + 1, y: ay + (by - ay) * 0.7, minimumSize: 60), 1)
    }

    func testLinksInTableCellsFollowTheirRows() throws {
        let t = try typesetter()
        let layout = t.layout(.markdown("| a | b |\n|---|---|\n| x | [cell](page:2) |\n| y | 中文 [two](page:3) |"), width: 600)
        XCTAssertEqual(layout.links.map(\.target), ["page:2", "page:3"])
        for link in layout.links {
            let rect = try XCTUnwrap(link.rects.first)
            XCTAssertTrue(layout.lines.contains { Int($0.top) == rect.minY && Int($0.bottom) == rect.maxY }, "a line's box")
        }
        XCTAssertLessThan(layout.links[0].rects[0].minY, layout.links[1].rects[0].minY)
    }

    func testAnchorsAreHeadingTops() throws {
        let t = try typesetter()
        let layout = t.layout(.markdown("# Top\n\nSome text.\n\n## Second part\n\nMore.\n\n## Second part\n"), width: 500)
        let top = try XCTUnwrap(layout.anchorTop("top"))
        let second = try XCTUnwrap(layout.anchorTop("second-part"))
        let third = try XCTUnwrap(layout.anchorTop("second-part-1"))
        XCTAssertEqual(top, Int(layout.lines[0].top))
        XCTAssertLessThan(top, second)
        XCTAssertLessThan(second, third)
        XCTAssertTrue(layout.lines.contains { Int($0.top) == second })
        XCTAssertNil(layout.anchorTop("missing"))
    }

    func testSourceLinksWithLines() {
        let source = """
        ---
        title: T
        ---
        # Heading

        A paragraph with
        a [page link](other.md) on its second line
        and <https://example.com/x> here, www.example.org too.

        - [mail](mailto:a@example.com)
        """
        let links = Document.links(inMarkdown: source)
        XCTAssertEqual(links.map(\.target), ["other.md", "https://example.com/x", "http://www.example.org", "mailto:a@example.com"])
        XCTAssertEqual(links.map(\.text), ["page link", "https://example.com/x", "www.example.org", "mail"])
        XCTAssertEqual(links[0].line, 7)
        XCTAssertEqual(links[1].line, 8)
        XCTAssertEqual(links[3].line, 10)
    }
}
