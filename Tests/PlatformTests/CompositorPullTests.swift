import Frames
@testable import LoopCore
import Raster
import XCTest

/// The compositor's two pull paths against a surface that offers or refuses to move its
/// window sideways: which path each frame takes, and that a frame leaving a pull always
/// owes the screen a present.
final class CompositorPullTests: XCTestCase {
    /// Paints nothing (the paths and the damage are what is tested here).
    private struct BlankPainter: FramePainter {
        let frame: FrameDescription
        func drawPage(clip: IntRect, into canvas: Canvas, shiftX: Int) {}
        func drawWhole(into canvas: Canvas) {}
        func composeOverlays(over page: Canvas, into destination: PixelDestination, region: Region) {}
    }

    /// A display whose window moves sideways while `sideways` (the driver still commits
    /// atomically), and refuses once it does not (fell back to legacy calls).
    private final class ScriptedSurface: ScanoutSurface {
        var sideways = true
        let buffer: Bitmap
        init(width: Int, height: Int) throws { buffer = try Bitmap(width: width, height: height) }
        func panWindow(by dy: Int) -> WindowPan? { nil }
        func directFrame() -> WriteOnlyCanvas? { WriteOnlyCanvas(buffer.canvas) }
        func canPanSideways(to shift: Int) -> Bool { sideways }
    }

    private func frame(shiftX: Int) -> FrameDescription {
        FrameDescription(content: .page, page: .init(generation: 1, page: 0, width: 64, height: 32), scrollY: 0, shiftX: shiftX,
                         decorations: Decorations(), overlays: .init(key: .init(), direct: true))
    }

    func testLeavingAPulledWindowAlwaysOwesAPresent() throws {
        let shadow = try Bitmap(width: 64, height: 32)
        let surface = try ScriptedSurface(width: 64, height: 32)
        let compositor = Compositor()
        func compose(shiftX: Int) -> ComposedFrame {
            compositor.compose(BlankPainter(frame: frame(shiftX: shiftX)), canvas: shadow.canvas, scanout: surface)
        }
        _ = compose(shiftX: 0)
        var composed = compose(shiftX: 8)
        XCTAssertEqual(compositor.lastPath, .pullPanned)
        XCTAssertFalse(composed.damage.isEmpty)
        // Back at rest, the surface moving its window back: still the panned path.
        composed = compose(shiftX: 0)
        XCTAssertEqual(compositor.lastPath, .pullPanned, "the window moved back to rest")
        XCTAssertFalse(composed.damage.isEmpty, "the screen changes: presented")
        XCTAssertEqual(compositor.held, .frame(frame(shiftX: 0)))
        // Pulled again, then the surface refuses to move its window back (its driver fell
        // back to legacy calls): the rest frame is the shadow's page, presented whole.
        _ = compose(shiftX: 8)
        surface.sideways = false
        composed = compose(shiftX: 0)
        XCTAssertEqual(composed.damage, Region(shadow.canvas.bounds), "the window still shows the pull: every pixel owed")
        XCTAssertEqual(compositor.held, .frame(frame(shiftX: 0)))
        // A further pull where the surface refuses: written whole (direct).
        composed = compose(shiftX: 6)
        XCTAssertEqual(compositor.lastPath, .pullDirect)
    }
}
