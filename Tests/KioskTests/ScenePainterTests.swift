import Frames
import Raster
import XCTest
@testable import Kiosk

/// A painter draws the frame it was made for and no other: asked after the scene has
/// moved on and the renderer has described a later frame, it still draws its own, layer
/// by layer as the compositor asks and whole.
final class ScenePainterTests: XCTestCase {
    let width = 480, height = 360

    func testAPainterDrawsItsOwnFrameAfterTheRendererDescribedAnother() throws {
        var config = KioskConfig.builtIn
        config.pages = [config.pages[2]] + config.pages  // a long page first
        let assembly = try KioskAssembly(config: config, width: width, height: height)
        let scene = assembly.scene, renderer = assembly.renderer

        // The page's top at rest, and that moment drawn from scratch by a renderer of its own.
        let top = renderer.frame(at: 0)
        let topPixels = try picture { SceneRenderer(scene: scene).renderWhole(into: $0, at: 0) }

        // The scene moves on (scrolled down the page, the menu shown) and the renderer
        // describes that frame: the last one described is no longer `top`.
        scene.vertical.jump(to: 400)
        scene.menu.showImmediately(at: 1)
        let later = renderer.frame(at: 1)
        XCTAssertNotEqual(later.frame.scrollY, top.frame.scrollY)
        XCTAssertTrue(later.frame.isLayered, "the menu over the page")
        let laterPixels = try picture { later.drawFromScratch(into: $0) }
        XCTAssertGreaterThan(differing(laterPixels, topPixels), width * height / 10, "the two frames look different")

        // `top` asked now draws `top`: the page layer in the pieces a compositor asks for,
        // a strip drawn apart into memory of its own, no overlays, and the whole frame.
        let half = height / 2
        let pieces = try picture { canvas in
            top.drawPage(clip: IntRect(x: 0, y: 0, width: width, height: half), into: canvas, shiftX: 0)
            top.drawPage(clip: IntRect(x: 0, y: half, width: width, height: height - half), into: canvas, shiftX: 0)
        }
        XCTAssertEqual(differing(pieces, topPixels), 0, "the page layer, in two pieces")
        let stripX = width - 100
        let strip = try Bitmap(width: 100, height: height)
        top.drawPage(clip: IntRect(x: stripX, y: 0, width: 100, height: height), into: strip.canvas, shiftX: stripX)
        let stripPixels = try picture { $0.blit(topPixels.canvas, from: IntRect(x: stripX, y: 0, width: 100, height: height), toX: 0, y: 0) }
        XCTAssertEqual(differing(strip, stripPixels, width: 100), 0, "a strip drawn apart")
        let overlaid = try picture { $0.blit(topPixels.canvas, from: $0.bounds, toX: 0, y: 0) }
        top.composeOverlays(over: topPixels.canvas, into: .cached(overlaid.canvas), region: Region(overlaid.canvas.bounds))
        XCTAssertEqual(differing(overlaid, topPixels), 0, "no menu over it: the menu is the later frame's")
        XCTAssertEqual(differing(try picture { top.drawFromScratch(into: $0) }, topPixels), 0, "the whole frame")

        // And the later painter still draws the later frame.
        XCTAssertEqual(differing(try picture { later.drawFromScratch(into: $0) }, laterPixels), 0)
    }

    /// A screen-sized picture drawn by `draw` over black.
    private func picture(_ draw: (Canvas) -> Void) throws -> Bitmap {
        let bitmap = try Bitmap(width: width, height: height)
        draw(bitmap.canvas)
        return bitmap
    }

    /// Pixels that differ in the first `width` columns (the screen's by default).
    private func differing(_ a: Bitmap, _ b: Bitmap, width: Int? = nil) -> Int {
        var count = 0
        for y in 0..<height {
            let ra = a.canvas.row(y), rb = b.canvas.row(y)
            for x in 0..<(width ?? self.width) where ra[x] & 0xFF_FFFF != rb[x] & 0xFF_FFFF { count += 1 }
        }
        return count
    }
}
