/// What a display offers a renderer beyond the shadow canvas.
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

    /// A frame that rewrites every pixel (a menu fade step) can be composed straight
    /// into the scan-out buffer the next present shows, instead of into the shadow and
    /// then copied. Returns that buffer's picture as a canvas to WRITE ONLY (write-
    /// combined memory: never read it), or nil. After drawing there, the caller
    /// presents the whole screen as damage, and the shadow is stale: before any frame
    /// that does not go direct, the caller must redraw the shadow whole.
    func directFrame() -> Canvas?
}

extension ScanoutSurface {
    public func directFrame() -> Canvas? { nil }
}
