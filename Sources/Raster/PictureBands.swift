/// Some rows of a picture as shown, in bands of `bandRows` rows (the last may be
/// shorter): a picture taller than the screen is held only for the rows a draw needs.
public struct PictureBands {
    /// The whole picture as shown.
    public let width: Int
    public let height: Int
    public let bandRows: Int
    /// The index of `images[0]`; band i holds rows [i·bandRows, (i+1)·bandRows).
    public let first: Int
    public let images: [Image]
    /// Whether every pixel of the whole picture is opaque; nil when not every row was
    /// looked at (`checkingOpacity` false).
    public let isOpaque: Bool?
    public let facts: PictureFacts

    /// How many bands the whole picture has.
    public var count: Int { (height + bandRows - 1) / bandRows }
}

/// Where a decode's rows go: the rows of the wanted bands into their own bitmaps, the
/// others (read to reach the band, or looked at for opacity) into one scratch row.
final class BandSink {
    let width: Int, height: Int, bandRows: Int
    let kept: Range<Int>
    /// The output rows a decoder must produce.
    let computing: Range<Int>
    let bitmaps: [Bitmap]
    private let checksOpacity: Bool
    private(set) var opaque = true
    private let scratch: UnsafeMutablePointer<UInt32>

    init(width: Int, height: Int, bandRows: Int, wanted: Range<Int>, checkingOpacity: Bool) throws {
        self.width = width; self.height = height; self.bandRows = max(1, bandRows)
        let count = (height + self.bandRows - 1) / self.bandRows
        kept = wanted.clamped(to: 0..<count)
        let rows = self.bandRows
        bitmaps = try kept.map { try Bitmap(width: width, height: min(rows, height - $0 * rows)) }
        computing = checkingOpacity ? 0..<height : kept.lowerBound * rows..<min(height, kept.upperBound * rows)
        checksOpacity = checkingOpacity
        scratch = .allocate(capacity: width)
    }

    deinit { scratch.deallocate() }

    /// Where output row y is written.
    func row(_ y: Int) -> UnsafeMutablePointer<UInt32> {
        let band = y / bandRows
        guard kept.contains(band) else { return scratch }
        let bitmap = bitmaps[band - kept.lowerBound]
        return (bitmap.base + (y - band * bandRows) * bitmap.stride).assumingMemoryBound(to: UInt32.self)
    }

    /// Row y was written.
    func finished(_ y: Int) {
        guard checksOpacity, opaque else { return }
        let line = row(y)
        var all: UInt32 = 0xFF00_0000
        for x in 0..<width { all &= line[x] }
        if all < 0xFF00_0000 { opaque = false }
    }

    /// The rows of a picture decoded whole.
    func copy(from image: Image) {
        let canvas = image.canvas
        for y in computing {
            row(y).update(from: canvas.row(y), count: width)
            finished(y)
        }
    }

    func bands(facts: PictureFacts, isOpaque: Bool?) -> PictureBands {
        PictureBands(width: width, height: height, bandRows: bandRows, first: kept.lowerBound, images: bitmaps.map(Image.init(bitmap:)),
                     isOpaque: isOpaque, facts: facts)
    }
}

extension Image {
    /// The bands `wanted` of the picture in `path` as `fit` shows it, `bandRows(height)`
    /// rows each (the shown height handed over: a short picture is one band). A PNG shown
    /// at its size or smaller (most photographs and drawings) is decoded row by row, only
    /// as far as the last wanted band, with the pixels `Image(contentsOfFile:fit:)` gives;
    /// any other picture is decoded whole and the bands copied out of it.
    /// `checkingOpacity`: every row is made to tell whether the whole picture is opaque.
    /// Every error starts with the path.
    public static func bands(contentsOfFile path: String, fit: ImageFit, bandRows: (Int) -> Int, wanted: Range<Int>,
                             checkingOpacity: Bool = false) throws -> PictureBands {
        do {
            let bytes = try FileBytes.read(path, limit: ImageLimits.maxFileBytes)
            try fit.validate()
            if ImageFormat.detect(bytes) == .png {
                var natural = (width: 0, height: 0)
                var made: BandSink?
                let plan = { (width: Int, height: Int) throws -> (width: Int, height: Int)? in
                    try ImageLimits.check(width: width, height: height, format: .png)
                    natural = (width, height)
                    let shown = fit.size(width: width, height: height)
                    return shown.width <= width && shown.height <= height ? shown : nil
                }
                let byRows = try PNGDecoder.decodeRows(bytes, plan: plan) { width, height in
                    let sink = try BandSink(width: width, height: height, bandRows: bandRows(height), wanted: wanted, checkingOpacity: checkingOpacity)
                    made = sink
                    return sink
                }
                if byRows, let made {
                    return made.bands(facts: PictureFacts(format: .png, width: natural.width, height: natural.height, isAnimated: false),
                                      isOpaque: checkingOpacity ? made.opaque : nil)
                }
            }
            let whole = try Image.decode(bytes, fit: fit)
            let sink = try BandSink(width: whole.width, height: whole.height, bandRows: bandRows(whole.height), wanted: wanted, checkingOpacity: false)
            sink.copy(from: whole)
            let facts = whole.facts ?? PictureFacts(format: .png, width: whole.width, height: whole.height, isAnimated: false)
            return sink.bands(facts: facts, isOpaque: checkingOpacity ? whole.isOpaque : nil)
        } catch let error as ImageError {
            throw ImageError("\(path): \(error.description)")
        } catch let error as PNGError {
            throw ImageError(error.description)
        }
    }
}
