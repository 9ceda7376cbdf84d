import Foundation
import KioskHeadless
import XCTest
import Touch
@testable import Kiosk

/// The user guide's link screenshots tap fixed points of the built-in pages at 1280x800
/// (docs/screenshots/*.script): they must still hit the links after the pages change.
final class DocsScreenshotTests: XCTestCase {
    static let screenshots = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../docs/screenshots").standardized.path

    func player(playing name: String, until end: Double? = nil) throws -> KioskAssembly {
        let text = try String(contentsOfFile: "\(Self.screenshots)/\(name).script", encoding: .utf8)
        let events = try GestureScript.parse(text, source: name).events
        let assembly = try KioskAssembly(config: .builtIn, width: 1280, height: 800)
        var index = 0
        try assembly.player().play(events, from: &index, until: end ?? events.last?.time ?? 0)
        return assembly
    }

    func testLinkCardScreenshotShowsTheCard() throws {
        let scene = try player(playing: "link-card").scene
        XCTAssertTrue(scene.links.card.isPresented)
        XCTAssertEqual(scene.links.card.link?.address, "https://en.wikipedia.org/wiki/Interactive_kiosk")
    }

    func testBackPullScreenshotIsArmed() throws {
        let at = try String(contentsOfFile: "\(Self.screenshots)/back-pull.at", encoding: .utf8)
        let time = try XCTUnwrap(Double(at.trimmingCharacters(in: .whitespacesAndNewlines)))
        let scene = try player(playing: "back-pull", until: time).scene
        XCTAssertEqual(scene.currentPage, 2, "the handbook, opened by its link")
        XCTAssertGreaterThanOrEqual(scene.backProgress(at: time), 1, "armed")
    }
}

extension DocsScreenshotTests {
    /// The text-engine screenshots (docs/screenshots/languages-*.script, 800x480, the
    /// three-language site of languages.toml) tap the language pills and ring items at
    /// fixed points: they must still land where the pictures say.
    func testLanguageScreenshotsShowWhatTheyClaim() throws {
        let config = try ConfigLoader.load(path: "\(Self.screenshots)/languages.toml")
        func play(_ name: String) throws -> KioskScene {
            let text = try String(contentsOfFile: "\(Self.screenshots)/\(name).script", encoding: .utf8)
            let events = try GestureScript.parse(text, source: name).events
            let assembly = try KioskAssembly(config: config, width: 800, height: 480)
            var index = 0
            try assembly.player().play(events, from: &index, until: events.last?.time ?? 0)
            return assembly.scene
        }
        let menu = try play("languages-menu")
        XCTAssertTrue(menu.menu.isPresented)
        XCTAssertEqual(menu.siteLanguages.languages.map(\.name), ["English", "עברית", "العربية"])
        XCTAssertEqual(menu.chosenLanguage, "en")
        let chosen = try play("languages-menu-hebrew")
        XCTAssertTrue(chosen.menu.isPresented)
        XCTAssertEqual(chosen.chosenLanguage, "he")
        XCTAssertEqual(chosen.ringPages, [2, 4], "the Hebrew page and the map")
        for (name, page) in [("languages-hebrew", 2), ("languages-arabic", 3), ("languages-emoji", 1)] {
            let scene = try play(name)
            XCTAssertEqual(scene.currentPage, page, name)
            XCTAssertFalse(scene.menu.isPresented, name)
        }
    }
}
