import KioskHeadless
import XCTest
import Raster
import Spring
import Touch
@testable import Kiosk

/// The whole kiosk driven by gesture scripts, checked by state and pixel probes.
/// Scripts that check a resting position hold the finger still ≥ 100 ms before lifting.
final class HeadlessSceneTests: XCTestCase {
    let width = 800, height = 600

    func makePlayer(_ config: KioskConfig = .builtIn) throws -> (KioskAssembly, HeadlessPlayer) {
        let assembly = try KioskAssembly(config: config, width: width, height: height)
        return (assembly, try assembly.player())
    }

    func play(_ script: String, on player: HeadlessPlayer, until end: Double? = nil) throws {
        let events = try GestureScript.parse(script).events
        var index = 0
        player.play(events, from: &index, until: end ?? (events.last?.time ?? 0))
    }

    /// Device px the finger must travel for a resisted pull of `progress` × the affordance width.
    func fingerDistance(progress: Double) -> Double {
        RubberBand.unresisted(progress * 60, dimension: Double(width))
    }

    func testFirstFrameShowsPageBackgroundAndText() throws {
        let (assembly, player) = try makePlayer()
        player.render(at: 0)
        let theme = assembly.config.theme
        assertColor(player.canvas, 3, 3, theme.background, tolerance: 0)
        var textPixels = 0
        for y in 0..<200 { for x in 0..<width where player.canvas.color(x: x, y: y) != theme.background { textPixels += 1 } }
        XCTAssertGreaterThan(textPixels, 500, "the first page's heading is drawn")
    }

    func testSlowPullToFortyPercentShowsOneExpandedDotNoAccent() throws {
        let (assembly, player) = try makePlayer()
        let d = fingerDistance(progress: 0.4)
        try play("0.0 hold-drag 0 600 300 \(600 - d) 300 0.5 0.8", on: player, until: 1.2)  // finger still down
        XCTAssertEqual(assembly.scene.pullProgress(at: 1.2), 0.4, accuracy: 0.02)
        let dots = assembly.scene.affordance.dots(at: 1.2)
        XCTAssertEqual(dots.filter { $0.height > 80 }.count, 1)
        XCTAssertFalse(dots.contains { $0.tone == .accent })
        // Pixel probe: the expanded dot's middle is the foreground colour, halfway up it too.
        let boxX = Double(width) - assembly.scene.horizontal.offset(at: 1.2)
        let x = Int((boxX + 4).rounded(.down))
        assertColor(player.canvas, x, height / 2, assembly.config.theme.foreground, tolerance: 40)
        assertColor(player.canvas, x, height / 2 - 40, assembly.config.theme.foreground, tolerance: 40)
    }

    func testPullPastThresholdTurnsDotsAccentThenReleaseShowsOverlay() throws {
        let (assembly, player) = try makePlayer()
        let theme = assembly.config.theme
        let d = fingerDistance(progress: 1.5)
        let script = "0.0 hold-drag 0 700 300 \(700 - d) 300 0.5 0.6\n2.0 wait"
        try play(script, on: player, until: 1.05)
        XCTAssertTrue(assembly.scene.affordance.isArmed)
        XCTAssertTrue(assembly.scene.affordance.dots(at: 1.05).allSatisfy { $0.tone == .accent })
        let boxX = Double(width) - assembly.scene.horizontal.offset(at: 1.05)
        assertColor(player.canvas, Int(boxX + 4), height / 2, theme.accent, tolerance: 40)
        XCTAssertFalse(assembly.scene.menu.isPresented)
        // Release (at 1.1 s) opens the menu; 0.25 s later the fade is complete.
        try play(script, on: player, until: 1.5)
        XCTAssertTrue(assembly.scene.menu.isPresented)
        let expected = theme.overlay.mixed(over: theme.background, alpha: theme.overlayAlpha)
        assertColor(player.canvas, 3, 3, expected, tolerance: 1)
    }

    func testTappingSecondRingItemSwitchesPage() throws {
        let (assembly, player) = try makePlayer()
        let ring = assembly.scene.ring
        let second = ring.center(of: 1)
        try play("""
        0.0 tap 3 400 300
        1.0 tap 1 \(second.x) \(second.y)
        2.0 wait
        """, on: player)
        XCTAssertEqual(assembly.scene.currentPage, 1)
        XCTAssertFalse(assembly.scene.menu.isPresented)
        XCTAssertEqual(assembly.scene.vertical.offset(at: 2), 0)
    }

    func testTapOutsideItemsHidesMenu() throws {
        let (assembly, player) = try makePlayer()
        try play("0.0 tap 3 400 300\n1.0 tap 1 400 300\n2.0 wait", on: player)
        XCTAssertEqual(assembly.scene.currentPage, 0)
        XCTAssertFalse(assembly.scene.menu.isPresented)
        assertColor(player.canvas, 3, 3, assembly.config.theme.background, tolerance: 0)
    }

    func testThreeFingerTapDuringFlingStopsItAndTogglesMenu() throws {
        var config = KioskConfig.builtIn
        config.pages = [config.pages[2]] + config.pages  // the long handbook first
        let (assembly, player) = try makePlayer(config)
        try play("""
        0.0 drag 0 400 500 400 200 0.1
        0.3 tap 3 400 300
        0.4 wait
        """, on: player)
        XCTAssertTrue(assembly.scene.menu.isPresented)
        let stopped = assembly.scene.vertical.offset(at: 0.4)
        XCTAssertGreaterThan(stopped, 300, "the fling had carried the page on")
        XCTAssertEqual(assembly.scene.vertical.offset(at: 2), stopped, "the fling stopped")
        try play("0.0 tap 3 400 300\n0.5 wait", on: player, until: nil)
        XCTAssertFalse(assembly.scene.menu.isPresented)
    }

    func testFastFlickGoesFurtherThanSlowDragOfSameLength() throws {
        var config = KioskConfig.builtIn
        config.pages = [config.pages[2]]
        let (fast, fastPlayer) = try makePlayer(config)
        try play("0.0 drag 0 400 450 400 250 0.08\n3.0 wait", on: fastPlayer)
        let (slow, slowPlayer) = try makePlayer(config)
        try play("0.0 hold-drag 0 400 450 400 250 0.8 0.15\n3.0 wait", on: slowPlayer)
        XCTAssertEqual(slow.scene.vertical.offset(at: 3), 200, accuracy: 0.5)
        XCTAssertGreaterThan(fast.scene.vertical.offset(at: 3), 600)
    }

    func testFlickPastEndBouncesBackAndSettlesExactlyAtEnd() throws {
        var config = KioskConfig.builtIn
        config.pages = [KioskConfig.Page(title: "Medium", source: .builtIn(markdown: String(repeating: "A line of text that wraps.\n\n", count: 30)))]
        let (assembly, player) = try makePlayer(config)
        let scene = assembly.scene
        let maxOffset = scene.vertical.maxOffset
        XCTAssertGreaterThan(maxOffset, 0)
        try play("0.0 drag 0 400 550 400 50 0.05\n6.0 wait", on: player, until: 0.3)
        var peak = 0.0
        var t = 0.3
        while t < 6 { peak = max(peak, scene.vertical.offset(at: t)); t += 0.01 }
        XCTAssertGreaterThan(peak, maxOffset, "overshoots the end")
        try play("0.0 drag 0 400 550 400 50 0.05\n6.0 wait", on: player)
        XCTAssertEqual(scene.vertical.offset(at: 6), maxOffset)
        XCTAssertFalse(scene.isAnimating(at: 6))
    }

    func testNoRedrawsAtRest() throws {
        let (_, player) = try makePlayer()
        player.render(at: 0)
        let before = player.redrawCount
        for k in 1...60 { player.render(at: Double(k) / 60) }
        XCTAssertEqual(player.redrawCount, before)
    }

    func testScrollFrameIsDamageTrackedAndMatchesFullRedraw() throws {
        var config = KioskConfig.builtIn
        config.pages = [config.pages[2]]
        let (assembly, player) = try makePlayer(config)
        try play("0.0 drag 0 400 450 400 250 0.1\n0.4 wait", on: player)
        // Compare with a frame drawn from scratch at the same time.
        let fresh = try Bitmap(width: width, height: height)
        let renderer = SceneRenderer(scene: assembly.scene)
        renderer.renderWhole(into: fresh.canvas, at: try XCTUnwrap(player.shownTime))
        var differing = 0
        for y in 0..<height { for x in 0..<width where fresh.canvas.pixel(x: x, y: y)! & 0xFFFFFF != player.canvas.pixel(x: x, y: y)! & 0xFFFFFF { differing += 1 } }
        XCTAssertEqual(differing, 0)
    }

    func testIdleReturnsHome() throws {
        var config = KioskConfig.builtIn
        config.idle.homeAfter = 5
        let (assembly, player) = try makePlayer(config)
        let second = assembly.scene.ring.center(of: 1)
        try play("0.0 tap 3 400 300\n1.0 tap 1 \(second.x) \(second.y)\n1.5 wait", on: player)
        XCTAssertEqual(assembly.scene.currentPage, 1)
        XCTAssertEqual(assembly.scene.nextDeadline() ?? 0, 1.06 + 5, accuracy: 0.01)
        player.render(at: 7)
        XCTAssertEqual(assembly.scene.currentPage, 0)
        XCTAssertNil(assembly.scene.nextDeadline().flatMap { $0 < 100 ? $0 : nil })
    }

    func testBlankedDisplayFirstTouchOnlyWakes() throws {
        var config = KioskConfig.builtIn
        config.idle.blankAfter = 3
        let (assembly, player) = try makePlayer(config)
        player.render(at: 4)
        XCTAssertTrue(assembly.scene.idle.isBlanked)
        try play("4.5 tap 3 400 300\n5.0 wait", on: player)
        XCTAssertFalse(assembly.scene.idle.isBlanked)
        XCTAssertFalse(assembly.scene.menu.isPresented, "the waking touch does nothing else")
    }
}

extension HeadlessSceneTests {
    /// Every damage-tracked frame of a pull (page moving sideways, dots animating) and a
    /// scroll equals the same frame drawn from scratch.
    func testIncrementalFramesMatchFullRedraws() throws {
        var config = KioskConfig.builtIn
        config.pages = [config.pages[2]]
        let (assembly, player) = try makePlayer(config)
        let events = try GestureScript.parse("""
        0.0 hold-drag 0 700 300 450 300 0.6 0.3
        1.2 drag 0 400 500 400 300 0.1
        2.0 wait
        """).events
        let fresh = try Bitmap(width: width, height: height)
        var frames = 0
        // Every frame the loop presents, compared at its own moment.
        player.onFrame = { t, canvas in
            frames += 1
            SceneRenderer(scene: assembly.scene).renderWhole(into: fresh.canvas, at: t)
            var differing = 0
            for y in 0..<self.height {
                let a = fresh.canvas.row(y), b = canvas.row(y)
                for x in 0..<self.width where a[x] & 0xFFFFFF != b[x] & 0xFFFFFF { differing += 1 }
            }
            XCTAssertEqual(differing, 0, "frame at t = \(t)")
        }
        var index = 0
        player.play(events, from: &index, until: 2.0)
        XCTAssertGreaterThan(frames, 60, "the pull and the scroll were drawn frame by frame")
    }
}

extension HeadlessSceneTests {
    /// The menu frame (colour blend away from the ring, layer composite around it)
    /// equals compositing the whole menu layer over the page, pixel for pixel.
    func testMenuFrameEqualsWholeLayerComposite() throws {
        var config = KioskConfig.builtIn
        config.pages[0].title = "A rather long title for a ring item label"
        let (assembly, player) = try makePlayer(config)
        try play("0.0 tap 3 400 300\n0.17 wait", on: player)  // mid-fade
        // Reference: the page alone, then the whole layer over it at the same alpha.
        let page = try Bitmap(width: width, height: height)
        let hidden = try makePlayer(config)
        hidden.1.render(at: 0)
        page.canvas.blit(hidden.1.canvas, from: page.canvas.bounds, toX: 0, y: 0)
        let layer = try Bitmap(width: width, height: height)
        let shown = try XCTUnwrap(player.shownTime)
        let alpha = Double(Int((assembly.scene.menu.opacity(at: shown) * config.theme.overlayAlpha * 255).rounded())) / 255
        // Draw the layer by rendering the menu fully opaque over anything.
        var opaque = config
        opaque.theme.overlayAlpha = 1
        let full = try makePlayer(opaque)
        try play("0.0 tap 3 400 300\n1.0 wait", on: full.1)
        layer.canvas.blit(full.1.canvas, from: layer.canvas.bounds, toX: 0, y: 0)
        let reference = try Bitmap(width: width, height: height)
        reference.canvas.composite(layer.canvas, over: page.canvas, alpha: alpha, rect: reference.canvas.bounds)
        var differing = 0
        for y in 0..<height { for x in 0..<width where reference.canvas.pixel(x: x, y: y)! & 0xFFFFFF != player.canvas.pixel(x: x, y: y)! & 0xFFFFFF { differing += 1 } }
        XCTAssertEqual(differing, 0)
    }
}

extension HeadlessSceneTests {
    /// A fade that ends between frames leaves the renderer stale until the final frame
    /// is drawn; then nothing more is owed.
    func testFinalFrameIsOwedAfterAnimationEnds() throws {
        let (assembly, player) = try makePlayer()
        try play("0.0 tap 3 400 300\n0.1 tap 3 400 300", on: player, until: 0.2)   // show, then hide mid-fade
        XCTAssertTrue(assembly.scene.isAnimating(at: 0.2))
        player.render(at: 0.2)
        XCTAssertFalse(assembly.scene.isAnimating(at: 1.0), "the fade-out is over")
        XCTAssertTrue(assembly.renderer.isStale(at: 1.0), "but the screen still shows a tint")
        player.render(at: 1.0)
        XCTAssertFalse(assembly.renderer.isStale(at: 1.0))
        assertColor(player.canvas, 3, 3, assembly.config.theme.background, tolerance: 0)
    }
}
