/// What went wrong reading a picture. The message names the file when there is one
/// and says what to do about it.
public struct ImageError: Error, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// The picture formats Lectern decodes, recognised by their first bytes (a file's
/// extension says nothing: a `.png` that is really a WebP is decoded as a WebP, and the
/// messages name the format the bytes are).
public enum ImageFormat: String, Sendable {
    case png = "PNG"
    case jpeg = "JPEG"
    case svg = "SVG"
    case webp = "WebP"
    case gif = "GIF"
    case heif = "HEIF"
    case avif = "AVIF"

    /// The format `bytes` start with, or nil.
    public static func detect(_ bytes: [UInt8]) -> ImageFormat? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) { return .gif }
        if bytes.starts(with: Array("RIFF".utf8)), bytes.count >= 12, Array(bytes[8..<12]) == Array("WEBP".utf8) { return .webp }
        if let brand = isoStillBrand(bytes) { return ["avif", "avis"].contains(brand) ? .avif : .heif }
        if looksLikeSVG(bytes) { return .svg }
        return nil
    }

    /// The `ftyp` brands of HEIF and AVIF pictures (ISO/IEC 23008-12, the AV1 image file
    /// format). MP4, QuickTime and 3GP clips share the `ftyp` box with other brands
    /// (isom, mp41, mp42, M4V, qt, 3gp4, …): those are clips, not pictures.
    public static let isoStillBrands: Set<String> = ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "mif2", "msf1", "avif", "avis"]

    /// The brand that makes an ISO media file a still picture: the major brand, or for a
    /// file whose major brand is no video brand, a picture brand among the compatible ones.
    /// Nil for a clip or anything else.
    public static func isoStillBrand(_ bytes: [UInt8]) -> String? {
        guard bytes.count >= 12, Array(bytes[4..<8]) == Array("ftyp".utf8) else { return nil }
        let major = String(decoding: bytes[8..<12], as: UTF8.self)
        let boxSize = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        let end = min(boxSize, bytes.count, 256)
        let compatible = stride(from: 16, to: end - 3, by: 4).map { String(decoding: bytes[$0..<$0 + 4], as: UTF8.self) }
        // A video brand means a clip (an MP4 may list mif1 for its cover picture), unless
        // the major brand is a picture's.
        let videoBrands: Set<String> = ["isom", "iso2", "mp41", "mp42", "M4V ", "M4A ", "qt  ", "3gp4", "3gp5", "3gp6", "avc1", "dash"]
        guard isoStillBrands.contains(major) || !(videoBrands.contains(major) || compatible.contains(where: videoBrands.contains)) else {
            return nil
        }
        let brands = [major] + compatible
        if let av1 = brands.first(where: { $0 == "avif" || $0 == "avis" }) { return av1 }
        return brands.first(where: isoStillBrands.contains)
    }

    /// An SVG document: after an optional byte-order mark, white space, the XML
    /// declaration, comments and a doctype, the first element is `<svg`.
    static func looksLikeSVG(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
        var rest = Substring(head)
        if rest.hasPrefix("\u{FEFF}") { rest = rest.dropFirst() }
        while true {
            rest = rest.drop(while: { $0.isWhitespace })
            if rest.hasPrefix("<svg") { return true }
            let closers: [(String, String)] = [("<?", "?>"), ("<!--", "-->"), ("<!DOCTYPE", ">")]
            guard let (_, close) = closers.first(where: { rest.hasPrefix($0.0) }),
                  let end = rest.range(of: close) else { return false }
            // A doctype's internal subset ends at "]>", not at the first ">".
            if rest.hasPrefix("<!DOCTYPE"), let bracket = rest.firstIndex(of: "["), bracket < end.lowerBound {
                guard let subset = rest.range(of: "]>") else { return false }
                rest = rest[subset.upperBound...]
            } else {
                rest = rest[end.upperBound...]
            }
        }
    }

    /// A name for files people try that Lectern does not show as pictures, and what to
    /// do instead, for the error message.
    static func guessUnsupported(_ bytes: [UInt8]) -> String? {
        func ascii(_ s: String, at offset: Int = 0) -> Bool {
            bytes.count >= offset + s.utf8.count && Array(bytes[offset..<offset + s.utf8.count]) == Array(s.utf8)
        }
        if ascii("ftyp", at: 4) {
            return "an MP4/QuickTime video, not a picture: show it as a clip (`![caption](clip.mp4)` in a page)"
        }
        if bytes.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) {
            return "a Matroska/WebM video, not a picture: show it as a clip (`![caption](clip.webm)` in a page)"
        }
        if ascii("BM") { return "a BMP file: Lectern shows PNG, JPEG, SVG, WebP, GIF, HEIF and AVIF pictures; convert it to PNG" }
        if bytes.starts(with: [0x49, 0x49, 0x2A, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) {
            return "a TIFF file: Lectern shows PNG, JPEG, SVG, WebP, GIF, HEIF and AVIF pictures; convert it to PNG or JPEG"
        }
        if ascii("%PDF") { return "a PDF document, not a picture: list it as a page (`content = \"file.pdf\"`)" }
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
