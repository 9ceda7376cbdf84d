import Raster
import Touch

/// How the display moves its scan-out window over buffers taller than the screen,
/// chosen by driver. Measured on QEMU (a probe capturing the screen): bochs-drm scans
/// out from a framebuffer's offset but ignores the plane's SRC_Y and SetCrtc's y;
/// virtio-gpu honours SetCrtc's y (and atomic SRC_Y) but ignores framebuffer offsets.
/// No single call pans on both, so drivers not on this list copy.
public enum PanMethod: String, Equatable, Sendable {
    /// Framebuffers over the same dumb buffer at row offsets (AddFB2 `offsets[0]`),
    /// shown by page flips: bochs-drm.
    case offsetFramebuffers = "offset framebuffers (AddFB2) shown by page flips"
    /// drmModeSetCrtc with y when the window moved (page flips otherwise keep it),
    /// plus DirtyFB: virtio-gpu.
    case crtcY = "SetCrtc y when the window moves, page flips otherwise"
    /// Not known to pan: the shadow's pixels move and the screen is copied.
    case copy = "copying (driver not known to pan)"

    /// The method for a driver (`drmGetVersion`'s name). `LECTERN_PAN=copy` in the
    /// environment forces copying (to compare, or to work around a driver);
    /// `LECTERN_PAN=on` also enables bochs' offset framebuffers, which are off by
    /// default: they pan correctly (the machine test's kiosk-pan), but with them the
    /// machine test's kiosk-unplug-fling fling ran to the page's end in full runs
    /// (twice; not when run alone, nor with copying) and the cause is not known yet.
    public static func forDriver(_ name: String, override: String? = nil) -> PanMethod {
        if override == "copy" { return .copy }
        switch name {
        case "bochs-drm", "bochs": return override == "on" ? .offsetFramebuffers : .copy
        case "virtio_gpu", "virtio-gpu": return .crtcY
        default: return .copy
        }
    }
}

/// The scan-out window: which rows of the tall buffers (and the tall shadow) the
/// screen shows, and the offset framebuffers made to show them.
struct PanWindow {
    var method: PanMethod
    /// Rows on screen.
    let screenHeight: Int
    /// Rows in each buffer (and the shadow): the screen plus room to pan.
    let bufferHeight: Int
    /// First row shown.
    var top: Int
    /// Per buffer, the offset framebuffer last made over it (bochs).
    var offsetFramebuffers: [(rows: Int, framebuffer: UInt32)?] = [nil, nil]

    init(method: PanMethod, screenHeight: Int, bufferHeight: Int) {
        self.method = method
        self.screenHeight = screenHeight
        self.bufferHeight = bufferHeight
        // Start in the middle: an overscroll at the page's top pans without a copy.
        top = (bufferHeight - screenHeight) / 2
    }

    var canPan: Bool { method != .copy && bufferHeight > screenHeight }

    /// Where the window goes for a pan of `dy` (content `dy` rows lower), and the row
    /// the current picture must first be moved to when the pan runs off the buffer:
    /// to the far end, so the next re-centre is a whole buffer of travel away.
    func destination(for dy: Int) -> (relocateTo: Int?, top: Int)? {
        let room = bufferHeight - screenHeight
        guard canPan, abs(dy) <= room else { return nil }
        let next = top - dy
        if next >= 0 && next <= room { return (nil, next) }
        let relocate = dy > 0 ? room : 0
        return (relocate, relocate - dy)
    }

    /// The window in buffer rows for a logical width.
    func rect(width: Int) -> IntRect { IntRect(x: 0, y: top, width: width, height: screenHeight) }

    /// Rows for the buffers: half a screen more than the screen, where the driver
    /// allows (a re-centre then costs one copy per half screen of travel). Not more:
    /// bochs keeps scan-out buffers in its 16 MiB of video memory, and during a flip
    /// both buffers are pinned there (2 × 1.5 × 4 MiB at 1280×800 fits; 2 × 2 × 4 MiB
    /// would not).
    static func bufferHeight(screen: Int, maxHeight: Int) -> Int {
        let limit = maxHeight > 0 ? maxHeight : 4096
        return max(screen, min(screen + screen / 2, limit))
    }
}
