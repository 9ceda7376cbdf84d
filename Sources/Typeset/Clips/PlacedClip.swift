import Raster
import Video

/// A clip where the layout put it: its rectangle (the poster or first frame is drawn
/// there as a picture, among the page's images), its source, and what the probe found.
public struct PlacedClip {
    /// Where it sits in layout coordinates.
    public let rect: IntRect
    public let source: ClipSource
    /// The file the clip's path names (resolved from the page's directory).
    public let file: String
    /// What the probe found: container, codec, size; `refusal` when it will not play.
    public let info: ClipInfo
}
