import Foundation
import XCTest

/// `lectern check --content` through the built binary.
final class CheckContentCLITests: XCTestCase {
    private var lecternPath: String {
        BuiltProducts.lectern
    }

    private func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try BuiltProducts.runLectern(arguments)
    }

    private func write(_ name: String, _ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-check-\(getpid())-\(name)")
        try Data(text.utf8).write(to: url)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url.path
    }

    func testUncoveredCharacterIsListedAndFails() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: lecternPath), "build lectern first")
        let bad = try write("bad.md", "# Title\n\nPrivate \u{10FFFD} use \u{10FFFD}.\n")
        let result = try run(["check", "--content", bad])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stdout.contains("U+10FFFD ×2"), result.stdout)
    }

    func testCoveredLatinAndCJKPass() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: lecternPath), "build lectern first")
        let good = try write("good.txt", "Hello 在触摸屏上显示文章。\n")
        let result = try run(["check", "--content", good, "--font", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("ok"))
    }

    func testUnreadableFileGivesOneErrorLine() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: lecternPath), "build lectern first")
        let result = try run(["check", "--content", "/nonexistent/page.md"])
        XCTAssertEqual(result.status, 65, "a content error")
        XCTAssertTrue(result.stdout.contains("cannot read content file /nonexistent/page.md: does not exist"), result.stdout)
        XCTAssertEqual(result.stderr, "lectern: 1 of 1 page(s) have problems\n")
    }

    func testOverSizedContentIsAContentErrorNamingFileSizeAndCap() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: lecternPath), "build lectern first")
        let big = try write("big.md", String(repeating: "word ", count: (5 << 20) / 5))
        let result = try run(["check", "--content", big])
        XCTAssertEqual(result.status, 65, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("content file \(big) is 5.0 MB (5242880 bytes), over the limit of 1.0 MB"), result.stdout)
    }

    func testInvalidUTF8IsWarnedWithItsLineButPasses() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: lecternPath), "build lectern first")
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-check-\(getpid())-latin1.md")
        try Data([0x23, 0x20, 0x54, 0x0A, 0x0A, 0x63, 0x61, 0x66, 0xE9, 0x0A]).write(to: url)  // "# T\n\ncaf\xE9\n"
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        let result = try run(["check", "--content", url.path])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("warning: \(url.path):3: bytes that are not UTF-8"), result.stdout)
    }

    func testOutlinePrintsTheBlockTreeWithLines() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: lecternPath), "build lectern first")
        let page = try write("outline.md", "# Title\r\n\r\n1. one\r\n1. two\r\n\r\n| a | b |\r\n|:-:|--:|\r\n| 1 | 2 |\r\n\r\n```\r\ncode\r\n```\r\n")
        let result = try run(["check", "--content", page, "--outline"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, """
           1 document
           1   heading level 1 "Title"
           3   list ordered from 1, tight
           3     item
           3       paragraph "one"
           4     item
           4       paragraph "two"
           6   table 2 column(s): center, right
           6     table header
           6       table cell "a"
           6       table cell "b"
           8     table row
           8       table cell "1"
           8       table cell "2"
          10   code block fenced, 1 line(s)

        """)
        let missing = try run(["check", "--content", "/nonexistent/x.md", "--outline"])
        XCTAssertEqual(missing.status, 65)
        XCTAssertEqual(missing.stderr, "lectern: cannot read content file /nonexistent/x.md: does not exist\n")
        XCTAssertEqual(try run(["check", "--outline"]).status, 64, "--outline without --content is misuse")
    }

    func testSnapshotWithAMissingContentFileExits65() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: lecternPath), "build lectern first")
        let config = try write("bad-content.toml", "[[page]]\ntitle = \"Gone\"\ncontent = \"/nonexistent/gone.md\"\n")
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-check-\(getpid())-snap.png").path
        let result = try run(["snapshot", "--config", config, "-o", output])
        XCTAssertEqual(result.status, 65, result.stderr)
        // The configuration names the missing file at its key, before any content is read.
        XCTAssertTrue(result.stderr.contains("bad-content.toml:3:11: page.content: content file /nonexistent/gone.md does not exist"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output))
        let outDir = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-check-\(getpid())-demo").path
        let demo = try run(["demo", "--config", config, "--out", outDir])
        XCTAssertEqual(demo.status, 65, demo.stderr)
        XCTAssertTrue(demo.stderr.contains("bad-content.toml:3:11: page.content: content file /nonexistent/gone.md does not exist"), demo.stderr)
    }

    /// An icon whose PNG header claims 30000×30000 (67 bytes of file): check refuses it at
    /// once, naming the file and the cap, and exits 65; a 1000-px icon (the old crash) is fine.
    func testIconsOfAnySizeAndALyingHeader() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: lecternPath), "build lectern first")
        let images = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Images").path
        let page = try write("icon-page.md", "# Icons\n")
        let good = try write("icons-good.toml", "[[page]]\ntitle = \"A\"\ncontent = \"\(page)\"\nicon = \"\(images)/icon-1000.png\"\nicon_selected = \"\(images)/icon-4000.jpg\"\n")
        let ok = try run(["check", "--config", good])
        XCTAssertEqual(ok.status, 0, ok.stderr + ok.stdout)
        let lying = try write("icons-lying.toml", "[[page]]\ntitle = \"A\"\ncontent = \"\(page)\"\nicon = \"\(images)/lying-30000.png\"\n")
        let bad = try run(["check", "--config", lying])
        XCTAssertEqual(bad.status, 65, bad.stderr + bad.stdout)
        XCTAssertTrue((bad.stdout + bad.stderr).contains("lying-30000.png"), bad.stdout + bad.stderr)
        XCTAssertTrue((bad.stdout + bad.stderr).contains("40 megapixels"), bad.stdout + bad.stderr)
    }

    func testPageLinkToNowhereIsAContentErrorAndWebLinksAreListed() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: lecternPath), "build lectern first")
        let page = try write("links.md", "# Links\n\nSee [the web](https://example.com/a)\nor [a page](nowhere.md).\n")
        let result = try run(["check", "--content", page])
        XCTAssertEqual(result.status, 65, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("\(page):4: link \"nowhere.md\" points nowhere:"), result.stdout)
        XCTAssertTrue(result.stdout.contains("web link (QR code): https://example.com/a (\(page):3)"), result.stdout)
        let fine = try write("web-only.md", "# Web\n\n<mailto:info@example.com>\n")
        let ok = try run(["check", "--content", fine])
        XCTAssertEqual(ok.status, 0, ok.stdout + ok.stderr)
        XCTAssertTrue(ok.stdout.contains("web link (QR code): mailto:info@example.com"), ok.stdout)
    }
}
