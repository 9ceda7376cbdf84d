/// One composed frame of an animated picture as a format's decoder hands it over: the
/// whole canvas the file declares, 8-bit BGRA with straight alpha, valid until the next
/// call, and how long it stays on screen.
struct ComposedCanvas {
    let pixels: UnsafeRawPointer
    let stride: Int
    /// Seconds, as the file gives it (before `PictureAnimation`'s clamping).
    let duration: Double
}

/// An animated picture's frames decoded one at a time, each composed on the canvas by the
/// format's rules: what `PictureAnimation` reads. A decoder holds the canvas and what its
/// format needs to compose the next frame, never the frames ahead.
protocol AnimationFrames: AnyObject {
    var canvasWidth: Int { get }
    var canvasHeight: Int { get }
    /// Passes the file asks for: 0 forever, else how many times it is played in all.
    var passes: Int { get }
    /// The next frame of this pass; nil at its end. Throws when the data is corrupt or
    /// cut short (the frames before it were good).
    func next() throws -> ComposedCanvas?
    /// Back to the first frame.
    func rewind() throws
}
