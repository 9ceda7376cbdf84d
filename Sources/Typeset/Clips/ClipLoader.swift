import Video

/// Clips of a document: what `lectern check` lists and the content watcher watches.
public enum ClipLoader {
    /// Each clip block of `document`, each once: its line, the file, and what the probe
    /// found or why it could not (the error names the file).
    public static func clips(in document: Document) -> [(line: Int, source: ClipSource, probe: Result<ClipInfo, ClipError>)] {
        var seen = Set<String>()
        var found: [(line: Int, source: ClipSource, probe: Result<ClipInfo, ClipError>)] = []
        for block in document.blocks {
            guard case let .clip(source) = block.kind, seen.insert(source.path).inserted else { continue }
            guard let file = ImageLoader.resolve(source.path, relativeTo: document.baseDirectory) else {
                found.append((block.line, source, .failure(ClipError("\(source.path): remote clips are not fetched; save the clip beside the page and link it by file name"))))
                continue
            }
            found.append((block.line, source, Result { () throws(ClipError) in try ClipProbe.probe(path: file) }))
        }
        return found
    }
}

extension ClipLoader {
    /// Why a clip's poster cannot be shown (missing, not a picture Lectern decodes,
    /// over the caps), or nil: the clip then shows its first frame instead.
    public static func posterProblem(_ source: ClipSource, in document: Document) -> String? {
        guard let poster = source.poster else { return nil }
        do {
            _ = try ImageLoader.load(path: poster, relativeTo: document.baseDirectory, width: 64, scale: 1)
            return nil
        } catch {
            return "\(error)"
        }
    }
}
