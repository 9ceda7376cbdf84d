import XCTest
import Geometry
import Raster
@testable import Kiosk

final class ConfigTests: XCTestCase {
    let full = """
    [display]
    rotation = 90            # portrait
    scale = 1.5
    dpi = 160
    [theme]
    background = "#ffffff"
    accent = "#00ff00"
    overlay_alpha = 0.8
    [text]
    fonts = ["fonts/Body.ttf", "/abs/CJK.ttf"]
    size = 22
    [[page]]
    title = "Welcome"
    content = "pages/welcome.md"
    icon = "icons/welcome.png"
    [[page]]
    content = "pages/map.txt"
    [idle]
    home_after = 60
    blank_after = 0
    """

    func testFullExample() throws {
        let c = try ConfigLoader.parse(full, file: "/etc/lectern/lectern.toml", baseDirectory: "/etc/lectern")
        XCTAssertEqual(c.display.rotation, .r90)
        XCTAssertEqual(c.display.scale, 1.5)
        XCTAssertEqual(c.display.dpi, 160)
        XCTAssertEqual(c.theme.background, Color(hex: "#ffffff"))
        XCTAssertEqual(c.theme.accent, Color(red: 0, green: 255, blue: 0))
        XCTAssertEqual(c.theme.text, Color(hex: "#222222"), "unset keys keep their default")
        XCTAssertEqual(c.theme.overlayAlpha, 0.8)
        XCTAssertEqual(c.text.fonts, ["/etc/lectern/fonts/Body.ttf", "/abs/CJK.ttf"])
        XCTAssertEqual(c.pages.count, 2)
        XCTAssertEqual(c.pages[0].source, .file(path: "/etc/lectern/pages/welcome.md"))
        XCTAssertEqual(c.pages[0].icon, "/etc/lectern/icons/welcome.png")
        XCTAssertEqual(c.pages[1].title, "map")
        XCTAssertEqual(c.idle.homeAfter, 60)
        XCTAssertEqual(c.idle.blankAfter, 0)
    }

    func testCodeBackgroundReachesTheTypesetStyle() throws {
        let unset = try ConfigLoader.parse(full, file: "/etc/lectern/lectern.toml", baseDirectory: "/etc/lectern")
        XCTAssertNil(unset.theme.codeBackground, "default: derived from text and background")
        XCTAssertNil(TypesetContent.style(config: unset, size: 20).codeBackgroundColor)
        XCTAssertEqual(TypesetContent.style(config: unset, size: 20).backgroundColor, Color(hex: "#ffffff"))
        let set = try ConfigLoader.parse(full.replacingOccurrences(of: "overlay_alpha = 0.8", with: "overlay_alpha = 0.8\ncode_background = \"#eeeeee\""),
                                         file: "/etc/lectern/lectern.toml", baseDirectory: "/etc/lectern")
        XCTAssertEqual(set.theme.codeBackground, Color(hex: "#eeeeee"))
        XCTAssertEqual(TypesetContent.style(config: set, size: 20).codeBackgroundColor, Color(hex: "#eeeeee"))
        assertError("[theme]\ncode_background = \"grey\"\n[[page]]\ncontent=\"a.md\"", line: 2, key: "theme.code_background", contains: "colour")
    }

    /// The display's tuning: what the driver offers by default, each path turned off by its key.
    func testDisplayTuningKeys() throws {
        let defaults = try ConfigLoader.parse("[[page]]\ncontent=\"a.md\"", file: "k.toml", baseDirectory: ".")
        XCTAssertEqual(defaults.display.scanout, ScanoutTuning(pan: true, sidePan: true, scrollFront: true, atomic: true, videoPlane: true))
        let text = "[display]\npan = false\nside_pan = false\nscroll_front = false\natomic = false\nvideo_plane = false\n[[page]]\ncontent=\"a.md\""
        let off = try ConfigLoader.parse(text, file: "k.toml", baseDirectory: ".")
        XCTAssertEqual(off.display.scanout, ScanoutTuning(pan: false, sidePan: false, scrollFront: false, atomic: false, videoPlane: false))
        assertError("[display]\nvideo_plane = 0\n[[page]]\ncontent=\"a.md\"", line: 2, key: "display.video_plane", contains: "true or false")
        assertError("[display]\natomic = \"off\"\n[[page]]\ncontent=\"a.md\"", line: 2, key: "display.atomic", contains: "true or false")
    }

    /// Clips' sound: off unless asked; a value that is not a boolean names its line and key.
    func testClipSoundKey() throws {
        XCTAssertFalse(try ConfigLoader.parse("[[page]]\ncontent=\"a.md\"", file: "k.toml", baseDirectory: ".").clips.sound)
        XCTAssertTrue(try ConfigLoader.parse("[clips]\nsound = true\n[[page]]\ncontent=\"a.md\"", file: "k.toml", baseDirectory: ".").clips.sound)
        assertError("[clips]\nsound = \"yes\"\n[[page]]\ncontent=\"a.md\"", line: 2, key: "clips.sound", contains: "true or false")
        assertError("[clips]\nsoud = true\n[[page]]\ncontent=\"a.md\"", line: 2, key: "clips.soud", contains: "did you mean 'sound'")
    }

    func assertError(_ text: String, line: Int?, key: String?, contains fragment: String, file: StaticString = #filePath, fileLine: UInt = #line) {
        do {
            _ = try ConfigLoader.parse(text, file: "k.toml", baseDirectory: ".")
            XCTFail("expected an error", file: file, line: fileLine)
        } catch {
            XCTAssertEqual(error.errors.count, 1, "\(error)", file: file, line: fileLine)
            guard let first = error.errors.first else { return }
            XCTAssertEqual(first.line, line, "\(first)", file: file, line: fileLine)
            XCTAssertEqual(first.key, key, "\(first)", file: file, line: fileLine)
            if line != nil { XCTAssertNotNil(first.column, "\(first)", file: file, line: fileLine) }
            XCTAssertTrue(first.description.contains(fragment), "\(first)", file: file, line: fileLine)
            XCTAssertTrue(first.description.hasPrefix("k.toml"), file: file, line: fileLine)
        }
    }

    func testUnknownKeyDidYouMean() {
        assertError("[theme]\nbackgrund = \"#fff000\"\n[[page]]\ncontent=\"a.md\"", line: 2, key: "theme.backgrund", contains: "did you mean 'background'")
    }

    func testUnknownSectionDidYouMean() {
        assertError("[dispaly]\nrotation = 0\n[[page]]\ncontent=\"a.md\"", line: 1, key: "dispaly", contains: "did you mean [display]")
    }

    func testBadRotation() {
        assertError("[display]\nrotation = 45\n[[page]]\ncontent=\"a.md\"", line: 2, key: "display.rotation", contains: "0, 90, 180 or 270")
    }

    func testBadColour() {
        assertError("[theme]\naccent = \"red\"\n[[page]]\ncontent=\"a.md\"", line: 2, key: "theme.accent", contains: "#rrggbb")
    }

    func testWrongType() {
        assertError("[text]\nsize = \"big\"\n[[page]]\ncontent=\"a.md\"", line: 2, key: "text.size", contains: "must be a number")
    }

    func testSyntaxErrorHasLineColumnAndQuotesTheLine() {
        assertError("[display]\nrotation = \n", line: 2, key: nil, contains: "expected value")
        assertError("[theme]\ntext = \"#222222\n", line: 2, key: nil, contains: "(in: text = \"#222222)")
        assertError("[display]\nrotation = 020\n", line: 2, key: nil, contains: "leading zero")
    }

    func testPageWithoutContent() {
        assertError("[[page]]\ntitle = \"x\"", line: 1, key: "page.content", contains: "needs content")
    }

    func testNoPages() {
        assertError("[display]\nrotation = 0", line: nil, key: "page", contains: "no pages")
    }

    func testMissingFile() {
        XCTAssertThrowsError(try ConfigLoader.load(path: "/nonexistent/lectern.toml")) { error in
            XCTAssertTrue("\(error)".contains("does not exist"), "\(error)")
        }
    }

    func testBuiltInHasThreeDemoPages() {
        let c = KioskConfig.builtIn
        XCTAssertEqual(c.pages.count, 3)
        guard case let .builtIn(chinese) = c.pages[1].source else { return XCTFail() }
        XCTAssertTrue(chinese.contains("触摸屏"))
    }
}

final class ConfigTemplateTests: XCTestCase {
    /// The template `lectern init` writes parses back to the defaults and the demo pages.
    func testTemplateRoundTrips() throws {
        let c = try ConfigLoader.parse(ConfigTemplate.text, file: "/etc/lectern/lectern.toml", baseDirectory: "/etc/lectern")
        var expected = KioskConfig()
        expected.pages = c.pages
        expected.sourcePath = c.sourcePath
        XCTAssertEqual(c, expected)
        XCTAssertEqual(c.pages.map(\.title), ["Welcome", "中文", "Handbook"])
        XCTAssertEqual(c.pages[0].source, .file(path: "/etc/lectern/pages/welcome.md"))
        XCTAssertEqual(ConfigTemplate.pages.count, 3)
    }
}
