import Raster
import Video

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
