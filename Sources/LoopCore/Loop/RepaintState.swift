/// Where the next frame stands, as the loop paces it: when the loop draws. Whether a
/// flip is pending is the display's alone (`FrameSink.isBusy`: the present strategy's
/// state): while it is, no frame is drawn, and its event wakes the loop.
public enum RepaintState: Equatable, Sendable {
    /// Nothing owed: sleep until a touch, a deadline, a flip's event or a signal.
    case idle
    /// A frame is owed at this time (refresh pacing while something moves, or a retry).
    case scheduled(at: Double)
    /// No canvas (no display, DRM master lost): nothing can be drawn.
    case suspended
}
