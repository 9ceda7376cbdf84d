import Raster

/// What a display offers the compositor beyond the shadow canvas. Only the compositor
/// asks it, and asking changes nothing: each answer is an offer the compositor may take
/// by drawing into what it hands out and returning it in its `ComposedFrame`; the display
/// changes what it shows (its window, which buffer) only when that frame is presented.
///
/// Panning: the canvas is a window into taller memory (a scan-out buffer taller than the
/// screen, and its shadow): a vertical scroll can move the window instead of the
/// pixels, and the display shows the new window by moving its scan-out offset. Then
/// only the rows the scroll uncovers need drawing.
public protocol ScanoutSurface: AnyObject {
    /// The window moved so that what it shows appears `dy` rows lower (dy > 0: the page
    /// moved down, towards its top), or nil when the window cannot move: then move the
    /// pixels instead.
    func panWindow(by dy: Int) -> WindowPan?

    /// A frame that rewrites every pixel (a menu fade step, a pull) can be written
    /// straight into the scan-out buffer the next present shows, instead of into the
    /// shadow and then copied. Returns that buffer's picture, write-only, or nil. Once
    /// written there the frame is presented as `.direct`, and the shadow no longer
    /// matches the screen.
    func directFrame() -> WriteOnlyCanvas?

    /// Whether a sideways pull can be shown by moving the scan-out window `shift` columns
    /// into the room right of the page instead of rewriting the screen (0: back at rest).
    /// False when the display cannot (no room that far, a driver that does not pan, a
    /// rotated panel): then write the frame whole.
    func canPanSideways(to shift: Int) -> Bool

    /// An overlay plane above the page that scans out NV12 and scales it: the picture,
    /// `width`×`height`, the next present shows there when the frame asks
    /// (`ComposedFrame.plane`), write-only; nil where the display has no such plane (or
    /// cannot use it: a rotated panel, legacy flips, `[display] video_plane = false`).
    func videoPlane(width: Int, height: Int) -> NV12Picture?
}

extension ScanoutSurface {
    /// Surfaces without room beside the page cannot pan sideways.
    public func canPanSideways(to shift: Int) -> Bool { false }
    /// Surfaces without a YUV plane.
    public func videoPlane(width: Int, height: Int) -> NV12Picture? { nil }
}

/// A vertical scroll shown by moving the scan-out window, as the display offered it.
public struct WindowPan {
    /// Rows the picture moves (dy > 0: down).
    public let dy: Int
    /// The window after the pan. Once `recentre()` ran, every row holds what the window
    /// shows now `dy` rows lower, except the |dy| rows uncovered at the top (dy > 0) or
    /// bottom (dy < 0), which the compositor draws.
    public let window: Canvas
    /// The window's first shadow row after the pan.
    public let top: Int
    /// The pan would run off the shadow: the picture first moves to start at this row (a
    /// re-centre, once per half screen of travel), and every scan-out buffer then lacks
    /// all of it.
    public let recentredTo: Int?
    /// The whole shadow and the window's rows in it now (for the re-centre's move).
    let shadow: Canvas
    let picture: IntRect

    public init(dy: Int, window: Canvas, top: Int, recentredTo: Int?, shadow: Canvas, picture: IntRect) {
        self.dy = dy; self.window = window; self.top = top; self.recentredTo = recentredTo
        self.shadow = shadow; self.picture = picture
    }

    /// Moves the picture within the shadow where the pan needs it (one memmove of the
    /// window's rows); nothing otherwise. Pixels only: the display's window moves when
    /// the frame is presented.
    public func recentre() {
        guard let row = recentredTo else { return }
        shadow.move(picture, dx: 0, dy: row - picture.y)
    }
}
