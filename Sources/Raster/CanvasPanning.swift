/// A canvas that is a window into taller memory (a scan-out buffer taller than the
/// screen, and its shadow): a vertical scroll can move the window instead of the
/// pixels, and the display shows the new window by moving its scan-out offset. Then
/// only the rows the scroll uncovers need drawing.
public protocol CanvasPanning: AnyObject {
    /// Moves the window so that what it showed appears `dy` rows lower (dy > 0: the
    /// page moved down, towards its top). Returns the canvas of the new window: every
    /// row holds what the old window's row `y - dy` held, except the |dy| rows uncovered
    /// at the top (dy > 0) or bottom (dy < 0), which the caller must draw. Nil when the
    /// window cannot move: then move the pixels instead.
    func pan(by dy: Int) -> Canvas?
}
