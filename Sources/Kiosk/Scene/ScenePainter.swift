import Frames
import Raster

/// One frame of the scene, ready to draw: made by `SceneRenderer.frame(at:)` for the
/// frame it described, with what the description leaves out (the dots' exact geometry,
/// the pressed link, the pinch). Every call draws that frame, whatever the scene has
/// described since: the frame is a constant of the value, not a "current" frame the
/// renderer keeps. What it reads from the scene beyond that (the layout, the table pans,
/// the link card's face) is what the frame's page and overlay keys stand for: a change
/// there is another frame.
public struct ScenePainter: FramePainter {
    let state: SceneRenderer.FrameState
    /// The drawing functions and what they keep between frames (the menu layer, the pinch's
    /// snapshot).
    let renderer: SceneRenderer

    public var frame: FrameDescription { state.description }

    public func drawPage(clip: IntRect, into canvas: Canvas, shiftX: Int) {
        renderer.drawPage(canvas, clip: clip, state: state, shiftX: shiftX)
    }

    /// The theme's background, which `drawPage` fills its whole clip with first, where no
    /// opaque picture (a photograph, a PDF sheet) is drawn over part of it.
    public func pageBackground(clip: IntRect) -> Color? { renderer.plainBackground(clip: clip, state: state) }

    public func drawPage(clip: IntRect, into canvas: Canvas, shiftX: Int, overBackground: Bool) {
        renderer.drawPage(canvas, clip: clip, state: state, shiftX: shiftX, overBackground: overBackground)
    }

    public func drawsInBands(clip: IntRect) -> Bool { renderer.drawsInParts(clip: clip, state: state) }

    /// The theme's background: `drawPage` keeps the page's content, its clips and its
    /// marks left of the page's edge; only the dots reach beyond it.
    public var colorBeyondPageEdge: Color? { renderer.scene.config.theme.background }

    /// The playing clip the frame's `video` describes, at its own size (its player's
    /// NV12 writer: plane copies, or libswscale for other formats).
    public func writeVideo(into target: NV12Picture) -> Bool {
        guard let video = frame.video, let clip = renderer.planeClip(state.clips), clip.video == video else { return false }
        do { try clip.draw.player.write(clip.draw.frame, into: target) } catch {
            Log.warning("\(error)")
            return false
        }
        return true
    }

    public func drawWhole(into canvas: Canvas) {
        guard let pinch = state.pinch else { return }
        renderer.renderPinch(pinch, into: canvas, state: state)
    }

    public func composeOverlays(over page: Canvas, into destination: PixelDestination, region: Region) {
        renderer.composeOverlays(state, over: page, into: destination, region: region)
    }

    public func plainOverlay(width: Int, height: Int) -> PlainOverlay? {
        renderer.plainOverlay(state, width: width, height: height)
    }
}
