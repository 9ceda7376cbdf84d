import Raster

extension LayoutBuilder {
    /// An inline picture decoded to the size it is shown at: fitted to `room` px, or to
    /// the box its HTML `width`/`height` attributes ask for (never stretched past its own
    /// size × the image scale). Nil when it cannot be shown (remote, missing, corrupt):
    /// its alt text stands in, and `lectern check` says why.
    func loadImage(_ inline: Inline, room: Double) -> FilePicture? {
        guard let path = inline.url, let file = ImageLoader.resolve(path, relativeTo: baseDirectory) else { return nil }
        let box = inline.imageSize?.box(room: room, scale: style.imageScale, maxSide: ImageLimits.maxSide)
            ?? (width: Int(room), height: ImageLimits.maxSide)
        return try? FilePicture(file: file, maxWidth: max(box.width, 1), maxHeight: box.height, scale: style.imageScale,
                                pictures: typesetter.pictures)
    }
}
