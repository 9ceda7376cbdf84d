import Foundation
import Raster

/// Loads local images for `![alt](path)`, scaled to the text width.
enum ImageLoader {
    /// Nil when the path is remote, missing or not a decodable PNG: the alt text is shown.
    static func load(path: String, relativeTo base: String?, width: Int) -> Image? {
        guard !path.contains("://"), width > 0 else { return nil }
        let full = path.hasPrefix("/") || base == nil ? path : (base! as NSString).appendingPathComponent(path)
        guard let image = try? Image(contentsOfFile: full) else { return nil }
        // Scaled to the text width, keeping the aspect ratio.
        let height = max(1, Int((Double(image.height) * Double(width) / Double(image.width)).rounded()))
        return try? image.scaled(width: width, height: height)
    }
}
