import Raster

/// An image scaled at layout time to the size it is shown at, so drawing is one blit.
struct PlacedImage {
    /// Where it sits in layout coordinates.
    var rect: IntRect
    let image: Image
}
