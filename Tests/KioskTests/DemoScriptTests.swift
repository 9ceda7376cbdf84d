import KioskHeadless
import XCTest
import Touch
@testable import Kiosk

/// `lectern demo`'s built-in script reaches what its captures are named after.
final class DemoScriptTests: XCTestCase {
    func testDemoGoesBackTwiceThenShowsTheCardAndFollowsAPageLink() throws {
        let assembly = try KioskAssembly(config: .builtIn, width: 1280, height: 800)
        let scene = assembly.scene
        let links = try XCTUnwrap(DemoLinks.find(in: assembly), "the Welcome page has a web and a page link in view")
        let text = DemoScript.text(width: 1280, height: 800, pageCount: scene.pageCount, scale: scene.scale, links: links)
        let events = try GestureScript.parse(text, source: "demo").events
        let player = try assembly.player()
        var index = 0
        var seen: [String: (page: Int, card: Bool, back: Double)] = [:]
        player.play(events, from: &index, until: events.last?.time ?? 0) { name, _ in
            seen[name] = (scene.currentPage, scene.links.card.isPresented, scene.backProgress(at: player.time))
        }
        XCTAssertEqual(seen["second-page"]?.page, 1)
        XCTAssertGreaterThanOrEqual(seen["back-pull-armed"]?.back ?? 0, 1, "the back pull is armed")
        XCTAssertEqual(seen["back"]?.page, 2, "back to the handbook the menu left")
        XCTAssertEqual(seen["link-card"]?.page, 0, "and back again to the first page")
        XCTAssertEqual(seen["link-card"]?.card, true)
        XCTAssertEqual(seen["link-followed"]?.page, 2, "the handbook, by its link")
        XCTAssertEqual(seen["link-followed"]?.card, false)
    }

    func testWithoutLinksTheDemoIsAsBefore() {
        let text = DemoScript.text(width: 800, height: 600, pageCount: 3, scale: 1)
        XCTAssertFalse(text.contains("link-card"))
        XCTAssertTrue(text.hasSuffix("10.600 wait"))
    }
}
