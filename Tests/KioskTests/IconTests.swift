import LecternTestSupport
import Raster
import Touch
import KioskHeadless
import XCTest
@testable import Kiosk

/// Menu icons and page images made by other programs, at the sizes people use: a valid
/// 1000-px PNG icon crashed `lectern check` before (libpng read freed memory).
final class IconTests: XCTestCase {
    private func page(icon: String) -> KioskConfig.Page {
        .init(title: "Icon", source: .builtIn(markdown: "# Icon\n"), icon: icon)
    }

    func testContentCheckAcceptsIconsOfEverySize() throws {
        var config = KioskConfig()
        config.pages = ["icon-64.png", "icon-512.png", "icon-1000.png", "icon-4000.png", "icon-1000.jpg", "icon-4000.jpg",
                        "wide-800x400.png", "tall-300x1200.jpg"].map { page(icon: TestImages.path($0)) }
        let reports = try ContentCheck.check(config: config)
        XCTAssertEqual(reports.count, 8)
        XCTAssertTrue(reports.allSatisfy(\.isFine), reports.map(\.text).joined(separator: "\n"))
    }

    func testContentCheckReportsAnIconOverThePixelCap() throws {
        var config = KioskConfig()
        let lying = TestImages.path("lying-30000.png")
        config.pages = [page(icon: lying)]
        let report = try XCTUnwrap(ContentCheck.check(config: config).first)
        XCTAssertEqual(report.problems.count, 1, report.text)
        XCTAssertTrue(report.text.contains(lying), report.text)
        XCTAssertTrue(report.text.contains("30000×30000"), report.text)
    }

    func testContentCheckReportsMarkdownImagesThatCannotBeShown() throws {
        let dir = NSTemporaryDirectory() + "lectern-images-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: TestImages.path("icon-1000.png"), toPath: dir + "/good.png")
        try FileManager.default.copyItem(atPath: TestImages.path("truncated-1000.jpg"), toPath: dir + "/cut.jpg")
        let markdown = "# Pictures\n\n![fine](good.png)\n\n![gone](missing.png)\n\n![cut](cut.jpg)\n"
        try Data(markdown.utf8).write(to: URL(fileURLWithPath: dir + "/page.md"))
        let report = try XCTUnwrap(ContentCheck.check(contentFiles: [dir + "/page.md"], fonts: []).first)
        XCTAssertEqual(report.problems.count, 2, report.text)
        XCTAssertTrue(report.text.contains("missing.png"), report.text)
        XCTAssertTrue(report.text.contains("cut.jpg"), report.text)
        XCTAssertFalse(report.problems.contains { $0.contains("good.png") }, report.text)
        XCTAssertEqual(report.pictures, ["good.png (line 3): PNG, 1000×1000 px"], report.text)
    }

    func testIconCacheFitsEveryIconIntoItsItem() throws {
        let names = ["icon-64.png", "icon-1000.png", "icon-4000.jpg", "wide-800x400.png", "tall-300x1200.jpg"]
        let cache = IconCache(pages: names.map { page(icon: TestImages.path($0)) }, scale: 1.5)
        let sizes = try names.indices.map { i -> (Int, Int) in
            let image = try XCTUnwrap(cache.image(page: i, selected: false, size: 144))
            return (image.width, image.height)
        }
        // 64 px × 1.5 = 96: a small icon is not stretched to the 144-px item.
        XCTAssertTrue(sizes[0] == (96, 96), "\(sizes[0])")
        XCTAssertTrue(sizes[1] == (144, 144) && sizes[2] == (144, 144), "\(sizes)")
        XCTAssertTrue(sizes[3] == (144, 72) && sizes[4] == (36, 144), "\(sizes)")
        XCTAssertTrue(cache.problems.isEmpty, "\(cache.problems)")
    }

    func testTheMenuShowsA1000PixelIconCentredInItsItem() throws {
        var config = KioskConfig.builtIn
        config.pages[0].icon = TestImages.path("icon-1000.png")
        config.pages[1].icon = TestImages.path("wide-800x400.png")
        let assembly = try KioskAssembly(config: config, width: 800, height: 600)
        let player = try assembly.player()
        let events = try GestureScript.parse("0.0 tap 3 400 300\n1.0 wait").events
        var index = 0
        player.play(events, from: &index, until: 1.0)
        XCTAssertTrue(assembly.scene.menu.isPresented)
        let ring = assembly.scene.ring
        let first = ring.center(of: 0), second = ring.center(of: 1)
        // The red disc of icon-1000 (under the 0.9 overlay) at the first item's centre.
        let c = try XCTUnwrap(player.canvas.color(x: Int(first.x), y: Int(first.y)))
        XCTAssertGreaterThan(Int(c.red), 180, "\(c)"); XCTAssertLessThan(Int(c.green), 60, "\(c)")
        // The wide icon is 96×48, centred: blue left of centre, yellow right, and the
        // rows 20 px above and below its middle are outside it (not blue or yellow).
        let left = try XCTUnwrap(player.canvas.color(x: Int(second.x) - 20, y: Int(second.y)))
        let right = try XCTUnwrap(player.canvas.color(x: Int(second.x) + 20, y: Int(second.y)))
        XCTAssertGreaterThan(Int(left.blue), 150, "\(left)"); XCTAssertLessThan(Int(left.red), 80, "\(left)")
        XCTAssertGreaterThan(Int(right.red), 180, "\(right)"); XCTAssertGreaterThan(Int(right.green), 150, "\(right)")
        let above = try XCTUnwrap(player.canvas.color(x: Int(second.x) - 20, y: Int(second.y) - 30))
        XCTAssertNotEqual(above, left, "the wide icon is not stretched to the item's height")
    }
}
