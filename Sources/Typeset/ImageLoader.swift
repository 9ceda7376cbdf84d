import Foundation
import Raster

/// Loads local images for `![alt](path)`, scaled to the text width.
enum ImageLoader {
    /// Nil when the path is remote, missing or not decodable: the alt text is shown.
    static func load(path: String, relativeTo base: String?, width: Int) -> Bitmap? {
        guard !path.contains("://") else { return nil }
        let full = path.hasPrefix("/") || base == nil ? path : (base! as NSString).appendingPathComponent(path)
        guard FileManager.default.isReadableFile(atPath: full) else { return nil }
        // Image decoding comes from Raster's PNG decoder once merged.
        return nil
    }
}
