import KioskHeadless
import XCTest
import Logging
import LecternLog
@testable import Kiosk

final class ContentCheckTests: XCTestCase {
    func temporaryFile(_ name: String, _ text: String) throws -> String {
        let dir = NSTemporaryDirectory() + "lectern-check-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func testCharacterOutsideAllFontsIsReported() throws {
        let path = try temporaryFile("tofu.md", "# Tofu\n\nA private character: \u{10FFFD}\u{10FFFD} and 中文.\n")
        let reports = try ContentCheck.check(contentFiles: [path], fonts: [])
        XCTAssertEqual(reports.count, 1)
        XCTAssertFalse(reports[0].isFine)
        XCTAssertEqual(reports[0].missing.map(\.scalar.value), [0x10FFFD])
        XCTAssertEqual(reports[0].missing.first?.count, 2)
        XCTAssertTrue(reports[0].text.contains("U+10FFFD ×2"), reports[0].text)
    }

    func testBuiltInPagesAreCovered() throws {
        let reports = try ContentCheck.check(config: .builtIn)
        XCTAssertEqual(reports.count, 3)
        XCTAssertTrue(reports.allSatisfy(\.isFine), reports.map(\.text).joined(separator: "\n"))
    }

    func testUnreadablePageAndIconAreProblems() throws {
        var config = KioskConfig()
        let bad = try temporaryFile("icon.png", "not a png")
        config.pages = [.init(title: "Gone", source: .file(path: "/nonexistent/page.md"), icon: bad)]
        let report = try XCTUnwrap(ContentCheck.check(config: config).first)
        XCTAssertEqual(report.problems.count, 2, report.text)
        XCTAssertTrue(report.text.contains("/nonexistent/page.md"))
        XCTAssertTrue(report.text.contains(bad))
    }
}

final class BadFontTests: XCTestCase {
    /// A configured font that does not exist is reported and the kiosk still shows its
    /// pages in the default fonts; `lectern check` names the font file.
    func testMissingFontFallsBackAndIsReported() throws {
        var config = KioskConfig.builtIn
        config.text.fonts = ["/nonexistent/Font.ttf"]
        var logged: [String] = []
        let previous = Log.logger
        Log.logger = Logger(sink: { logged.append($0) })
        defer { Log.logger = previous }
        let assembly = try KioskAssembly(config: config, width: 400, height: 300)
        XCTAssertTrue(logged.contains { $0.contains("/nonexistent/Font.ttf") }, "\(logged)")
        XCTAssertEqual(assembly.content.problems.count, 1)
        let player = try assembly.player()
        player.render(at: 0)
        var inked = 0
        for y in 0..<150 { for x in 0..<400 where player.canvas.color(x: x, y: y) != config.theme.background { inked += 1 } }
        XCTAssertGreaterThan(inked, 200, "the page is drawn")
        XCTAssertThrowsError(try ContentCheck.check(config: config)) { XCTAssertTrue("\($0)".contains("/nonexistent/Font.ttf")) }
    }
}
