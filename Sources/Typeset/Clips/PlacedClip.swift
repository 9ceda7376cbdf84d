import Raster
import Video

/// A clip where the layout put it: its rectangle (the poster or first frame is drawn
/// there as a picture, among the page's images), its source, and what the probe found.
public struct PlacedClip {
    /// Where it sits in layout coordinates.
    public let rect: IntRect
    public let source: ClipSource
    /// The file the clip's path names (resolved from the page's directory).
    public let file: String
    /// What the probe found: container, codec, size; `refusal` when it will not play.
    public let info: ClipInfo
}

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

extension LayoutBuilder {
    /// A clip laid out like a picture: the clip's size fitted to the room (never past its
    /// own size × the image scale), its poster (or first frame) drawn there. False when
    /// neither the clip's size nor a poster is known: a placeholder saying why stands in.
    mutating func addClip(_ source: ClipSource, x: Double, width: Double, alignment: Table.Alignment) -> Bool {
        let room = max(width, contentWidth - (x - bodyLeft))
        guard let file = ImageLoader.resolve(source.path, relativeTo: baseDirectory),
              let info = try? ClipProbe.probe(path: file), info.width > 0, info.height > 0 else { return false }
        let shownWidth = max(1, min(Int(room), Int((Double(info.width) * style.imageScale).rounded())))
        let shownHeight = max(1, Int((Double(shownWidth) * Double(info.height) / Double(info.width)).rounded()))
        let slack = width - Double(shownWidth)
        let left = slack >= 0 ? x + (alignment == .center ? (slack / 2).rounded() : alignment == .right ? slack : 0)
            : max(contentLeft, contentLeft + ((contentWidth - Double(shownWidth)) / 2).rounded())
        let rect = IntRect(x: Int(left), y: Int(y.rounded()), width: shownWidth, height: shownHeight)
        let poster = source.poster.flatMap { ImageLoader.resolve($0, relativeTo: baseDirectory) }
            .flatMap { try? Image(contentsOfFile: $0, fittingIn: shownWidth, shownHeight, scale: style.imageScale) }
            ?? (info.willPlay ? try? ClipProbe.firstFrame(path: file, width: shownWidth, height: shownHeight) : nil)
        if let poster {
            images.append(PlacedImage(rect: IntRect(x: rect.x + (shownWidth - poster.width) / 2, y: rect.y + (shownHeight - poster.height) / 2,
                                                    width: poster.width, height: poster.height), image: poster))
        } else {
            // A clip that will not play and has no poster: a muted box the size of the clip.
            rects.append(.init(rect: rect, color: .codeBackground))
        }
        clips.append(PlacedClip(rect: rect, source: source, file: file, info: info))
        y = y.rounded() + Double(shownHeight)
        return true
    }
}
