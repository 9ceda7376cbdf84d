import Frames
@testable import LoopCore
import Raster
import XCTest

/// The compositor's two pull paths against a surface that offers or refuses to move its
/// window sideways: which path each frame takes, and that a frame leaving a pull always
/// owes the screen a present.
final class CompositorPullTests: XCTestCase {
    /// Paints nothing (the paths and the damage are what is tested here).
    private final class BlankPainter: FramePainter {
        func drawPage(_ frame: FrameDescription, clip: IntRect, into canvas: Canvas, shiftX: Int) {}
        func drawWhole(_ frame: FrameDescription, into canvas: Canvas) {}
        func composeOverlays(_ frame: FrameDescription, over page: Canvas, into destination: PixelDestination, region: Region) {}
    }

    /// A display whose window moves sideways while `sideways` (the driver still commits
    /// atomically), and refuses once it does not (fell back to legacy calls).
    private final class ScriptedSurface: ScanoutSurface {
        var sideways = true
        let buffer: Bitmap
        init(width: Int, height: Int) throws { buffer = try Bitmap(width: width, height: height) }
        func pan(by dy: Int) -> Canvas? { nil }
        func directFrame() -> WriteOnlyCanvas? { WriteOnlyCanvas(buffer.canvas) }
        func panSideways(to shift: Int, writing strip: IntRect) -> WriteOnlyCanvas? {
            sideways ? WriteOnlyCanvas(buffer.canvas) : nil
        }
    }

    private func frame(shiftX: Int) -> FrameDescription {
        FrameDescription(content: .page, page: .init(generation: 1, page: 0, width: 64, height: 32), scrollY: 0, shiftX: shiftX,
                         decorations: Decorations(), overlays: .init(key: .init(), direct: true))
    }

    func testLeavingAPulledWindowAlwaysOwesAPresent() throws {
        let shadow = try Bitmap(width: 64, height: 32)
        let surface = try ScriptedSurface(width: 64, height: 32)
        let compositor = Compositor()
        let painter = BlankPainter()
        var damage = Region()
        compositor.compose(frame(shiftX: 0), painter: painter, canvas: shadow.canvas, scanout: surface, damage: &damage)
        damage = Region()
        compositor.compose(frame(shiftX: 8), painter: painter, canvas: shadow.canvas, scanout: surface, damage: &damage)
        XCTAssertEqual(compositor.lastPath, .pullPanned)
        XCTAssertFalse(damage.isEmpty)
        // Back at rest, the surface moving its window back: still the panned path.
        damage = Region()
        compositor.compose(frame(shiftX: 0), painter: painter, canvas: shadow.canvas, scanout: surface, damage: &damage)
        XCTAssertEqual(compositor.lastPath, .pullPanned, "the window moved back to rest")
        XCTAssertFalse(damage.isEmpty, "the screen changes: presented")
        XCTAssertEqual(compositor.held, .frame(frame(shiftX: 0)))
        // Pulled again, then the surface refuses to move its window back (its driver fell
        // back to legacy calls): the rest frame is the shadow's page, presented whole.
        damage = Region()
        compositor.compose(frame(shiftX: 8), painter: painter, canvas: shadow.canvas, scanout: surface, damage: &damage)
        surface.sideways = false
        damage = Region()
        compositor.compose(frame(shiftX: 0), painter: painter, canvas: shadow.canvas, scanout: surface, damage: &damage)
        XCTAssertEqual(damage, Region(shadow.canvas.bounds), "the window still shows the pull: every pixel owed")
        XCTAssertEqual(compositor.held, .frame(frame(shiftX: 0)))
        // A further pull where the surface refuses: written whole (direct).
        damage = Region()
        compositor.compose(frame(shiftX: 6), painter: painter, canvas: shadow.canvas, scanout: surface, damage: &damage)
        XCTAssertEqual(compositor.lastPath, .pullDirect)
    }
}
