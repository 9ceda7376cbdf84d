import Raster

/// What draws a described frame's layers: the scene's renderer, a fake in tests. The
/// compositor calls it only for the frame it was last asked to describe, and only for
/// the pixels it cannot reuse. The painter draws into the surfaces it is handed and
/// knows nothing of where they live.
public protocol FramePainter: AnyObject {
    /// The page layer (background, text, decorations) inside `clip` (screen coordinates)
    /// of `frame`. `shiftX`: the canvas holds the screen from that column on (a strip
    /// drawn apart), so screen x lands at x − shiftX.
    func drawPage(_ frame: FrameDescription, clip: IntRect, into canvas: Canvas, shiftX: Int)
    /// Every pixel of a `.whole` frame (a pinch).
    func drawWhole(_ frame: FrameDescription, into canvas: Canvas)
    /// The overlays of `frame` composed over `page` (which holds the page layer) into
    /// `destination`, inside `region` only.
    func composeOverlays(_ frame: FrameDescription, over page: Canvas, into destination: PixelDestination, region: Region)
}
