import Raster

/// What a display offers the compositor beyond the shadow canvas. Only the compositor
/// uses it: the scene never learns where its pixels go.
///
/// Panning: the canvas is a window into taller memory (a scan-out buffer taller than the
/// screen, and its shadow): a vertical scroll can move the window instead of the
/// pixels, and the display shows the new window by moving its scan-out offset. Then
/// only the rows the scroll uncovers need drawing.
public protocol ScanoutSurface: AnyObject {
    /// Moves the window so that what it showed appears `dy` rows lower (dy > 0: the
    /// page moved down, towards its top). Returns the canvas of the new window: every
    /// row holds what the old window's row `y - dy` held, except the |dy| rows uncovered
    /// at the top (dy > 0) or bottom (dy < 0), which the caller must draw. Nil when the
    /// window cannot move: then move the pixels instead.
    func pan(by dy: Int) -> Canvas?

    /// A frame that rewrites every pixel (a menu fade step, a pull) can be written
    /// straight into the scan-out buffer the next present shows, instead of into the
    /// shadow and then copied. Returns that buffer's picture, write-only, or nil. After
    /// writing there, the next present shows it whole, and the shadow no longer matches
    /// the screen.
    func directFrame() -> WriteOnlyCanvas?

    /// A sideways pull by moving the scan-out window instead of rewriting the screen:
    /// the screen shows the page `shift` px further left (the shadow holds it unshifted;
    /// 0: back at rest), and the caller writes `strip` (screen coordinates: what lies
    /// beyond the page's edge, with the decorations) into the returned window, write-only.
    /// Nil when the display cannot (no room that far, a driver that does not pan, a
    /// rotated panel): then write the frame whole.
    func panSideways(to shift: Int, writing strip: IntRect) -> WriteOnlyCanvas?
}

extension ScanoutSurface {
    /// Surfaces without room beside the page cannot pan sideways.
    public func panSideways(to shift: Int, writing strip: IntRect) -> WriteOnlyCanvas? { nil }
}
