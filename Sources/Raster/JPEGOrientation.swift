import CExif

/// The EXIF Orientation tag of a JPEG (TIFF 6.0 / EXIF 2.3, tag 0x0112): how the stored
/// pixels must be turned to be seen upright. Phones store photos as the sensor read them
/// and set this tag instead of rotating the pixels, so a portrait photo taken with the
/// phone upright has orientation 6 and would otherwise be drawn on its side.
/// Read with libexif; a file without EXIF, or with a damaged or out-of-range tag, is upright.
enum JPEGOrientation: Int, Sendable, CaseIterable {
    case upright = 1, mirrored = 2, rotated180 = 3, flipped = 4
    case transposed = 5, rotatedClockwise = 6, transverse = 7, rotatedCounterClockwise = 8

    /// The orientation recorded in a JPEG file's EXIF block (APP1), or `.upright`.
    static func read(_ jpeg: [UInt8]) -> JPEGOrientation {
        // libexif copies what it keeps: the pointer does not outlive the closure.
        let exif = jpeg.withUnsafeBufferPointer { bytes -> OpaquePointer? in
            guard let base = bytes.baseAddress, bytes.count <= UInt32.max else { return nil }
            return OpaquePointer(exif_data_new_from_data(base, UInt32(bytes.count)))
        }
        guard let exif else { return .upright }
        let data = UnsafeMutablePointer<ExifData>(exif)
        defer { exif_data_unref(data) }
        // The tag lives in IFD0 (the main picture); IFD1 describes the thumbnail.
        guard let ifd0 = data.pointee.ifd.0,
              let entry = exif_content_get_entry(ifd0, EXIF_TAG_ORIENTATION),
              entry.pointee.format == EXIF_FORMAT_SHORT, entry.pointee.components >= 1,
              entry.pointee.size >= 2, let value = entry.pointee.data else { return .upright }
        let raw = Int(exif_get_short(value, exif_data_get_byte_order(data)))
        return JPEGOrientation(rawValue: raw) ?? .upright
    }

    /// Whether width and height trade places when the picture is turned upright.
    var swapsAxes: Bool { rawValue >= 5 }

    /// The stored pixels turned upright, in a new bitmap (`self` is returned as is when upright).
    func apply(to stored: Bitmap) throws -> Bitmap {
        if self == .upright { return stored }
        let w = stored.width, h = stored.height
        let out = swapsAxes ? try Bitmap(width: h, height: w) : try Bitmap(width: w, height: h)
        let ow = out.width, oh = out.height
        for y in 0..<h {
            let source = (stored.base + y * stored.stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w {
                // Where the stored pixel (x, y) lands when seen upright.
                let (u, v): (Int, Int) = switch self {
                case .upright: (x, y)
                case .mirrored: (ow - 1 - x, y)
                case .rotated180: (ow - 1 - x, oh - 1 - y)
                case .flipped: (x, oh - 1 - y)
                case .transposed: (y, x)
                case .rotatedClockwise: (ow - 1 - y, x)
                case .transverse: (ow - 1 - y, oh - 1 - x)
                case .rotatedCounterClockwise: (y, oh - 1 - x)
                }
                (out.base + v * out.stride).assumingMemoryBound(to: UInt32.self)[u] = source[x]
            }
        }
        return out
    }
}
