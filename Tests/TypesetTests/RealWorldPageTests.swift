import Foundation
import Raster
import XCTest
@testable import Typeset

/// Pages shaped as people write them (issue 28): a README opening in HTML with a logo,
/// a centred title and badges; a changelog with an HTML version table; GitHub alerts;
/// a Docker-style options table with long flags. Asserted by pixels and by the model.
final class RealWorldPageTests: XCTestCase {
    private let red = Color(red: 0xE0, green: 0x10, blue: 0x10)

    private func realDocument(_ name: String) throws -> Document {
        let url = try XCTUnwrap(Bundle.module.url(forResource: name, withExtension: "md", subdirectory: "RealDocuments"))
        return try Document.load(path: url.path)
    }

    /// A README's HTML opening as GitHub projects write it (the shape of Swinject's,
    /// curl's, ripgrep's): a logo with a width, an `<h1 align=center>`, remote badges
    /// inside links, then Markdown.
    private func readmeWithLogo() throws -> Document {
        let logo = try Bitmap(width: 300, height: 100)
        logo.canvas.fill(IntRect(x: 0, y: 0, width: 300, height: 100), color: red)
        let png = try PNGEncoder.encode(canvas: logo.canvas)
        let path = try temporaryFile(named: "logo.png", contents: Data(png))
        let readme = """
        <p align="center">
          <img src="logo.png" width="150" alt="Project logo">
        </p>
        <h1 align="center">Lectern</h1>
        <p align="center">
          <a href="https://github.com/example/lectern/actions"><img src="https://github.com/example/lectern/actions/workflows/ci.yml/badge.svg" alt="CI status"></a>
          <a href="LICENSE"><img src="https://img.shields.io/badge/licence-Apache--2.0-blue.svg" alt="Licence Apache-2.0"></a>
        </p>

        A touchscreen kiosk front for Linux.
        """
        return .markdown(readme, baseDirectory: (path as NSString).deletingLastPathComponent)
    }

    func testReadmeHTMLHeaderShowsCentredLogoTitleAndBadgeText() throws {
        let document = try readmeWithLogo()
        XCTAssertEqual(document.title, "Lectern", "the <h1> is the page title")
        XCTAssertEqual(document.blocks.map(\.alignment), [.center, .center, .center, .left])
        XCTAssertEqual(document.blocks[1].kind, .heading(level: 1))
        XCTAssertTrue(document.visibleText.contains("CI status"), "a remote badge shows its alt text")
        XCTAssertTrue(document.visibleText.contains("Licence Apache-2.0"))

        let typesetter = try Fonts.pinned(size: 20)
        let width = 800
        let layout = typesetter.layout(document, width: width)
        let bitmap = try whiteBitmap(width: width, height: layout.height)
        layout.draw(into: bitmap.canvas, originX: 0, originY: 0, clip: IntRect(x: 0, y: 0, width: width, height: layout.height))
        // The logo: 150 px wide as its width attribute says, centred in the column.
        var minX = Int.max, maxX = Int.min, minY = Int.max
        for y in 0..<layout.height {
            let row = bitmap.canvas.row(y)
            for x in 0..<width where Color(argb: row[x]) == red {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y)
            }
        }
        XCTAssertEqual(maxX - minX + 1, 150, "drawn at its width attribute")
        XCTAssertEqual(Double(minX + maxX) / 2, Double(width) / 2, accuracy: 2, "centred")
        // The title's line is centred too, under the logo.
        let title = try XCTUnwrap(layout.lines.first { $0.top > Int32(minY) + 50 })
        let glyphs = layout.glyphs[Int(title.glyphStart)..<Int(title.glyphEnd)]
        let left = Double(try XCTUnwrap(glyphs.first).x), right = Double(try XCTUnwrap(glyphs.last).x)
        XCTAssertEqual((left + right) / 2, Double(width) / 2, accuracy: 40, "the <h1 align=center> is centred")
    }

    func testSwinjectReadmeOpeningIsKept() throws {
        // Its real opening: <p align="center"> around a remote <img width="33%">.
        let document = try realDocument("Swinject-README")
        let first = try XCTUnwrap(document.blocks.first)
        XCTAssertEqual(first.alignment, .center)
        XCTAssertEqual(first.inlines.first?.url, "https://avatars0.githubusercontent.com/u/13637225?v=3&s=600")
        XCTAssertEqual(first.inlines.first?.imageSize?.width, .percent(33))
        XCTAssertEqual(document.title, "Swinject")
    }

    func testNodeChangelogHTMLTableBecomesATable() throws {
        let document = try realDocument("nodejs-CHANGELOG-excerpt")
        let table = try XCTUnwrap(document.blocks.lazy.compactMap { if case let .table(t) = $0.kind { t } else { nil } }.first)
        XCTAssertEqual(table.rows.count, 2)
        XCTAssertEqual(table.rows[0].map { $0.map(\.text).joined() }, ["20 (LTS)", "18 (LTS)", "16 (LTS)"])
        let first = table.rows[1][0]
        XCTAssertEqual(first.first?.text, "20.20.2")
        XCTAssertEqual(first.first?.style, [.strong, .link], "<b><a> kept")
        XCTAssertEqual(first.first?.url, "doc/changelogs/CHANGELOG_V20.md#20.20.2")
        XCTAssertEqual(first.filter { $0.style.contains(.hardBreak) }.count, 4, "<br/> between versions")
        XCTAssertFalse(document.visibleText.contains("<"), "no markup shown")
        let layout = try Fonts.pinned(size: 20).layout(document, width: 900)
        XCTAssertTrue(layout.links.contains { $0.target.contains("CHANGELOG_V18.md#18.14.2") }, "the cells' links can be tapped")
    }

    func testOutlineListsDroppedTags() throws {
        let lines = MarkdownOutline.outline("<p align=\"center\">\n<span>kept</span>\n<script>x()</script>\n</p>\n\nA <u>word</u> here.\n")
        XCTAssertTrue(lines.contains("   1   html block: paragraph (center) \"kept\""), "\(lines)")
        XCTAssertTrue(lines.contains("   2     dropped <span> (its text is shown)"), "\(lines)")
        XCTAssertTrue(lines.contains("   3     dropped <script> (not shown)"), "\(lines)")
        XCTAssertTrue(lines.contains("   6     dropped <u> (its text is shown)"), "\(lines)")
    }

    func testAlertsAreLabelledCalloutsInReadableColours() throws {
        let markdown = """
        > [!NOTE]
        > Useful information that users should know.

        > [!TIP]
        > Helpful advice for doing things better.

        > [!IMPORTANT]
        > Key information users need to know.

        > [!WARNING]
        > Urgent info that needs immediate attention.

        > [!CAUTION]
        > Advises about risks or negative outcomes.

        > An ordinary quote.
        """
        let document = Document.markdown(markdown)
        let labels = document.blocks.filter(\.isCalloutLabel)
        XCTAssertEqual(labels.map { $0.inlines.map(\.text).joined() }, ["Note", "Tip", "Important", "Warning", "Caution"])
        XCTAssertEqual(labels.map(\.callout), Callout.allCases)
        XCTAssertFalse(document.visibleText.contains("[!"), "the marker is not shown")
        XCTAssertNil(document.blocks.last?.callout)

        for theme in [(bg: Color.white, text: Color(red: 0x20, green: 0x20, blue: 0x20)),
                      (bg: Color(red: 0x15, green: 0x18, blue: 0x1C), text: Color(red: 0xE6, green: 0xE6, blue: 0xE6))] {
            var style = TextStyle.pinned([Fonts.dejaVu], size: 20)
            style.backgroundColor = theme.bg
            style.textColor = theme.text
            let layout = try Typesetter(style: style).layout(document, width: 640)
            for callout in Callout.allCases {
                let colour = layout.palette[Int(callout.paletteColor.rawValue)]
                XCTAssertGreaterThanOrEqual(Contrast.ratio(colour, theme.bg), 4.5, "\(callout) on \(theme.bg)")
                XCTAssertTrue(layout.rects.contains { $0.color == callout.paletteColor }, "\(callout)'s bar is drawn in its colour")
            }
            // Pixels: the note's bar has the note's colour.
            let bitmap = try whiteBitmap(width: 640, height: layout.height)
            layout.draw(into: bitmap.canvas, originX: 0, originY: 0, clip: IntRect(x: 0, y: 0, width: 640, height: layout.height))
            let bar = try XCTUnwrap(layout.rects.first { $0.color == .note }).rect
            XCTAssertEqual(Color(argb: bitmap.canvas.row(bar.minY + bar.height / 2)[bar.minX + bar.width / 2]), layout.palette[Int(PaletteColor.note.rawValue)])
        }
    }

    func testCodeIsNeverHyphenatedAndBreaksOnlyAtSpacesAndSlashes() throws {
        var style = TextStyle.pinned([Fonts.dejaVu], size: 20)
        style.monospaceFontPath = "\(TextStyle.dejaVuDirectory)/DejaVuSansMono.ttf"
        style.language = "en"
        let typesetter = try Typesetter(style: style)
        let paragraph = [Inline("Start the service with "), Inline("--configuration-directory-path", .code), Inline(" or "),
                         Inline("--cgroup-parent /sys/fs/cgroup/lectern/kiosk.slice", .code), Inline(" as documented.")]
        for width in stride(from: 380.0, through: 700, by: 40) {
            let lines = typesetter.wrap(paragraph, width: width, language: "en")
            let joined = lines.joined(separator: "⏎")
            XCTAssertTrue(joined.contains("--configuration-directory-path"), "whole at \(width): \(lines)")
            XCTAssertTrue(joined.contains("--cgroup-parent"), "whole at \(width): \(lines)")
            // No line ends inside a code token (with or without an added hyphen).
            let tokens = ["--configuration-directory-path", "--cgroup-parent", "/sys/fs/cgroup/lectern/kiosk.slice"]
            for line in lines.dropLast() {
                var last = String(line.split(separator: " ").last ?? "")
                if last.hasSuffix("-"), !line.hasSuffix(" ") { last.removeLast() }
                guard !line.hasSuffix(" "), !last.isEmpty else { continue }
                for token in tokens where token.hasPrefix(last) && token != last {
                    XCTAssertTrue(last.hasSuffix("/"), "\(token) cut after \"\(last)\" at \(width): \(lines)")
                }
            }
        }
        // The path breaks after a slash when it must.
        let narrow = typesetter.wrap([Inline("/sys/fs/cgroup/lectern/kiosk.slice/service", .code)], width: 200, language: "en")
        XCTAssertGreaterThan(narrow.count, 1)
        XCTAssertTrue(narrow.dropLast().allSatisfy { $0.hasSuffix("/") }, "\(narrow)")
        // Prose in the same paragraph still hyphenates.
        let prose = typesetter.wrap([Inline("Internationalization considerations notwithstanding")], width: 150, language: "en")
        XCTAssertTrue(prose.contains { $0.hasSuffix("-") }, "\(prose)")
    }

    func testCodeSitsOnATintInEveryTheme() throws {
        let document = Document.markdown("Run `lectern check` first.\n\n```\nlectern check --content page.md --outline\n```\n")
        for (bg, text) in [(Color.white, Color(red: 0x20, green: 0x20, blue: 0x20)), (Color(red: 0x15, green: 0x18, blue: 0x1C), Color(red: 0xE6, green: 0xE6, blue: 0xE6))] {
            var style = TextStyle.pinned([Fonts.dejaVu], size: 20)
            style.backgroundColor = bg
            style.textColor = text
            let layout = try Typesetter(style: style).layout(document, width: 640)
            let tint = layout.palette[Int(PaletteColor.codeBackground.rawValue)]
            XCTAssertNotEqual(tint, bg)
            XCTAssertGreaterThanOrEqual(Contrast.ratio(text, tint), 4.5 * 2, "text stays readable on the tint")
            let boxes = layout.rects.filter { $0.color == .codeBackground }
            XCTAssertEqual(boxes.count, 2, "one behind the inline code, one behind the block")
            XCTAssertGreaterThan(boxes[1].rect.width, boxes[0].rect.width * 3, "the block's box spans the column")
        }
        var configured = TextStyle.pinned([Fonts.dejaVu], size: 20)
        configured.codeBackgroundColor = Color(red: 1, green: 2, blue: 3)
        XCTAssertEqual(configured.palette[Int(PaletteColor.codeBackground.rawValue)], Color(red: 1, green: 2, blue: 3))
    }

    /// `docker run`'s options table as Docker's reference shows it (option names from
    /// docs.docker.com, Apache-2.0; descriptions shortened).
    private let dockerOptions = """
    | Option | Default | Description |
    |:--|:--|:--|
    | `--add-host` | `[]` | Add a custom host-to-IP mapping (host:ip) |
    | `--cgroup-parent` | | Optional parent cgroup for the container |
    | `--cpu-rt-runtime` | `0` | Limit CPU real-time runtime in microseconds |
    | `--health-start-interval` | `0s` | Time between running the check during the start period |
    | `--security-opt` | `[]` | Security options |
    | `--storage-opt` | `[]` | Storage driver options for the container |
    """

    func testDockerOptionsTableKeepsEveryWordWhole() throws {
        var style = TextStyle.pinned([Fonts.dejaVu], size: 20)
        style.language = "en"
        style.measure = 45  // a body column narrower than the screen, as in the kiosk
        let typesetter = try Typesetter(style: style)
        let document = Document.markdown(dockerOptions)
        // A small table sits in the text column.
        let small = typesetter.layout(.markdown("Intro text.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"), width: 1920)
        let smallRule = try XCTUnwrap(small.rects.first { $0.color == .text }).rect
        let intro = try XCTUnwrap(small.lines.first)
        XCTAssertEqual(Float(smallRule.minX), small.glyphs[Int(intro.glyphStart)].x, accuracy: 3, "starts with the text")
        for width in [1920, 900, 600, 360] {
            let layout = typesetter.layout(document, width: width)
            // Each option and default is one token: its column holds exactly one line per row.
            let rows = 7
            let lefts = Dictionary(grouping: layout.lines.filter { $0.glyphEnd > $0.glyphStart }) { Int(layout.glyphs[Int($0.glyphStart)].x) }
            let columns = lefts.keys.sorted()
            XCTAssertEqual(lefts[columns[0]]?.count, rows, "the Option column never wraps at \(width)")
            XCTAssertEqual(lefts[columns[1]]?.count, rows - 1, "the Default column never wraps at \(width) (one cell is empty)")
            if width >= 900 {
                XCTAssertTrue(layout.wideTables.isEmpty)
                // Fits: centred on the content, as wide on the left as on the right.
                let edges = layout.rects.filter { $0.color == .text }.map(\.rect)
                let rule = try XCTUnwrap(edges.first)
                XCTAssertEqual(Double(rule.minX), Double(width - rule.maxX), accuracy: 2, "symmetric at \(width)")
            }
        }
    }

    func testWideTablePansSideways() throws {
        let typesetter = try Fonts.pinned(size: 20)
        let document = Document.markdown("Options:\n\n" + dockerOptions)
        let width = 360
        let layout = typesetter.layout(document, width: width)
        let table = try XCTUnwrap(layout.wideTables.first, "too wide for 360 px: it keeps its columns")
        XCTAssertGreaterThan(table.maxOffset, 100)
        XCTAssertEqual(layout.wideTable(atX: table.window.minX + table.window.width / 2, y: table.window.minY + table.window.height / 2), 0)
        XCTAssertNil(layout.wideTable(atX: table.window.minX + 10, y: table.window.minY - 5))

        func render(offset: Int) throws -> Bitmap {
            let bitmap = try whiteBitmap(width: width, height: layout.height)
            layout.draw(into: bitmap.canvas, originX: 0, originY: 0, clip: IntRect(x: 0, y: 0, width: width, height: layout.height),
                        tableOffsets: [offset])
            return bitmap
        }
        let start = try render(offset: 0), panned = try render(offset: table.maxOffset)
        func ink(_ bitmap: Bitmap, rows: Range<Int>, columns: Range<Int>) -> Int {
            rows.reduce(0) { sum, y in sum + columns.filter { bitmap.canvas.row(y)[$0] != 0xFFFF_FFFF }.count }
        }
        // Above the table nothing moves; inside it, the pixels differ.
        let above = 0..<table.window.minY
        XCTAssertEqual(ink(start, rows: above, columns: 0..<width), ink(panned, rows: above, columns: 0..<width))
        XCTAssertGreaterThan(ink(start, rows: above, columns: 0..<width), 0)
        var differing = 0
        for y in table.window.minY..<table.window.maxY {
            for x in 0..<width where start.canvas.row(y)[x] != panned.canvas.row(y)[x] { differing += 1 }
        }
        XCTAssertGreaterThan(differing, 1000, "the table moved")
        // Nothing is drawn outside the table's window, whatever the offset.
        for bitmap in [start, panned] {
            XCTAssertEqual(ink(bitmap, rows: table.window.minY..<table.window.maxY, columns: table.window.maxX..<width), 0)
            XCTAssertEqual(ink(bitmap, rows: table.window.minY..<table.window.maxY, columns: 0..<table.window.minX), 0)
        }
    }
}
