/// What the display did with the frames it was handed, counted for the exit log, the
/// bench and the tests (the frames themselves are the compositor's and the loop's).
public struct PresentCounts: Sendable, Equatable {
    /// Frames handed to the display since its buffers were made.
    public internal(set) var presented = 0
    /// Frames composed straight into a scan-out buffer.
    public internal(set) var directFrames = 0
    /// Scroll frames shown by moving the window.
    public internal(set) var pans = 0
    /// Scroll frames shown again from the buffer on screen.
    public internal(set) var frontPans = 0
    /// Pull frames shown by moving the window sideways.
    public internal(set) var sidewaysPans = 0
    /// Times the window ran off the buffers and the picture was copied back.
    public internal(set) var recentres = 0
    /// Frames that changed only the video plane (a clip's next frame).
    public internal(set) var planeFrames = 0
}
