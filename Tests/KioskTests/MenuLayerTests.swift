import KioskHeadless
@testable import LoopCore
import LecternTestSupport
import Raster
import Touch
import XCTest
@testable import Kiosk

/// The menu layer is kept only around the ring and only while the menu shows; the
/// frames are the same pixels as with a whole-screen layer kept for good.
final class MenuLayerTests: XCTestCase {
    /// Icons (plain and with a selected variant), a letter and a long label.
    private func config() -> KioskConfig {
        var config = KioskConfig.builtIn
        config.pages[0].icon = TestImages.path("icon-512.png")
        config.pages[1].icon = TestImages.path("wide-800x400.png")
        config.pages[1].iconSelected = TestImages.path("icon-64.png")
        config.pages[2].title = "A rather long title for a ring item label"
        return config
    }

    /// The part kept equals the whole-screen layer there, and the whole-screen layer is
    /// exactly the overlay colour everywhere else (what the renderer blends instead).
    func testTheKeptBoxHoldsEveryPixelThatIsNotPlainOverlay() throws {
        // The last two: a site in two languages, its pills in the layer (at 800x600 scale
        // 1.5 there is room neither above nor beside the ring: they overlap its top).
        for (width, height, scale, languages) in [(1920, 1080, 1.0, false), (800, 600, 1.5, false), (1920, 1080, 1.0, true), (800, 600, 1.5, true)] {
            var config = config()
            config.display.scale = scale
            if languages {
                for (i, tag) in ["en", "he", "en"].enumerated() { config.pages[i].language = tag }
            }
            let assembly = try KioskAssembly(config: config, width: width, height: height)
            let icons = IconCache(pages: config.pages, scale: assembly.scene.scale)
            let layer = MenuLayer()
            let kept = try XCTUnwrap(layer.canvas(scene: assembly.scene, content: assembly.content, icons: icons, width: width, height: height))
            let box = layer.box
            XCTAssertEqual(kept.width, box.width); XCTAssertEqual(kept.height, box.height)
            let whole = try Bitmap(width: width, height: height)
            MenuLayer.draw(layer.items(scene: assembly.scene, icons: icons), scene: assembly.scene, content: assembly.content,
                           into: whole.canvas, originX: 0, originY: 0)
            let overlay = config.theme.overlay.argb | 0xFF00_0000
            var differing = 0, outsideNotOverlay = 0
            for y in 0..<height {
                for x in 0..<width {
                    let pixel = whole.canvas.row(y)[x]
                    if box.contains(x: x, y: y) {
                        if kept.row(y - box.y)[x - box.x] != pixel { differing += 1 }
                    } else if pixel != overlay {
                        outsideNotOverlay += 1
                    }
                }
            }
            XCTAssertEqual(assembly.scene.languageBar != nil, languages)
            XCTAssertEqual(differing, 0, "\(width)x\(height) at scale \(scale)")
            XCTAssertEqual(outsideNotOverlay, 0, "\(width)x\(height) at scale \(scale)")
            if width == 1920 {
                // The ring, not the screen: under a third of it (7.9 MiB whole).
                XCTAssertLessThan(layer.byteCount, width * height * 4 / 3)
            }
        }
    }

    /// Mid-fade, the parts mixed on the other core (`plainOverlay`) are the whole screen but
    /// the ring's box widened to 16-pixel columns (64-byte lines): the rows above and below
    /// it and its rows' sides, not overlapping, none meeting the box. What the loop's core
    /// composes itself is the box alone.
    func testAFadeLeavesTheLoopsCoreOnlyTheRingsBox() throws {
        for (width, height) in [(1920, 1080), (800, 600), (1366, 768)] {
            let assembly = try KioskAssembly(config: config(), width: width, height: height)
            assembly.scene.toggleMenu(at: 0)
            let renderer = SceneRenderer(scene: assembly.scene)
            let state = renderer.state(at: 0.1)
            XCTAssertGreaterThan(state.menuAlpha, 0)
            XCTAssertLessThan(state.menuAlpha, 255, "mid-fade")
            let plain = try XCTUnwrap(renderer.plainOverlay(state, width: width, height: height))
            let screen = IntRect(x: 0, y: 0, width: width, height: height)
            let box = renderer.menuLayer.box.intersection(screen)
            let widened = IntRect(x: box.minX & ~15, y: box.minY, width: min(width, (box.maxX + 15) & ~15) - (box.minX & ~15),
                                  height: box.height)
            XCTAssertFalse(box.isEmpty)
            XCTAssertEqual(plain.areas.reduce(0) { $0 + $1.width * $1.height } + widened.width * widened.height, width * height,
                           "\(width)x\(height): the parts and the box cover the screen")
            for (i, area) in plain.areas.enumerated() {
                XCTAssertFalse(area.intersects(widened), "\(area) meets the ring's box \(widened)")
                XCTAssertTrue(area.minX % 16 == 0 && (area.maxX % 16 == 0 || area.maxX == width), "\(area): not at 64-byte lines")
                for other in plain.areas[(i + 1)...] { XCTAssertFalse(area.intersects(other)) }
            }
            XCTAssertEqual(plain.areas.filter { $0.minY == box.minY && $0.height == box.height }.count, 2,
                           "\(width)x\(height): both sides of the ring's rows go to the other core")
            XCTAssertEqual(Compositor.uncovered(by: plain.areas, in: screen).rects, [widened], "the loop's core: the box alone")
        }
    }

    /// Open, fade, switch page, close, scroll, open again: every frame presented equals
    /// a fresh renderer's whole frame at that moment, and once the menu is gone the
    /// renderer holds no bitmap.
    func testMenuBitmapsLiveOnlyWhileTheMenuShowsAndFramesStayIdentical() throws {
        let width = 800, height = 600
        let assembly = try KioskAssembly(config: config(), width: width, height: height)
        let player = try assembly.player()
        let events = try GestureScript.parse("""
        0.0 tap 3 400 300
        0.6 wait
        1.0 tap 3 400 300
        1.6 wait
        1.7 drag 0 400 500 400 300 0.1
        2.6 tap 3 400 300
        3.2 wait
        """).events
        let fresh = try Bitmap(width: width, height: height)
        var frames = 0, layered = 0
        player.onFrame = { t, canvas in
            frames += 1
            if assembly.renderer.menuBitmapBytes > 0 { layered += 1 }
            SceneRenderer(scene: assembly.scene).renderWhole(into: fresh.canvas, at: t)
            var differing = 0
            for y in 0..<height {
                let a = fresh.canvas.row(y), b = canvas.row(y)
                for x in 0..<width where a[x] & 0xFFFFFF != b[x] & 0xFFFFFF { differing += 1 }
            }
            XCTAssertEqual(differing, 0, "frame at t = \(t)")
        }
        var index = 0
        player.play(events, from: &index, until: 0.6)
        XCTAssertGreaterThan(assembly.renderer.menuBitmapBytes, 0, "the menu shows: its layer is held")
        player.play(events, from: &index, until: 1.6)
        XCTAssertEqual(assembly.renderer.menuBitmapBytes, 0, "the menu is gone: nothing held")
        player.play(events, from: &index, until: 3.2)
        XCTAssertGreaterThan(frames, 40)
        XCTAssertGreaterThan(layered, 10, "frames with the menu were compared too")
    }
}
