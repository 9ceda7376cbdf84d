import Raster

/// How the display moves its scan-out window over buffers taller than the screen,
/// chosen by driver. Measured on QEMU (a probe capturing the screen): bochs-drm scans
/// out from a framebuffer's offset but ignores the plane's SRC_Y and SetCrtc's y;
/// virtio-gpu honours SetCrtc's y and the plane's SRC_Y but ignores framebuffer offsets.
/// No single call pans on both, so drivers not on this list copy.
public enum PanMethod: String, Equatable, Sendable {
    /// Framebuffers over the same dumb buffer at row offsets (AddFB2 `offsets[0]`),
    /// shown by page flips or atomic commits: bochs-drm.
    case offsetFramebuffers = "offset framebuffers (AddFB2) shown by page flips"
    /// The window's first row as the scan-out's source y: the primary plane's SRC_Y in
    /// each atomic commit, or (legacy) drmModeSetCrtc's y when the window moved, page
    /// flips otherwise: virtio-gpu.
    case sourceY = "the window's row as the scan-out's source y (plane SRC_Y, or SetCrtc y)"
    /// Not known to pan (or rotated): the window moves in the shadow and is copied whole
    /// into screen-sized buffers.
    case copy = "copying the window (driver not known to pan)"

    /// The method for a driver (`drmGetVersion`'s name). `[display] pan = false` copies
    /// on every driver (to compare, or to work around one).
    ///
    /// bochs' offset framebuffers were opt-in for a while: with them the machine test's
    /// kiosk-unplug-fling fling once ran to the page's end in two full runs (legacy page
    /// flips then). It did not come back in later full runs, neither with atomic commits
    /// nor with legacy flips (docs/platform.md). Cause not found; a suspect is the test's
    /// own timing under TCG (injected moves delayed into a burst read as a fast fling).
    public static func forDriver(_ name: String) -> PanMethod {
        switch name {
        case "bochs-drm", "bochs": return .offsetFramebuffers
        case "virtio_gpu", "virtio-gpu": return .sourceY
        default: return .copy
        }
    }
}

/// The window: which rows of the tall shadow the screen shows, and how they get there.
/// The shadow is half a screen taller than the screen on every display, so a vertical
/// scroll moves the window instead of the shadow's pixels. Where the driver pans
/// (`scansOutWindow`) the buffers are as tall as the shadow and the screen shows the
/// window's rows of them (only the uncovered strip is drawn and copied); elsewhere the
/// buffers are screen-sized and the whole window is copied into them (one pass, not a move
/// of the shadow's pixels and then the copy).
struct PanWindow {
    var method: PanMethod
    /// Rows on screen.
    let screenHeight: Int
    /// Rows in the shadow (and in the buffers, where the window is scanned out): the
    /// screen plus room to pan.
    let shadowHeight: Int
    /// First row shown.
    var top: Int
    /// Columns the buffers have right of the page (where the window is scanned out): a
    /// sideways pull moves the window into them instead of rewriting the screen.
    var sideRoom: Int
    /// First buffer column shown: 0, or during a sideways pull the pull's shift.
    var left = 0
    /// The first buffer column and row of the frame presented last.
    var shown = (left: 0, top: 0)

    init(method: PanMethod, screenHeight: Int, shadowHeight: Int, sideRoom: Int = 0) {
        self.method = method
        self.screenHeight = screenHeight
        self.shadowHeight = shadowHeight
        self.sideRoom = method == .copy ? 0 : sideRoom
        // Start in the middle: an overscroll at the page's top pans without a copy.
        top = (shadowHeight - screenHeight) / 2
    }

    var canPan: Bool { shadowHeight > screenHeight }
    /// The screen shows the window's rows of buffers as tall as the shadow.
    var scansOutWindow: Bool { method != .copy }
    /// The buffer row the window starts at (0 where the window is copied in).
    var bufferTop: Int { scansOutWindow ? top : 0 }

    /// Where the window goes for a pan of `dy` (content `dy` rows lower), and the row
    /// the current picture must first be moved to when the pan runs off the shadow:
    /// to the far end, so the next re-centre is a whole shadow of travel away.
    func destination(for dy: Int) -> (relocateTo: Int?, top: Int)? {
        let room = shadowHeight - screenHeight
        guard canPan, abs(dy) <= room else { return nil }
        let next = top - dy
        if next >= 0 && next <= room { return (nil, next) }
        let relocate = dy > 0 ? room : 0
        return (relocate, relocate - dy)
    }

    /// The window in shadow rows for a logical width.
    func rect(width: Int) -> IntRect { IntRect(x: 0, y: top, width: width, height: screenHeight) }
    /// The window in buffer rows, at rest (the page's columns).
    func bufferRect(width: Int) -> IntRect { IntRect(x: 0, y: bufferTop, width: width, height: screenHeight) }

    /// Columns of room right of the page for a screen `width` wide: a quarter of it (in
    /// 16-px steps, rounded down). A rubber-banded pull of a quarter of the screen takes a drag of 0.6 of
    /// its width; a longer one is written whole. Not more: the buffers' memory grows by
    /// as much, and bochs keeps both in its 16 MiB of video memory during a flip.
    static func sideRoom(width: Int) -> Int { (width / 4) & ~15 }

    /// Rows for a tall shadow (and buffers): half a screen more than the screen, where
    /// the driver allows (a re-centre then costs one copy per half screen of travel).
    /// Not more: bochs keeps scan-out buffers in its 16 MiB of video memory, and during a
    /// flip both buffers are pinned there (2 × 1.5 × 4 MiB at 1280×800 fits; 2 × 2 × 4 MiB
    /// would not).
    static func tallHeight(screen: Int, maxHeight: Int) -> Int {
        let limit = maxHeight > 0 ? maxHeight : 4096
        return max(screen, min(screen + screen / 2, limit))
    }
}
