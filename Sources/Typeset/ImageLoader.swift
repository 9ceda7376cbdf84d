import Foundation
import Raster

/// Local images for `![alt](path)`, decoded straight to the size they are shown at.
public enum ImageLoader {
    /// The file an image path names: relative paths are resolved from the document's
    /// directory; nil for remote (URL) paths, which are never fetched.
    static func resolve(_ path: String, relativeTo base: String?) -> String? {
        guard !path.contains("://") else { return nil }
        guard let base, !path.hasPrefix("/") else { return path }
        return (base as NSString).appendingPathComponent(path)
    }

    /// The picture fitted to `width` device px, as `load`, its pixels handed to `pictures`.
    static func picture(path: String, relativeTo base: String?, width: Int, scale: Double,
                        pictures: DecodedPictures) throws -> FilePicture {
        guard let file = resolve(path, relativeTo: base) else {
            throw ImageError("\(path): remote images are not fetched; save the picture beside the page and link it by file name")
        }
        return try FilePicture(file: file, maxWidth: width, maxHeight: ImageLimits.maxSide, scale: scale, pictures: pictures)
    }

    /// The image fitted to `width` device px, at most its natural size × `scale`
    /// (a small picture is not stretched to the text width). Throws with the path and
    /// the reason when it cannot be shown, and the caller shows the alt text.
    static func load(path: String, relativeTo base: String?, width: Int, scale: Double) throws -> Image {
        guard let file = resolve(path, relativeTo: base) else {
            throw ImageError("\(path): remote images are not fetched; save the picture beside the page and link it by file name")
        }
        return try Image(contentsOfFile: file, fittingIn: width, ImageLimits.maxSide, scale: scale)
    }

    /// The local files of `document`'s images (block and inline) and clips (and their
    /// posters), resolved, each once:
    /// what the content watcher watches beside the page itself.
    public static func files(in document: Document) -> [String] {
        var seen = Set<String>()
        var files: [String] = []
        for block in document.blocks {
            var paths: [String] = []
            if case let .image(path, _) = block.kind { paths.append(path) }
            if case let .clip(clip) = block.kind { paths += [clip.path] + (clip.poster.map { [$0] } ?? []) }
            paths += block.inlines.compactMap { $0.style.contains(.image) ? $0.url : nil }
            for path in paths {
                if let file = resolve(path, relativeTo: document.baseDirectory), seen.insert(file).inserted { files.append(file) }
            }
        }
        return files
    }

    /// Each picture of `document` as `lectern check` lists it, "path (line N): format,
    /// size", and one message for each that cannot be shown (missing, not a picture,
    /// corrupt, over the pixel cap). Decoding each at a thumbnail's size still reads and
    /// checks the whole file; the format named is the one its bytes are, whatever its name.
    public static func check(_ document: Document) -> (pictures: [String], problems: [String]) {
        var seen = Set<String>()
        var pictures: [String] = [], problems: [String] = []
        for block in document.blocks {
            // Block images and the inline ones inside paragraphs, lists, quotes and tables.
            var paths: [String] = []
            if case let .image(path, _) = block.kind { paths.append(path) }
            paths += block.inlines.compactMap { $0.style.contains(.image) ? $0.url : nil }
            for path in paths where seen.insert(path).inserted {
                do {
                    let image = try load(path: path, relativeTo: document.baseDirectory, width: 64, scale: 1)
                    if let facts = image.facts { pictures.append("\(path) (line \(block.line)): \(facts)") }
                } catch {
                    problems.append("line \(block.line): image: \(error)")
                }
            }
        }
        return (pictures, problems)
    }
}
