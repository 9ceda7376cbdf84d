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

    /// What a decode knows when it asks how many rows a band has: the size shown, and
    /// whether the rows come from the decoder one at a time (a band then costs the rows
    /// down to it) or are copied out of the picture decoded whole (every band costs a
    /// whole decode).
    public struct Shape {
        public let width: Int
        public let height: Int
        public let rowByRow: Bool
    }
}

/// Where a decode's rows go: the rows of the wanted bands into a bitmap per band, made
/// when its first row comes and handed to `onBand` when its last row is written (so a
/// pass over many bands need hold only the one being written); the other rows (read to
/// reach the band, or looked at for opacity) into one scratch row.
final class BandSink {
    let width: Int, height: Int, bandRows: Int
    let kept: Range<Int>
    /// The output rows a decoder must produce.
    let computing: Range<Int>
    private let checksOpacity: Bool
    private(set) var opaque = true
    private let scratch: UnsafeMutablePointer<UInt32>
    private var current: (band: Int, bitmap: Bitmap)?
    private let onBand: (Int, Image) -> Void

    init(width: Int, height: Int, bandRows: Int, wanted: Range<Int>, checkingOpacity: Bool, onBand: @escaping (Int, Image) -> Void) {
        self.width = width; self.height = height; self.bandRows = max(1, bandRows)
        let count = (height + self.bandRows - 1) / self.bandRows
        kept = wanted.clamped(to: 0..<count)
        let rows = self.bandRows
        computing = checkingOpacity ? 0..<height : kept.lowerBound * rows..<min(height, kept.upperBound * rows)
        checksOpacity = checkingOpacity
        scratch = .allocate(capacity: width)
        self.onBand = onBand
    }

    deinit { scratch.deallocate() }

    /// Where output row y is written (rows come in order, top to bottom).
    func row(_ y: Int) -> UnsafeMutablePointer<UInt32> {
        let band = y / bandRows
        guard kept.contains(band) else { return scratch }
        if current?.band != band {
            // A band's bitmap is made at its first row; a failed allocation writes nowhere kept.
            guard let bitmap = try? Bitmap(width: width, height: min(bandRows, height - band * bandRows)) else { return scratch }
            current = (band, bitmap)
        }
        let bitmap = current!.bitmap
        return (bitmap.base + (y - band * bandRows) * bitmap.stride).assumingMemoryBound(to: UInt32.self)
    }

    /// Row y was written: a band whose last row it is goes to `onBand`.
    func finished(_ y: Int) {
        if checksOpacity, opaque {
            let line = row(y)
            var all: UInt32 = 0xFF00_0000
            for x in 0..<width { all &= line[x] }
            if all < 0xFF00_0000 { opaque = false }
        }
        guard let done = current, done.band == y / bandRows, y == min(height, (done.band + 1) * bandRows) - 1 else { return }
        current = nil
        onBand(done.band, Image(bitmap: done.bitmap))
    }

    /// The rows of a picture decoded whole.
    func copy(from image: Image) {
        let canvas = image.canvas
        for y in computing {
            row(y).update(from: canvas.row(y), count: width)
            finished(y)
        }
    }
}

extension Image {
    /// The bands `wanted(shape)` of the picture in `path` as `fit` shows it, `bandRows(shape)`
    /// rows each (`Shape`: answering the height makes the picture one band), each handed
    /// to `onBand` as soon as its last row is made, top to bottom. A PNG or an upright JPEG
    /// shown at its size, or smaller or larger on both sides (every photograph and drawing
    /// a page fits to its column), is decoded row by row,
    /// only as far as the last wanted band, with the pixels `Image(contentsOfFile:fit:)`
    /// gives; any other picture is decoded whole and the bands copied out of it.
    /// `checkingOpacity`: every row is made to tell whether the whole picture is opaque
    /// (which also finds damage anywhere in the file on the first decode). Answers the
    /// whole picture's size and facts, with no images. Every error starts with the path.
    public static func bands(contentsOfFile path: String, fit: ImageFit, bandRows: (PictureBands.Shape) -> Int,
                             wanted: (PictureBands.Shape) -> Range<Int>,
                             checkingOpacity: Bool = false, onBand: @escaping (Int, Image) -> Void) throws -> PictureBands {
        do {
            let bytes = try FileBytes.read(path, limit: ImageLimits.maxFileBytes)
            try fit.validate()
            if let format = ImageFormat.detect(bytes), format == .png || format == .jpeg {
                var natural = (width: 0, height: 0)
                var made: BandSink?
                func plan(width: Int, height: Int) throws -> (width: Int, height: Int)? {
                    try ImageLimits.check(width: width, height: height, format: format)
                    natural = (width, height)
                    let shown = fit.size(width: width, height: height)
                    let smaller = shown.width <= width && shown.height <= height, larger = shown.width >= width && shown.height >= height
                    return smaller || larger ? shown : nil
                }
                func sink(width: Int, height: Int) -> BandSink {
                    let shape = PictureBands.Shape(width: width, height: height, rowByRow: true)
                    let sink = BandSink(width: width, height: height, bandRows: bandRows(shape), wanted: wanted(shape),
                                        checkingOpacity: checkingOpacity, onBand: onBand)
                    made = sink
                    return sink
                }
                let byRows = if format == .png {
                    try PNGDecoder.decodeRows(bytes, plan: plan, sink: sink)
                } else {
                    try JPEGDecoder.decodeRows(bytes, plan: plan, sink: sink)
                }
                if byRows, let made {
                    return PictureBands(width: made.width, height: made.height, bandRows: made.bandRows, first: made.kept.lowerBound, images: [],
                                        isOpaque: checkingOpacity ? made.opaque : nil,
                                        facts: PictureFacts(format: format, width: natural.width, height: natural.height, isAnimated: false))
                }
            }
            let whole = try Image.decode(bytes, fit: fit)
            let shape = PictureBands.Shape(width: whole.width, height: whole.height, rowByRow: false)
            let sink = BandSink(width: whole.width, height: whole.height, bandRows: bandRows(shape), wanted: wanted(shape),
                                checkingOpacity: false, onBand: onBand)
            sink.copy(from: whole)
            return PictureBands(width: sink.width, height: sink.height, bandRows: sink.bandRows, first: sink.kept.lowerBound, images: [],
                                isOpaque: checkingOpacity ? whole.isOpaque : nil,
                                facts: whole.facts ?? PictureFacts(format: .png, width: whole.width, height: whole.height, isAnimated: false))
        } catch let error as ImageError {
            throw ImageError("\(path): \(error.description)")
        } catch let error as PNGError {
            throw ImageError(error.description)
        }
    }

    /// As `bands(contentsOfFile:fit:bandRows:wanted:checkingOpacity:onBand:)`, the bands
    /// collected in `images`.
    public static func bands(contentsOfFile path: String, fit: ImageFit, bandRows: (PictureBands.Shape) -> Int, wanted: Range<Int>,
                             checkingOpacity: Bool = false) throws -> PictureBands {
        try bands(contentsOfFile: path, fit: fit, bandRows: bandRows, wanted: { _ in wanted }, checkingOpacity: checkingOpacity)
    }

    /// The same, the bands wanted chosen once the picture's shape is known.
    public static func bands(contentsOfFile path: String, fit: ImageFit, bandRows: (PictureBands.Shape) -> Int,
                             wanted: (PictureBands.Shape) -> Range<Int>, checkingOpacity: Bool = false) throws -> PictureBands {
        var images: [Image] = []
        let found = try bands(contentsOfFile: path, fit: fit, bandRows: bandRows, wanted: wanted, checkingOpacity: checkingOpacity) { _, image in
            images.append(image)
        }
        return PictureBands(width: found.width, height: found.height, bandRows: found.bandRows, first: found.first, images: images,
                            isOpaque: found.isOpaque, facts: found.facts)
    }
}
