import Frames
import Raster
import Video

/// A clip's picture in a frame: where it is on screen, the decoded frame shown there and
/// the progress bar's filled width. Equal draws are equal pixels (the same decoded frame,
/// compared by identity), so the compositor redraws a clip's rectangle only when its
/// frame or bar changes: a playing clip damages its rectangle alone.
struct ClipDraw: Equatable {
    /// The part of the screen the clip covers (the frame's decoration).
    let rect: IntRect
    /// Where the picture is scaled to: `rect`, or past the screen's edges for the attract
    /// clip covering a screen of another shape.
    var picture: IntRect
    let frame: DecodedFrame
    let player: ClipPlayer
    /// The bar's filled width in px (its full width is the clip's).
    let progress: Int
    /// The caption shown over the picture (nil: none at this time, or no captions).
    let caption: String?
    /// Whether the progress bar is drawn (not over the attract loop).
    var bar = true

    init(rect: IntRect, frame: DecodedFrame, player: ClipPlayer, progress: Int, caption: String?) {
        self.rect = rect
        picture = rect
        self.frame = frame
        self.player = player
        self.progress = progress
        self.caption = caption
    }

    static func == (a: ClipDraw, b: ClipDraw) -> Bool {
        a.rect == b.rect && a.picture == b.picture && a.frame === b.frame && a.progress == b.progress && a.caption == b.caption
    }

    /// The part of `rect` the picture shows through: above the progress bar (`bar` rows).
    func pictureBox(bar: Int) -> IntRect {
        self.bar ? IntRect(x: rect.x, y: rect.y, width: rect.width, height: max(0, rect.height - bar)) : rect
    }

    /// Its decorations: the picture (a tag that changes with the frame and the caption)
    /// and the progress bar apart (one that changes with the progress), so that a frame
    /// on the display's video plane leaves the bar's box alone.
    func addDecorations(to decorations: inout Decorations, bar: Int) {
        let box = pictureBox(bar: bar)
        var hasher = Hasher()
        hasher.combine(ObjectIdentifier(frame))
        hasher.combine(caption)
        decorations.append(box, tag: hasher.finalize())
        if self.bar { decorations.append(IntRect(x: rect.x, y: box.maxY, width: rect.width, height: rect.height - box.height), tag: progress) }
    }

    /// The picture as the display's video plane would show it: only while it plays with
    /// nothing drawn over it (a caption) and scaled to its own rectangle (not the attract
    /// clip's crop); the source crop leaves out what the bar covers.
    func video(bar: Int) -> VideoPicture? {
        guard player.isPlaying, caption == nil, picture == rect, rect.height > 0 else { return nil }
        let box = pictureBox(bar: bar)
        let sourceRows = frame.height * box.height / rect.height
        return VideoPicture(box: box, width: frame.width, height: frame.height,
                            source: IntRect(x: 0, y: 0, width: frame.width, height: sourceRows), tag: ObjectIdentifier(frame).hashValue)
    }
}

/// An animated picture's frame in a frame: where it is on screen and which frame of its
/// player shows there (equal draws are equal pixels).
struct PictureDraw: Equatable {
    let rect: IntRect
    let image: Image
    /// The player's count of frames shown: changes with every new frame.
    let serial: Int

    static func == (a: PictureDraw, b: PictureDraw) -> Bool { a.rect == b.rect && a.serial == b.serial && a.image === b.image }

    var tag: Int { serial }
}

extension SceneRenderer {
    /// Animated pictures moving at once at most (a frame's decorations are few); others
    /// on the same screen hold their first frame.
    static let movingPictures = 3

    /// The animated pictures on screen whose player has moved on from the first frame
    /// (until then the page's own picture is that frame), at `time`.
    func pictureDraws(at time: Double) -> [PictureDraw] {
        guard !scene.idle.attracting else { return [] }
        var draws: [PictureDraw] = []
        for (key, rect, _) in scene.animationsOnScreen(at: time) {
            guard draws.count < Self.movingPictures, let player = scene.clips.picture(key), player.shownFrames > 1,
                  player.current.image.width == rect.width, player.current.image.height == rect.height else { continue }
            draws.append(PictureDraw(rect: rect, image: player.current.image, serial: player.shownFrames))
        }
        return draws
    }

    /// Each animated picture's frame inside `clip` of `canvas` (whose column 0 is screen
    /// column `shiftX`): over the page's background, which hides the still first frame the
    /// page drew beneath it where this frame is transparent.
    func drawPictures(_ draws: [PictureDraw], into canvas: Canvas, clip: IntRect, shiftX: Int) {
        for draw in draws {
            let rect = draw.rect.offsetBy(dx: -shiftX, dy: 0)
            var c = canvas
            c.clip = clip.offsetBy(dx: -shiftX, dy: 0).intersection(rect)
            guard !c.clip.isEmpty else { continue }
            if !draw.image.isOpaque { c.fill(c.clip, color: scene.config.theme.background) }
            c.drawImage(draw.image, x: rect.x, y: rect.y)
        }
    }

    /// The progress bar's height in logical px: thin, at the clip's foot.
    static let clipBarHeight = 4.0

    /// The progress bar's height in device px.
    var clipBar: Int { max(1, Int((Self.clipBarHeight * scene.scale).rounded())) }

    /// The clip of `clips` a display's video plane may show (the first that can).
    func planeClip(_ clips: [ClipDraw]) -> (draw: ClipDraw, video: VideoPicture)? {
        for draw in clips { if let video = draw.video(bar: clipBar) { return (draw, video) } }
        return nil
    }

    /// The clips of the page shown with a decoded picture, at `time`.
    func clipDraws(at time: Double) -> [ClipDraw] {
        if scene.idle.attracting, scene.config.idle.attractClip != nil {
            return attractDraw().map { [$0] } ?? []
        }
        guard scene.clips.hasPlayers else { return [] }
        var draws: [ClipDraw] = []
        for (key, rect, _) in scene.clipsOnScreen(at: time) {
            guard let player = scene.clips.player(key), let frame = player.current else { continue }
            draws.append(ClipDraw(rect: rect, frame: frame, player: player, progress: Int((player.progress * Double(rect.width)).rounded()),
                                  caption: scene.clips.caption(key)))
        }
        return draws
    }

    /// The attract clip full screen, once it has a picture (it waits for its first one
    /// when the attract screen begins, so that is at once).
    private func attractDraw() -> ClipDraw? {
        let key = ClipPlayback.attractKey
        guard let player = scene.clips.player(key), let frame = player.current else { return nil }
        let rects = scene.attractClipRect(for: player.decoder.info)
        var draw = ClipDraw(rect: rects.shown, frame: frame, player: player, progress: 0, caption: scene.clips.caption(key))
        draw.picture = rects.picture
        draw.bar = false
        return draw
    }

    /// Each clip's picture (converted and scaled by libswscale into its rectangle), its
    /// caption (`CaptionPainter`) and its progress bar, inside `clip` of `canvas` (whose column 0 is screen column `shiftX`).
    func drawClips(_ draws: [ClipDraw], into canvas: Canvas, clip: IntRect, shiftX: Int) {
        let theme = scene.config.theme
        for draw in draws {
            let rect = draw.rect.offsetBy(dx: -shiftX, dy: 0)
            var c = canvas
            c.clip = clip.offsetBy(dx: -shiftX, dy: 0).intersection(rect)
            guard !c.clip.isEmpty else { continue }
            let picture = draw.picture.offsetBy(dx: -shiftX, dy: 0)
            let bar = clipBar
            // The bar covers the picture's foot: the bar's box alone converts nothing.
            if c.clip.intersects(draw.pictureBox(bar: bar).offsetBy(dx: -shiftX, dy: 0)) {
                do { try draw.player.draw(draw.frame, in: picture, on: c) } catch {
                    Log.warning("\(error)")
                }
            }
            if let caption = draw.caption {
                captions.draw(caption, over: rect, bottomInset: bar, minimumSize: 14 * scene.scale, on: c)
            }
            guard draw.bar else { continue }
            let foot = IntRect(x: rect.x, y: rect.maxY - bar, width: rect.width, height: bar)
            c.fill(foot, color: theme.muted)
            c.fill(IntRect(x: rect.x, y: foot.y, width: draw.progress, height: bar), color: theme.accent)
        }
    }
}
