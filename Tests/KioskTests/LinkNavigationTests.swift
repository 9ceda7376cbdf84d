import XCTest
import Raster
import Touch
@testable import Kiosk

/// Page links, the history and the back pull, driven by gesture scripts.
final class LinkNavigationTests: LinkTestCase {
    func testTapOnPageLinkShowsThatPageAtItsTopWithATransition() throws {
        let (assembly, player) = try makePlayer(try linkConfig())
        let scene = assembly.scene
        let link = try center(of: "b.md", in: assembly)
        let run = try ScriptRun("0.5 tap 1 \(link.x) \(link.y)\n3.0 wait", on: player)
        run.play(until: 0.6)
        XCTAssertEqual(scene.currentPage, 1)
        let moving = scene.vertical.offset(at: 0.6)
        XCTAssertLessThan(moving, 0, "the page is still rising into place")
        XCTAssertTrue(scene.isAnimating(at: 0.6))
        run.play()
        XCTAssertEqual(scene.currentPage, 1)
        XCTAssertEqual(scene.vertical.offset(at: 3), 0, "at its top")
        XCTAssertFalse(scene.isAnimating(at: 3))
        XCTAssertEqual(scene.links.history.places, [.init(page: 0, offset: 0)])
    }

    func testTapOnHeadingLinkOfAnotherPageShowsTheHeading() throws {
        let (assembly, player) = try makePlayer(try linkConfig())
        let scene = assembly.scene
        let link = try center(of: "b.md#second-part", in: assembly)
        try play("0.5 tap 1 \(link.x) \(link.y)\n3.0 wait", on: player)
        XCTAssertEqual(scene.currentPage, 1)
        let expected = try anchorOffset("second-part", page: 1, in: assembly)
        XCTAssertGreaterThan(expected, 500, "the heading is well down the page")
        XCTAssertEqual(scene.vertical.offset(at: 3), expected, accuracy: 0.5)
        // The heading's line is drawn at the page's top margin.
        let top = Int((KioskScene.marginTop * scene.scale).rounded())
        let ink = (top..<(top + 30)).contains { y in (0..<width).contains { player.canvas.color(x: $0, y: y) != assembly.config.theme.background } }
        XCTAssertTrue(ink, "the heading is at the top")
    }

    func testTapOnHeadingLinkOfTheSamePageGlidesThere() throws {
        let (assembly, player) = try makePlayer(try linkConfig())
        let scene = assembly.scene
        let link = try center(of: "#far-below", in: assembly)
        let run = try ScriptRun("0.5 tap 1 \(link.x) \(link.y)\n3.0 wait", on: player)
        run.play(until: 0.7)
        let expected = try anchorOffset("far-below", page: 0, in: assembly)
        let midway = scene.vertical.offset(at: 0.7)
        XCTAssertGreaterThan(midway, 0)
        XCTAssertLessThan(midway, expected, "on its way")
        run.play()
        XCTAssertEqual(scene.currentPage, 0)
        XCTAssertEqual(scene.vertical.offset(at: 3), expected, accuracy: 0.5)
    }

    func testPullRightAfterNavigatingGoesBack() throws {
        let (assembly, player) = try makePlayer(try linkConfig())
        let scene = assembly.scene
        let theme = assembly.config.theme
        // Scroll down a little first: going back returns to that place, not just the page.
        try play("0.0 hold-drag 0 400 400 400 300 0.3 0.2\n1.5 wait", on: player)
        let readAt = scene.vertical.offset(at: 1.5)
        XCTAssertGreaterThan(readAt, 50)
        let link = try center(of: "b.md", in: assembly, at: 1.5)
        let d = fingerDistance(progress: 1.5)
        let script = """
        1.6 tap 1 \(link.x) \(link.y)
        4.0 hold-drag 0 100 300 \(100 + d) 300 0.5 0.6
        7.0 wait
        """
        let run = try ScriptRun(script, on: player)
        run.play(until: 4.0)
        XCTAssertEqual(scene.currentPage, 1)
        run.play(until: 5.05)  // pulled right, still holding
        XCTAssertEqual(scene.backProgress(at: 5.05), 1.5, accuracy: 0.05)
        XCTAssertTrue(scene.links.back.isArmed)
        // The dots sit just left of the page's left edge, in the accent colour: armed.
        let edge = -scene.horizontal.offset(at: 5.05)
        assertColor(player.canvas, Int(edge - 4), height / 2, theme.accent, tolerance: 40)
        run.play()
        XCTAssertEqual(scene.currentPage, 0, "back on the first page")
        XCTAssertEqual(scene.vertical.offset(at: 7), readAt, accuracy: 0.5, "where it was left")
        XCTAssertEqual(scene.horizontal.offset(at: 7), 0)
        XCTAssertFalse(scene.links.history.canGoBack)
        XCTAssertFalse(scene.menu.isPresented, "a back pull is not a menu pull")
    }

    func testPullRightWithNoHistoryIsAPlainRubberBand() throws {
        let (assembly, player) = try makePlayer(try linkConfig())
        let scene = assembly.scene
        let theme = assembly.config.theme
        player.render(at: 0)
        let before = player.canvas.color(x: width / 2, y: height / 2)
        let d = fingerDistance(progress: 1.5)
        let script = "0.0 hold-drag 0 100 300 \(100 + d) 300 0.5 0.6\n3.0 wait"
        let run = try ScriptRun(script, on: player)
        run.play(until: 1.05)
        let pulled = -scene.horizontal.offset(at: 1.05)
        XCTAssertGreaterThan(pulled, 80, "the page stretches right")
        XCTAssertEqual(scene.backProgress(at: 1.05), 0)
        // Nothing but background where the back dots would be.
        for x in stride(from: 0, to: Int(pulled) - 1, by: 3) { assertColor(player.canvas, x, height / 2, theme.background, tolerance: 0) }
        run.play()
        XCTAssertEqual(scene.currentPage, 0)
        XCTAssertEqual(scene.horizontal.offset(at: 3), 0, "settled at 0")
        XCTAssertFalse(scene.isAnimating(at: 3))
        XCTAssertEqual(player.canvas.color(x: width / 2, y: height / 2), before, "the page as it was")
        XCTAssertFalse(scene.menu.isPresented)
    }

    func testDragStartingOnALinkScrollsAndDoesNotFollowIt() throws {
        let (assembly, player) = try makePlayer(try linkConfig())
        let scene = assembly.scene
        let link = try center(of: "b.md", in: assembly)
        let script = """
        0.0 down 0 \(link.x) \(link.y)
        0.2 move 0 \(link.x) \(link.y - 2)
        0.3 move 0 \(link.x) \(link.y - 60)
        0.4 move 0 \(link.x) \(link.y - 150)
        0.6 move 0 \(link.x) \(link.y - 150)
        0.8 up 0
        2.5 wait
        """
        let run = try ScriptRun(script, on: player)
        run.play(until: 0.1)
        XCTAssertEqual(scene.links.pressed?.page, 0, "pressed while the finger rests on it")
        let pressedBox = try XCTUnwrap(boxes(of: "b.md", in: assembly).first)
        // The wash shows in the padding beside the text, left of its first glyph.
        let wash = assembly.config.theme.accent.mixed(over: assembly.config.theme.background, alpha: 0.18)
        assertColor(player.canvas, pressedBox.minX - 1, mid(pressedBox).y, wash, tolerance: 2)
        run.play(until: 0.35)
        XCTAssertNil(scene.links.pressed, "a pan clears the pressed state")
        assertColor(player.canvas, pressedBox.minX - 1, mid(pressedBox).y - 60, assembly.config.theme.background, tolerance: 0)
        run.play()
        XCTAssertEqual(scene.vertical.offset(at: 2.5), 150, accuracy: 1, "it scrolled")
        XCTAssertEqual(scene.currentPage, 0, "and did not navigate")
        XCTAssertFalse(scene.links.card.isPresented)
        XCTAssertFalse(scene.links.history.canGoBack)
    }

    func testHitAreaIsAtLeastNineMillimetresTallAtAnyTextSize() throws {
        let (assembly, player) = try makePlayer(try linkConfig(textSize: 9))
        let scene = assembly.scene
        let box = try XCTUnwrap(boxes(of: "b.md", in: assembly).first)
        let mm = scene.links.pixelsPerMillimetre
        XCTAssertLessThan(Double(box.height), 9 * mm * 0.5, "the line is far shorter than 9 mm")
        // 4.2 mm above the line's middle is still the link (half of 9 mm is 4.5).
        let y = Double(mid(box).y) - 4.2 * mm
        XCTAssertEqual(scene.link(atX: Double(mid(box).x), y: y, at: 0), scene.link(atX: Double(mid(box).x), y: Double(mid(box).y), at: 0))
        try play("0.5 tap 1 \(mid(box).x) \(Int(y.rounded()))\n3.0 wait", on: player)
        XCTAssertEqual(scene.currentPage, 1)
    }

    func testTapOnALinkToNowhereDoesNothing() throws {
        let (assembly, player) = try makePlayer(try linkConfig())
        let link = try center(of: "missing.md", in: assembly)
        try play("0.5 tap 1 \(link.x) \(link.y)\n2.0 wait", on: player)
        XCTAssertEqual(assembly.scene.currentPage, 0)
        XCTAssertEqual(assembly.scene.vertical.offset(at: 2), 0)
        XCTAssertFalse(assembly.scene.links.history.canGoBack)
    }

    func testIdleHomeClearsTheHistory() throws {
        var config = try linkConfig()
        config.idle.homeAfter = 5
        let (assembly, player) = try makePlayer(config)
        let link = try center(of: "b.md", in: assembly)
        try play("0.5 tap 1 \(link.x) \(link.y)\n3.0 wait", on: player)
        XCTAssertTrue(assembly.scene.links.history.canGoBack)
        player.step(to: 10)
        XCTAssertEqual(assembly.scene.currentPage, 0)
        XCTAssertFalse(assembly.scene.links.history.canGoBack)
    }

    func testMenuPageSwitchIsRememberedAndThreeFingersStillToggleIt() throws {
        let (assembly, player) = try makePlayer(try linkConfig())
        let scene = assembly.scene
        let second = scene.ring.center(of: 1)
        try play("0.0 tap 3 400 300\n1.0 tap 1 \(second.x) \(second.y)\n2.0 wait", on: player)
        XCTAssertEqual(scene.currentPage, 1)
        XCTAssertTrue(scene.links.history.canGoBack)
        let d = fingerDistance(progress: 1.5)
        try play("2.5 hold-drag 0 100 300 \(100 + d) 300 0.5 0.6\n5.0 wait", on: player)
        XCTAssertEqual(scene.currentPage, 0)
    }
}
