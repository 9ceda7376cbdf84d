/// Where the next frame stands: the one state that decides when the loop draws.
public enum RepaintState: Equatable, Sendable {
    /// Nothing owed: sleep until a touch, a deadline or a signal.
    case idle
    /// A frame is owed at this time (refresh pacing while something moves, or a retry).
    case scheduled(at: Double)
    /// A frame is queued on the display; the next waits for its page-flip event.
    case awaitingFlip
    /// No canvas (no display, DRM master lost): nothing can be drawn.
    case suspended
}
