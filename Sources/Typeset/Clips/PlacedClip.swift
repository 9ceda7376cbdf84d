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

extension LayoutBuilder {
    /// Why a clip cannot be shown, in a few words for the page (`lectern check` gives the
    /// whole message): the refusal or the error, without the path the caption stands for.
    func clipProblem(_ source: ClipSource) -> String {
        guard let file = ImageLoader.resolve(source.path, relativeTo: baseDirectory) else { return "remote clips are not fetched" }
        let message: String
        do { message = try ClipProbe.probe(path: file).refusal ?? "" } catch { message = error.description }
        return message.hasPrefix(file + ": ") ? String(message.dropFirst(file.count + 2)) : message
    }

    /// A clip laid out like a picture: the clip's size fitted to the room (never past its
    /// own size × the image scale), its poster (or first frame) drawn there. False when
    /// neither the clip's size nor a poster is known: a placeholder saying why stands in.
    mutating func addClip(_ source: ClipSource, x: Double, width: Double, alignment: Table.Alignment) -> Bool {
        let room = max(width, contentWidth - (x - bodyLeft))
        let scale = style.imageScale
        func shown(_ info: ClipInfo) -> (width: Int, height: Int) {
            let w = max(1, min(Int(room), Int((Double(info.width) * scale).rounded())))
            return (w, max(1, Int((Double(w) * Double(info.height) / Double(info.width)).rounded())))
        }
        let posterFile = source.poster.flatMap { ImageLoader.resolve($0, relativeTo: baseDirectory) }
        // One opening of the clip: its facts, and its first picture unless a poster stands in.
        guard let file = ImageLoader.resolve(source.path, relativeTo: baseDirectory),
              let probed = try? ClipProbe.layout(path: file, shownSize: { info in
                  posterFile == nil && info.width > 0 && info.height > 0 ? shown(info) : nil
              }),
              probed.info.width > 0, probed.info.height > 0 else { return false }
        let info = probed.info
        let (shownWidth, shownHeight) = shown(info)
        let slack = width - Double(shownWidth)
        let left = slack >= 0 ? x + (alignment == .center ? (slack / 2).rounded() : alignment == .right ? slack : 0)
            : max(contentLeft, contentLeft + ((contentWidth - Double(shownWidth)) / 2).rounded())
        let rect = IntRect(x: Int(left), y: Int(y.rounded()), width: shownWidth, height: shownHeight)
        let poster = posterFile.flatMap { try? Image(contentsOfFile: $0, fittingIn: shownWidth, shownHeight, scale: scale) } ?? probed.firstFrame
        if let poster {
            images.append(PlacedImage(rect: IntRect(x: rect.x + (shownWidth - poster.width) / 2, y: rect.y + (shownHeight - poster.height) / 2,
                                                    width: poster.width, height: poster.height), image: poster))
        } else if info.willPlay {
            // A poster that does not decode: a muted box the size of the clip until it plays.
            rects.append(.init(rect: rect, color: .codeBackground))
        } else {
            return false  // nothing to show: the caption and the reason stand in
        }
        clips.append(PlacedClip(rect: rect, source: source, file: file, info: info))
        y = y.rounded() + Double(shownHeight)
        return true
    }
}
