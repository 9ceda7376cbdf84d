import Raster

/// A page's picture as its file and the size it is shown at: what layout needs from it
/// (size, opacity) is known once it was first decoded; its pixels are decoded again from
/// the file, to the same fit, whenever `DecodedPictures` has let them go.
public final class FilePicture: @unchecked Sendable {
    public let file: String
    let maxWidth: Int
    let maxHeight: Int
    let scale: Double
    public let width: Int
    public let height: Int
    let isOpaque: Bool
    /// An animated GIF or WebP: the page shows its first frame, and the scene plays it
    /// while it is in view (`animation()`).
    public let isAnimated: Bool
    /// The file's own size in pixels (an animation's canvas).
    let naturalWidth: Int
    let naturalHeight: Int

    /// Decodes `file` fitted in maxWidth × maxHeight (at most its own size × `scale`)
    /// and hands the pixels to `pictures`. Throws what the decoder says, with the path.
    init(file: String, maxWidth: Int, maxHeight: Int, scale: Double, pictures: DecodedPictures) throws {
        self.file = file
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        self.scale = scale
        let image = try Image(contentsOfFile: file, fittingIn: maxWidth, maxHeight, scale: scale)
        width = image.width
        height = image.height
        isOpaque = image.isOpaque
        isAnimated = image.facts?.isAnimated ?? false
        naturalWidth = image.facts?.width ?? image.width
        naturalHeight = image.facts?.height ?? image.height
        pictures.keep(image, for: self)
    }

    /// The pixels again, from the file; nil when the file went away or changed into
    /// something that no longer decodes (the content watch reloads the page then).
    /// Its frames, one at a time, at the size it is shown at. Throws (with the path) for an
    /// animation Lectern shows still (over the canvas cap, corrupt).
    public func animation() throws -> PictureAnimation {
        try PictureAnimation(contentsOfFile: file, width: width, height: height)
    }

    /// What playing it holds, known before it is opened (`PictureAnimation.heldBytes`).
    public var animationBytes: Int { PictureAnimation.heldBytes(canvasWidth: naturalWidth, canvasHeight: naturalHeight, width: width, height: height) }

    func decode() -> Image? {
        try? Image(contentsOfFile: file, fittingIn: maxWidth, maxHeight, scale: scale)
    }
}
