import Raster

/// An image scaled at layout time to the size it is shown at, so drawing is one blit.
struct PlacedImage {
    /// Where it sits in layout coordinates.
    var rect: IntRect
    let image: Image
    /// The wide table this image sits in (`PageLayout.wideTables`), -1 for none.
    var pan: Int16 = -1
}
