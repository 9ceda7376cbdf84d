import Raster

/// An image scaled at layout time to the size it is shown at, so drawing is a copy.
struct PlacedImage {
    /// Where it sits in layout coordinates.
    var rect: IntRect
    let bitmap: Bitmap

    /// Copies the visible part of the image to `target` (already clipped) at `destination`.
    func draw(into target: Canvas, at destination: IntRect) {
        let area = destination.intersection(target.clip)
        guard !area.isEmpty else { return }
        let source = bitmap.canvas
        for y in area.minY..<area.maxY {
            let from = source.row(y - destination.minY) + (area.minX - destination.minX)
            (target.row(y) + area.minX).update(from: from, count: area.width)
        }
    }
}
