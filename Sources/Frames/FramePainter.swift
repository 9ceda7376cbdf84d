import Raster

/// What draws one described frame: the scene makes a painter for each frame it describes
/// (a fake in tests), holding that frame's description and whatever drawing it needs
/// beyond it, so it can draw that frame and no other, whatever the scene describes after
/// it. The compositor compares `frame` with the frame on screen and asks the painter only
/// for the pixels it cannot reuse. The painter draws into the surfaces it is handed and
/// knows nothing of where they live.
public protocol FramePainter {
    /// The frame this painter draws.
    var frame: FrameDescription { get }
    /// The page layer (background, text, decorations) inside `clip` (screen coordinates).
    /// `shiftX`: the canvas holds the screen from that column on (a strip drawn apart), so
    /// screen x lands at x − shiftX.
    func drawPage(clip: IntRect, into canvas: Canvas, shiftX: Int)
    /// The colour the page layer fills all of `clip` with before drawing anything else
    /// there; nil where it has no one colour, or leaves part of `clip` out (an opaque
    /// picture drawn over it). A compositor may have that fill made elsewhere (on the
    /// streaming thread, ahead of the band) and then ask for the rest alone.
    func pageBackground(clip: IntRect) -> Color?
    /// `drawPage`; when `overBackground`, the pixels of `clip` hold its `pageBackground`
    /// already and the painter leaves its fill out.
    func drawPage(clip: IntRect, into canvas: Canvas, shiftX: Int, overBackground: Bool)
    /// Whether the page layer inside `clip` may be drawn as bands of it, one after another
    /// (each `drawPage` touching only its band), at no more cost than in one `drawPage`:
    /// false where the painter keeps something per draw that the bands would make again.
    func drawsInBands(clip: IntRect) -> Bool
    /// The page layer's colour right of the page's edge (screen columns from
    /// width − `frame.shiftX` on), outside the decorations, where the painter draws
    /// nothing else there; nil where it may. A pull's uncovered strip is then filled with
    /// it where the screen lacks it, not drawn whole each frame.
    var colorBeyondPageEdge: Color? { get }
    /// Every pixel of a `.whole` frame (a pinch).
    func drawWhole(into canvas: Canvas)
    /// The overlays composed over `page` (which holds the page layer) into `destination`,
    /// inside `region` only.
    func composeOverlays(over page: Canvas, into destination: PixelDestination, region: Region)
    /// The parts of a `width` × `height` screen where the overlays are one colour mixed over
    /// the page at one opacity (a menu fading, away from its ring), with that mix; nil where
    /// there are none. A compositor may have those mixed on another core and ask
    /// `composeOverlays` for the rest.
    func plainOverlay(width: Int, height: Int) -> PlainOverlay?
    /// The frame's `video` picture written into `target` at its own size (a display plane
    /// scales it): false when there is none to write.
    func writeVideo(into target: NV12Picture) -> Bool
}

extension FramePainter {
    public var colorBeyondPageEdge: Color? { nil }

    /// Painters that do not say their background draw it themselves.
    public func pageBackground(clip: IntRect) -> Color? { nil }

    public func drawPage(clip: IntRect, into canvas: Canvas, shiftX: Int, overBackground: Bool) {
        drawPage(clip: clip, into: canvas, shiftX: shiftX)
    }

    /// Painters that keep nothing between draws draw in bands as they draw whole.
    public func drawsInBands(clip: IntRect) -> Bool { true }

    /// Painters that do not say so have no plain overlay rows.
    public func plainOverlay(width: Int, height: Int) -> PlainOverlay? { nil }

    /// Painters without clips write no video picture.
    public func writeVideo(into target: NV12Picture) -> Bool { false }

    /// Every pixel of the frame drawn from scratch into `canvas`, reusing nothing: the
    /// reference the compositor's frames are compared with (tests), and one-off pictures.
    public func drawFromScratch(into canvas: Canvas) {
        switch frame.content {
        case .blank:
            canvas.fill(canvas.bounds, color: .black)
        case .whole:
            drawWhole(into: canvas)
        case .page where frame.isLayered:
            guard let page = try? Bitmap(width: canvas.width, height: canvas.height) else { return }
            drawPage(clip: canvas.bounds, into: page.canvas, shiftX: 0)
            composeOverlays(over: page.canvas, into: .cached(canvas), region: Region(canvas.bounds))
        case .page:
            drawPage(clip: canvas.bounds, into: canvas, shiftX: 0)
        }
    }
}

/// Where the overlays are `pixel` mixed at `alpha` (0–255) over the page, as
/// `PixelDestination.mixColor` mixes them: the same bytes whoever mixes them.
public struct PlainOverlay: Equatable, Sendable {
    public let pixel: UInt32
    public let alpha: UInt32
    /// Rectangles of the screen, by their top row, not overlapping. Elsewhere the overlays
    /// draw more than that mix (a menu's ring).
    public let areas: [IntRect]

    public init(pixel: UInt32, alpha: UInt32, areas: [IntRect]) {
        self.pixel = pixel; self.alpha = alpha; self.areas = areas
    }
}
