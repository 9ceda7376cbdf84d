import Raster

/// A page's picture as its file and the size it is shown at: what layout needs from it
/// (size, opacity) is known once it was first decoded; its pixels are decoded again from
/// the file, to the same fit, whenever `DecodedPictures` has let them go.
///
/// A picture taller than a screen is held in bands of `bandRows` rows: a draw needs
/// the rows it shows, not the whole picture (a 4000-px PNG at 1824 px wide is 13.3 MB,
/// a band of it 0.9 MB). So is a large one its decoder gives row by row (a PNG, an
/// upright JPEG): a scroll needs only the bands at the screen's edges, the rows between
/// them being drawn already. Any other is one band, decoded whole.
public final class FilePicture: @unchecked Sendable {
    /// Taller than this many rows (a 1080-row screen), a picture is held in bands.
    public static let bandedAbove = 1080
    /// A picture decoded row by row whose pixels take more than this is held in bands
    /// too: a photograph across a 1080-px screen's text column (3.7 MB at 1000 × 960) is
    /// then held as the bands at the edges of the screen while it scrolls, not whole.
    /// (Decoded whole, each band would cost a whole decode: those stay one band.)
    public static let bandedAboveBytes = 2 << 20
    /// Rows per band of a tall picture.
    public static let tallBandRows = 128
    /// Bands decoded beyond those a draw needs, in the way the page moves, and kept: a
    /// scroll decodes once per this many bands, not at every frame (each decode reads
    /// the file from its top to the last band).
    public static let aheadBands = 1

    public let file: String
    let fit: ImageFit
    public let width: Int
    public let height: Int
    let isOpaque: Bool
    /// An animated GIF or WebP: the page shows its first frame, and the scene plays it
    /// while it is in view (`animation()`).
    public let isAnimated: Bool
    /// The file's own size in pixels (an animation's canvas).
    let naturalWidth: Int
    let naturalHeight: Int
    /// Rows per band: the height for a picture held whole.
    public let bandRows: Int

    /// How many bands the picture has.
    public var bandCount: Int { (height + bandRows - 1) / bandRows }

    /// Decodes `file` fitted in maxWidth × maxHeight (at most its own size × `scale`),
    /// every row looked at once for the opacity, and hands the top bands to `pictures`.
    /// Throws what the decoder says, with the path.
    init(file: String, maxWidth: Int, maxHeight: Int, scale: Double, pictures: DecodedPictures) throws {
        self.file = file
        fit = ImageFit(maxWidth: maxWidth, maxHeight: maxHeight, scale: scale)
        // Kept from layout: all of a picture that fits a screen (its first frame shows it
        // whole, as when it is one band), the top two bands of a taller one.
        let top = try Image.bands(contentsOfFile: file, fit: fit, bandRows: Self.bandRows(for:),
                                  wanted: { $0.height > Self.bandedAbove ? 0..<2 : 0..<Int.max }, checkingOpacity: true)
        width = top.width
        height = top.height
        bandRows = top.bandRows
        isOpaque = top.isOpaque ?? false
        isAnimated = top.facts.isAnimated
        naturalWidth = top.facts.width
        naturalHeight = top.facts.height
        pictures.keep(top, for: self)
    }

    static func bandRows(for shape: PictureBands.Shape) -> Int {
        let banded = shape.height > bandedAbove || (shape.rowByRow && shape.width * shape.height * 4 > bandedAboveBytes)
        return banded ? tallBandRows : max(shape.height, 1)
    }

    /// The bands holding rows `rows` (the picture's own rows).
    func bands(covering rows: Range<Int>) -> Range<Int> {
        let rows = rows.clamped(to: 0..<height)
        guard !rows.isEmpty else { return 0..<0 }
        return rows.lowerBound / bandRows..<(rows.upperBound + bandRows - 1) / bandRows
    }

    /// The bytes of pixels bands `bands` hold.
    func bytes(of bands: Range<Int>) -> Int {
        bands.reduce(0) { $0 + width * min(bandRows, height - $1 * bandRows) * 4 }
    }

    /// Its frames, one at a time, at the size it is shown at. Throws (with the path) for an
    /// animation Lectern shows still (over the canvas cap, corrupt).
    public func animation() throws -> PictureAnimation {
        try PictureAnimation(contentsOfFile: file, width: width, height: height)
    }

    /// What playing it holds, known before it is opened (`PictureAnimation.heldBytes`).
    public var animationBytes: Int { PictureAnimation.heldBytes(canvasWidth: naturalWidth, canvasHeight: naturalHeight, width: width, height: height) }

    /// Bands `bands` again, from the file, each handed to `onBand` as soon as it is made
    /// (top to bottom); false when the file went away or changed into something that no
    /// longer decodes or has another size (the content watch reloads the page then).
    func decode(bands: Range<Int>, onBand: @escaping (Int, Image) -> Void) -> Bool {
        let width = width, height = height
        var sized = true
        let bandRows = bandRows  // as the first decode chose them, whatever the file became
        let found = try? Image.bands(contentsOfFile: file, fit: fit, bandRows: { _ in bandRows }, wanted: { _ in bands }) { band, image in
            guard sized, image.width == width else { sized = false; return }
            onBand(band, image)
        }
        return sized && found?.width == width && found?.height == height
    }
}
