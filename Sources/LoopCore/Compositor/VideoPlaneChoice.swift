import Frames
import Raster

/// The one decision whether a frame's clip is scanned out from the display's YUV plane
/// (the display scales it, no colour conversion on the CPU) or drawn into the page by
/// the software path, and what the plane shows now. A clip goes to the plane only while
/// the plane would show exactly what the page would: it plays (the scene describes a
/// `video` only then, and only without a caption over it), the page is neither pulled
/// sideways nor under an overlay (menu, card, panel), no other decoration is drawn over
/// the picture (speech mode's focus ring, a pressed link), and its box lies wholly on screen;
/// the display adds what it needs (a plane that scans out NV12, atomic commits, an
/// unrotated panel, `[display] video_plane`). Any of these failing turns the plane off in
/// the same commit that draws the picture into the page.
struct VideoPlaneChoice {
    /// What the plane shows (nil: off).
    private(set) var shown: VideoPicture?
    /// The plane's buffer no longer holds `shown`'s frame (a full redraw): write it again.
    private var pictureLost = false

    /// The clip of `frame` that may go on the plane, given the screen `bounds`.
    static func candidate(_ frame: FrameDescription, bounds: IntRect) -> VideoPicture? {
        guard frame.content == .page, frame.overlays.isEmpty, frame.shiftX == 0, let video = frame.video,
              !frame.decorations.overlap(video.box) else { return nil }
        // NV12 halves both axes for chroma: an even picture, and a crop inside it.
        guard video.width > 0, video.height > 0, video.width % 2 == 0, video.height % 2 == 0,
              !video.source.isEmpty, video.source.intersection(IntRect(x: 0, y: 0, width: video.width, height: video.height)) == video.source,
              !video.box.isEmpty, video.box.intersection(bounds) == video.box else { return nil }
        return video
    }

    /// Whether `video` needs its frame written into the plane's other buffer (a new frame
    /// or size), rather than the picture shown now moved or left.
    func needsWrite(_ video: VideoPicture) -> Bool {
        guard let shown, !pictureLost else { return true }
        return shown.tag != video.tag || shown.width != video.width || shown.height != video.height
    }

    /// The plane's change to show `video` (nil: it shows it already).
    mutating func show(_ video: VideoPicture, written: Bool) -> ComposedFrame.PlaneChange? {
        defer { shown = video; pictureLost = false }
        if !written, let shown, shown.box == video.box, shown.source == video.source { return nil }
        return .show(source: video.source, destination: video.box, written: written)
    }

    /// The plane off, if it showed anything.
    mutating func turnOff() -> ComposedFrame.PlaneChange? {
        guard shown != nil else { return nil }
        shown = nil
        return .off
    }

    mutating func forgetPicture() { pictureLost = true }
}
