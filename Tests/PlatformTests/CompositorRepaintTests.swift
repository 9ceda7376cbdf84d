import Frames
@testable import LoopCore
import Raster
import XCTest

/// A part of the page that changed under the same page key (`FrameDescription.repaint`:
/// a picture decoded off the loop arrived) is drawn again, and only that part, whichever
/// path the frame takes; a change the compositor missed makes it draw the page whole.
final class CompositorRepaintTests: XCTestCase {
    /// Records the rectangles it is asked to draw.
    private final class Asked {
        var clips: [IntRect] = []
    }

    private struct RecordingPainter: FramePainter {
        let frame: FrameDescription
        let asked: Asked
        func drawPage(clip: IntRect, into canvas: Canvas, shiftX: Int) { asked.clips.append(clip) }
        func drawWhole(into canvas: Canvas) {}
        func composeOverlays(over page: Canvas, into destination: PixelDestination, region: Region) {}
    }

    private let bounds = IntRect(x: 0, y: 0, width: 64, height: 48)
    private let box = IntRect(x: 4, y: 10, width: 40, height: 12)

    private func frame(scrollY: Int = 0, shiftX: Int = 0, generation: Int = 0, box: IntRect = .zero) -> FrameDescription {
        FrameDescription(content: .page, page: .init(generation: 1, page: 0, width: 64, height: 48), scrollY: scrollY, shiftX: shiftX,
                         decorations: Decorations(), overlays: .init(key: .init(), direct: true),
                         repaint: PageRepaint(generation: generation, box: box))
    }

    private func compose(_ compositor: Compositor, _ frame: FrameDescription, on shadow: Bitmap,
                         scanout: ScanoutSurface? = nil) -> (ComposedFrame, [IntRect]) {
        let asked = Asked()
        let composed = compositor.compose(RecordingPainter(frame: frame, asked: asked), canvas: shadow.canvas, scanout: scanout)
        return (composed, asked.clips)
    }

    func testAChangedPartAloneIsDrawnAgain() throws {
        let shadow = try Bitmap(width: 64, height: 48)
        let compositor = Compositor()
        _ = compose(compositor, frame(), on: shadow)
        let (composed, clips) = compose(compositor, frame(generation: 1, box: box), on: shadow)
        XCTAssertEqual(compositor.lastPath, .decorations)
        XCTAssertEqual(clips, [box], "only the part that changed")
        XCTAssertEqual(composed.damage, Region(box))
        // The frames after it carry the same generation: nothing more to draw.
        let (after, none) = compose(compositor, frame(generation: 1), on: shadow)
        XCTAssertEqual(none, [])
        XCTAssertTrue(after.damage.isEmpty)
    }

    func testAScrollDrawsWhatItUncoversAndTheChangedPart() throws {
        let shadow = try Bitmap(width: 64, height: 48)
        let compositor = Compositor()
        _ = compose(compositor, frame(), on: shadow)
        let (_, clips) = compose(compositor, frame(scrollY: 5, generation: 1, box: box), on: shadow)
        XCTAssertEqual(compositor.lastPath, .moved)
        XCTAssertTrue(clips.contains(IntRect(x: 0, y: 43, width: 64, height: 5)), "the rows uncovered: \(clips)")
        XCTAssertTrue(clips.contains(box), "and the changed part: \(clips)")
        XCTAssertEqual(clips.reduce(0) { $0 + $1.width * $1.height }, 64 * 5 + box.width * box.height, "nothing else")
    }

    func testAChangeMissedInBetweenDrawsThePageWhole() throws {
        let shadow = try Bitmap(width: 64, height: 48)
        let compositor = Compositor()
        _ = compose(compositor, frame(), on: shadow)
        // Generation 1 was described and never composed: its part is unknown here.
        let (composed, clips) = compose(compositor, frame(generation: 2, box: box), on: shadow)
        XCTAssertEqual(compositor.lastPath, .drawn)
        XCTAssertEqual(clips, [bounds])
        XCTAssertEqual(composed.damage, Region(bounds))
    }

    /// A pull starts from a held page only when nothing of it changed since: here the
    /// changed part is drawn (the frame moved in the shadow), not left out of the pull.
    func testAPullDoesNotStartFromAPageThatChanged() throws {
        final class Sideways: ScanoutSurface {
            let buffer: Bitmap
            init() throws { buffer = try Bitmap(width: 64, height: 48) }
            func panWindow(by dy: Int) -> WindowPan? { nil }
            func directFrame() -> WriteOnlyCanvas? { WriteOnlyCanvas(buffer.canvas) }
            func canPanSideways(to shift: Int) -> Bool { true }
        }
        let shadow = try Bitmap(width: 64, height: 48)
        let surface = try Sideways()
        let compositor = Compositor()
        _ = compose(compositor, frame(), on: shadow, scanout: surface)
        let (_, unchangedPull) = compose(compositor, frame(shiftX: 8), on: shadow, scanout: surface)
        XCTAssertEqual(compositor.lastPath, .pullPanned, "the same page: the window moves")
        XCTAssertFalse(unchangedPull.contains(box))
        let (composed, clips) = compose(compositor, frame(shiftX: 10, generation: 1, box: box), on: shadow, scanout: surface)
        XCTAssertNotEqual(compositor.lastPath, .pullPanned)
        XCTAssertTrue(clips.contains(box), "the changed part drawn: \(clips)")
        XCTAssertFalse(composed.damage.isEmpty)
    }
}
