/// What went wrong reading a picture. The message names the file when there is one
/// and says what to do about it.
public struct ImageError: Error, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// The picture formats Lectern decodes, recognised by their first bytes (a file's
/// extension says nothing: a `.png` that is really a JPEG is decoded as a JPEG).
public enum ImageFormat: String, Sendable {
    case png = "PNG"
    case jpeg = "JPEG"

    /// The format `bytes` start with, or nil.
    public static func detect(_ bytes: [UInt8]) -> ImageFormat? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        return nil
    }

    /// A name for formats people try that Lectern does not decode, for the error message.
    static func guessUnsupported(_ bytes: [UInt8]) -> String? {
        func ascii(_ s: String, at offset: Int = 0) -> Bool {
            bytes.count >= offset + s.utf8.count && Array(bytes[offset..<offset + s.utf8.count]) == Array(s.utf8)
        }
        if ascii("GIF8") { return "a GIF" }
        if ascii("RIFF") && ascii("WEBP", at: 8) { return "a WebP" }
        if ascii("BM") { return "a BMP" }
        if ascii("ftyp", at: 4) { return "a HEIF/AVIF" }
        if ascii("<svg") || ascii("<?xml") { return "an SVG" }
        if bytes.starts(with: [0x49, 0x49, 0x2A, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) { return "a TIFF" }
        return nil
    }
}

/// Limits checked against the header before any pixel memory is allocated: a small
/// file can claim a huge picture (69 bytes of PNG can announce 30000×30000, 3.6 GB).
public enum ImageLimits {
    /// Largest picture decoded, in pixels: 40 megapixels covers the photos of current
    /// phones and cameras (8000×5000) while a PNG at the cap needs 160 MB while it is
    /// decoded (before it is scaled down to the size it is shown at).
    public static let maxPixels = 40_000_000
    /// Longest side, in pixels (Lectern's bitmaps address rows with 15 bits).
    public static let maxSide = 32767
    /// Largest image file read, in bytes.
    public static let maxFileBytes = 128 << 20

    /// Throws when a `width`×`height` picture is over the caps, saying which and what to do.
    static func check(width: Int, height: Int, format: ImageFormat) throws {
        guard width > 0, height > 0 else {
            throw ImageError("the \(format.rawValue) header gives a size of \(width)×\(height) pixels: the file is corrupt")
        }
        let megapixels = Double(width) * Double(height) / 1e6
        if width > maxSide || height > maxSide || width * height > maxPixels {
            let mp = (megapixels * 10).rounded() / 10
            throw ImageError("the \(format.rawValue) header gives \(width)×\(height) pixels (\(mp) megapixels), over Lectern's cap of "
                + "\(maxPixels / 1_000_000) megapixels and \(maxSide) px a side: scale the picture down to the size it is shown at "
                + "(a menu icon needs at most a few hundred pixels) and save it again")
        }
    }
}

/// The size a picture is shown at: its natural size times the display scale, shrunk
/// (keeping its aspect ratio) until it fits in `maxWidth`×`maxHeight`. Never larger
/// than natural size × scale, so a small picture is never stretched to fill a box.
public struct ImageFit: Sendable, Equatable {
    public var maxWidth: Int
    public var maxHeight: Int
    /// Device pixels per logical pixel (the display's scale): a 64-px icon is shown at
    /// 128 device px on a 2× display.
    public var scale: Double

    public init(maxWidth: Int, maxHeight: Int, scale: Double = 1) {
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        self.scale = scale
    }

    /// The natural size, as stored in the file.
    public static let natural = ImageFit(maxWidth: ImageLimits.maxSide, maxHeight: ImageLimits.maxSide)

    /// The shown size of a `width`×`height` picture (each side at least 1 px).
    public func size(width: Int, height: Int) -> (width: Int, height: Int) {
        // The shown picture obeys the same caps as a decoded one.
        let boxWidth = min(maxWidth, ImageLimits.maxSide), boxHeight = min(maxHeight, ImageLimits.maxSide)
        let area = (Double(ImageLimits.maxPixels) / (Double(width) * Double(height))).squareRoot()
        let factor = min(scale, Double(boxWidth) / Double(width), Double(boxHeight) / Double(height), area)
        let w = min(boxWidth, max(1, Int((Double(width) * factor).rounded())))
        let h = min(boxHeight, max(1, Int((Double(height) * factor).rounded())))
        return (w, h)
    }

    func validate() throws {
        guard maxWidth > 0, maxHeight > 0, scale > 0, scale.isFinite else {
            throw ImageError("cannot fit a picture in \(maxWidth)×\(maxHeight) at scale \(scale): the box must be at least 1×1 px")
        }
    }
}
