/// A decoded picture (menu icons, page images): premultiplied ARGB32 pixels with alpha,
/// owned. Decoded once at the size it is shown at; the full resolution is never kept.
public final class Image {
    public let bitmap: Bitmap
    public var width: Int { bitmap.width }
    public var height: Int { bitmap.height }
    /// The pixels as a canvas (premultiplied 0xAARRGGBB words). The image must outlive it.
    public var canvas: Canvas { bitmap.canvas }

    /// Every pixel fully opaque (a photograph, any JPEG): drawn, it hides whatever was
    /// under it, so a page's background need not be filled there first. Found once, here,
    /// off the frame path (decoding costs far more than this one pass over the pixels).
    public let isOpaque: Bool

    /// What the file was, for a decoded file: its real format and its own size (nil for
    /// pixels made in memory). `lectern check` lists it.
    public internal(set) var facts: PictureFacts?

    /// Adopts premultiplied ARGB32 pixels.
    public init(bitmap: Bitmap) {
        self.bitmap = bitmap
        isOpaque = Image.everyPixelOpaque(bitmap.canvas)
    }

    private static func everyPixelOpaque(_ canvas: Canvas) -> Bool {
        for y in 0..<canvas.height {
            let row = canvas.row(y)
            var all: UInt32 = 0xFF00_0000
            for x in 0..<canvas.width { all &= row[x] }
            if all < 0xFF00_0000 { return false }
        }
        return true
    }

    /// Decodes a picture file of any format `ImageFormat` knows (told apart by its first
    /// bytes, whatever its name) at the size `fit` gives. Every error starts with the path.
    public convenience init(contentsOfFile path: String, fit: ImageFit = .natural) throws {
        do {
            let bytes = try FileBytes.read(path, limit: ImageLimits.maxFileBytes)
            let decoded = try Image.decode(bytes, fit: fit)
            self.init(bitmap: decoded.bitmap)
            facts = decoded.facts
        } catch let error as ImageError {
            throw ImageError("\(path): \(error.description)")
        } catch let error as PNGError {
            throw ImageError(error.description)
        }
    }

    /// Decodes a file to fit in `width`×`height` device pixels, at most its natural size
    /// × `scale` (see `ImageFit`).
    public convenience init(contentsOfFile path: String, fittingIn width: Int, _ height: Int, scale: Double = 1) throws {
        try self.init(contentsOfFile: path, fit: ImageFit(maxWidth: width, maxHeight: height, scale: scale))
    }

    /// Decodes a picture's bytes (any format `ImageFormat` knows) at the size `fit` gives.
    public convenience init(data: [UInt8], fit: ImageFit = .natural) throws {
        let decoded = try Image.decode(data, fit: fit)
        self.init(bitmap: decoded.bitmap)
        facts = decoded.facts
    }

    /// Decodes PNG bytes (any other format is refused).
    public convenience init(pngData data: [UInt8]) throws {
        guard ImageFormat.detect(data) == .png else {
            throw ImageError("PNG data is truncated or not a PNG (\(data.count) bytes, no PNG signature)")
        }
        try self.init(data: data)
    }

    static func decode(_ data: [UInt8], fit: ImageFit) throws -> Image {
        try fit.validate()
        guard let format = ImageFormat.detect(data) else {
            if data.isEmpty { throw ImageError("the file is empty") }
            if let what = ImageFormat.guessUnsupported(data) { throw ImageError("this is \(what)") }
            throw ImageError("this is not a picture Lectern reads: it shows PNG, JPEG, SVG, WebP, GIF, HEIF and AVIF; "
                + "convert it to one of them")
        }
        var shown = (width: 0, height: 0), natural = (width: 0, height: 0)
        // Runs on the header, before any pixel memory is allocated.
        let plan = { (width: Int, height: Int) throws -> (width: Int, height: Int) in
            try ImageLimits.check(width: width, height: height, format: format)
            natural = (width, height)
            shown = fit.size(width: width, height: height)
            // Decoders only shrink; a picture shown larger is decoded at its own size.
            return (min(width, shown.width), min(height, shown.height))
        }
        let decoded = switch format {
        case .png: try PNGDecoder.decode(data, plan: plan)
        case .jpeg: try JPEGDecoder.decode(data, plan: plan)
        // A drawing is rendered at the size it is shown at, larger than its own
        // size included: it stays sharp at any density.
        case .svg: try SVGDecoder.render(data) { width, height in
            _ = try plan(width, height)
            return shown
        }
        case .webp: try WebPDecoder.decode(data, plan: plan)
        case .gif: try GIFDecoder.decode(data, plan: plan)
        case .heif, .avif: try HEIFDecoder.decode(data, format: format, plan: plan)
        }
        let image = decoded.width == shown.width && decoded.height == shown.height
            ? decoded : try decoded.scaled(width: shown.width, height: shown.height)
        image.facts = PictureFacts(format: format, width: natural.width, height: natural.height, isAnimated: decoded.facts?.isAnimated ?? false)
        return image
    }
}

/// A picture file as `lectern check` lists it: the format its bytes are, its own size,
/// and whether it moves (an animated WebP or GIF: played while in view, or shown still
/// when its canvas is over `PictureAnimation.maxCanvasPixels`).
public struct PictureFacts: Sendable, Equatable, CustomStringConvertible {
    public let format: ImageFormat
    public let width: Int
    public let height: Int
    public let isAnimated: Bool

    public var description: String {
        "\(format.rawValue), \(width)×\(height) px" + (!isAnimated ? "" : width * height <= PictureAnimation.maxCanvasPixels
            ? ", animated (plays while in view)" : ", animated, shown still (over the \(PictureAnimation.maxCanvasPixels) pixels Lectern animates)")
    }

    /// What a decoder that knows only "this file moves" hands back to `Image.decode`.
    static func animated(_ format: ImageFormat) -> PictureFacts { PictureFacts(format: format, width: 0, height: 0, isAnimated: true) }
}
