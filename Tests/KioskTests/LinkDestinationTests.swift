import Foundation
import XCTest
@testable import Kiosk

/// Where a link leads, and what `lectern check` says about links.
final class LinkDestinationTests: XCTestCase {
    let pages: [KioskConfig.Page] = [
        .init(title: "A", source: .file(path: "/srv/kiosk/pages/a.md")),
        .init(title: "B", source: .file(path: "/srv/kiosk/pages/sub/b b.md")),
        .init(title: "Demo", source: .builtIn(markdown: "# Demo")),
    ]

    func resolve(_ target: String, from page: Int = 0) -> LinkDestination {
        LinkDestination.resolve(target, from: page, pages: pages)
    }

    func testPageLinks() {
        XCTAssertEqual(resolve("sub/b%20b.md"), .page(1, anchor: nil))
        XCTAssertEqual(resolve("./sub/b b.md#Second-Part"), .page(1, anchor: "Second-Part"))
        XCTAssertEqual(resolve("../a.md", from: 1), .page(0, anchor: nil))
        XCTAssertEqual(resolve("/srv/kiosk/pages/a.md?x=1#top"), .page(0, anchor: "top"))
        XCTAssertEqual(resolve("#使用方法"), .page(0, anchor: "使用方法"))
        XCTAssertEqual(resolve("#%E4%BD%BF%E7%94%A8"), .page(0, anchor: "使用"))
        XCTAssertEqual(resolve("page:3"), .page(2, anchor: nil))
        XCTAssertEqual(resolve("PAGE:2#x", from: 2), .page(1, anchor: "x"))
        XCTAssertEqual(resolve("#top", from: 2), .page(2, anchor: "top"))
    }

    func testWebAndContactLinks() {
        for target in ["https://example.com/a?b=c#d", "HTTP://example.com", "mailto:info@example.com", "tel:+49-30-123456"] {
            XCTAssertEqual(resolve(target), .web(target))
        }
    }

    func testLinksToNowhere() {
        func reason(_ target: String, from page: Int = 0) -> String {
            if case let .nowhere(reason) = resolve(target, from: page) { return reason }
            XCTFail("\(target) leads somewhere")
            return ""
        }
        XCTAssertTrue(reason("page:4").contains("there are 3 pages"))
        XCTAssertTrue(reason("page:0").contains("from 1"))
        XCTAssertTrue(reason("page:two").contains("page number"))
        XCTAssertTrue(reason("missing.md").contains("/srv/kiosk/pages/missing.md does not exist"))
        XCTAssertTrue(reason("ftp://example.com/file").contains("a kiosk opens only pages"))
        XCTAssertTrue(reason("javascript:alert(1)").contains("a kiosk opens only pages"))
        XCTAssertTrue(reason("https://").contains("empty"))
        XCTAssertTrue(reason("other.md", from: 2).contains("page:N"))
        XCTAssertTrue(reason("   ").contains("no destination"))
    }

    func testConfiguredFileThatExistsButIsNotAPage() throws {
        let dir = NSTemporaryDirectory() + "lectern-dest-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data("x".utf8).write(to: URL(fileURLWithPath: dir + "/extra.md"))
        let result = LinkDestination.resolve("extra.md", from: 0, pages: [.init(title: "A", source: .file(path: dir + "/a.md"))])
        guard case let .nowhere(reason) = result else { return XCTFail("\(result)") }
        XCTAssertTrue(reason.contains("is not one of the configured pages"), reason)
    }

    func testHistoryIsBounded() {
        var history = NavigationHistory()
        for i in 0..<(NavigationHistory.capacity + 10) { history.push(.init(page: i, offset: 0)) }
        XCTAssertEqual(history.places.count, NavigationHistory.capacity)
        XCTAssertEqual(history.pop()?.page, NavigationHistory.capacity + 9)
        XCTAssertEqual(history.places.first?.page, 10, "the oldest fell off")
    }

    func testCheckReportsLinksToNowhereWithFileAndLineAndListsWebLinks() throws {
        let dir = NSTemporaryDirectory() + "lectern-linkcheck-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let a = """
        # A

        Fine: [b](b.md), [its part](b.md#part-two), [here](#a), [third](page:2).
        Broken: [gone](gone.md) and
        [no heading](b.md#nope), [far](page:9).

        Take away: <https://example.com/x> and [mail](mailto:x@example.com).
        """
        try Data(a.utf8).write(to: URL(fileURLWithPath: dir + "/a.md"))
        try Data("# B\n\n## Part two\n".utf8).write(to: URL(fileURLWithPath: dir + "/b.md"))
        var config = KioskConfig()
        config.pages = [.init(title: "A", source: .file(path: dir + "/a.md")), .init(title: "B", source: .file(path: dir + "/b.md"))]
        let reports = try ContentCheck.check(config: config)
        let report = reports[0]
        XCTAssertTrue(report.contentError, "a link to nowhere is a content error (exit 65)")
        XCTAssertEqual(report.problems.count, 3, report.text)
        XCTAssertTrue(report.problems[0].hasPrefix("\(dir)/a.md:4: link \"gone.md\" points nowhere"), report.problems[0])
        XCTAssertTrue(report.problems[1].hasPrefix("\(dir)/a.md:5: link \"b.md#nope\" points nowhere: page 2 (B) has no heading #nope"), report.problems[1])
        XCTAssertTrue(report.problems[1].contains("#part-two"), "names the headings there are")
        XCTAssertTrue(report.problems[2].hasPrefix("\(dir)/a.md:5: link \"page:9\""), report.problems[2])
        XCTAssertEqual(report.webLinks, ["https://example.com/x (\(dir)/a.md:7)", "mailto:x@example.com (\(dir)/a.md:7)"])
        XCTAssertTrue(report.text.contains("web link (QR code): https://example.com/x"), report.text)
        XCTAssertTrue(reports[1].isFine)
    }

    func testBuiltInPagesLinkCleanly() throws {
        let reports = try ContentCheck.check(config: .builtIn)
        XCTAssertTrue(reports.allSatisfy(\.isFine), reports.map(\.text).joined(separator: "\n"))
        XCTAssertEqual(reports[0].webLinks.count, 1)
    }
}
