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
