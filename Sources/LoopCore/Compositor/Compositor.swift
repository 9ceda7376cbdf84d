import Frames
import Raster

/// The one place that decides how a described frame reaches the screen: by moving the
/// display's scan-out window (a scroll: only the uncovered strip is drawn), by moving
/// pixels in the shadow and copying the damage out, or by writing the frame straight
/// into the scan-out buffer (a pull, a menu fade: one pass over memory instead of two).
///
/// The loop calls it with the painter the frame source made for its frame. It compares
/// that frame's description with what it holds (`Held`), chooses the path before drawing
/// anything, asks the painter for only the pixels it cannot reuse, and answers a
/// `ComposedFrame`: the damage, and how the display shows it. The display's offers
/// (`ScanoutSurface`) change nothing on screen; presenting the composed frame does. The
/// same compositor runs on the device (`KMSDisplay`), headless (`KMSDisplay` over memory
/// buffers) and in tests; a sink without a `ScanoutSurface` gets moves and copies.
///
/// One function per path: `blank`, `whole`, `drawFull` and `drawFullInBands` (nothing
/// reusable; Compositor+Bands.swift), `pan`,
/// `moveInShadow` (Compositor+Page.swift), `overlaysDirect`, `overlaysInShadow`
/// (Compositor+Overlays.swift), `pullPanned`, `pullDirect` (Compositor+Pull.swift); a
/// playing clip's picture goes to the display's YUV plane where `VideoPlaneChoice` says
/// it may (Compositor+VideoPlane.swift).
public final class Compositor {
    /// What the shadow holds and what the screen shows, between two frames.
    public enum Held: Equatable {
        /// Nothing usable (first frame, a full redraw owed): draw everything.
        case nothing
        /// The shadow holds this frame and the screen shows it.
        case frame(FrameDescription)
        /// The screen shows `shown`, a pull written straight into scan-out memory, while
        /// the shadow still holds `base`: the same page, unshifted, without decorations.
        case pulledDirect(base: FrameDescription, shown: FrameDescription)
        /// The screen shows `shown`, a pull shown by moving the scan-out window sideways
        /// over buffers holding `base` (which the shadow holds too); the display owes each
        /// buffer back what the strips covered.
        case pulledPanned(base: FrameDescription, shown: FrameDescription)
        /// The screen shows `shown` composed straight into scan-out memory; the shadow
        /// holds only its page layer (no overlays).
        case layeredDirect(shown: FrameDescription)
        /// The page layer of `shown` is in the compositor's page bitmap; the shadow holds
        /// `shown` composed (the screen shows the shadow).
        case layeredInShadow(shown: FrameDescription)

        /// The frame on screen.
        public var shown: FrameDescription? {
            switch self {
            case .nothing: nil
            case let .frame(f), let .pulledDirect(_, f), let .pulledPanned(_, f), let .layeredDirect(f), let .layeredInShadow(f): f
            }
        }

        /// The screen shows pixels the shadow does not hold (a pull or a fade written
        /// straight into scan-out memory, a window moved sideways): whatever the next
        /// frame reuses from the shadow, every pixel on screen changes.
        var screenOutrunsShadow: Bool {
            switch self {
            case .pulledDirect, .pulledPanned, .layeredDirect: true
            case .nothing, .frame, .layeredInShadow: false
            }
        }
    }

    public internal(set) var held = Held.nothing
    public internal(set) var lastPath = Path.unchanged
    /// Frames made by each path, by `Path.allCases` index (counted every frame: no hashing
    /// of the names; `counts` in Compositor+Paths.swift names them).
    var pathCounts = [Int](repeating: 0, count: Path.allCases.count)
    /// The page under an overlay when the overlay cannot be composed straight into scan-out
    /// memory (the link card, a rotated panel, a sink without scan-out access).
    var pageBitmap: Bitmap?
    /// Scratch for a pull's uncovered strip.
    var pullStrip: Bitmap?
    /// What the last page-layer update changed, and what a move left stale (kept between
    /// frames so that a frame allocates no region of its own).
    var pageDamage = Region()
    var stale = Region()
    /// What the display's YUV plane shows (Compositor+VideoPlane.swift).
    var videoPlane = VideoPlaneChoice()
    /// Whether a page drawn whole goes out in bands streamed by another core while the
    /// next is drawn, where the process has more than one (Compositor+Bands.swift). Where
    /// the cores do not run at once (a virtual machine whose host shares one CPU between
    /// them) it costs more than it saves (docs/performance.md); `lectern bench
    /// --no-stream-beside` measures without it.
    public var streamsWhileDrawing: Bool
    /// The streaming thread, made at the first frame drawn in bands.
    var rowStreamer: RowStreamer?

    public init(streamsWhileDrawing: Bool = true) {
        self.streamsWhileDrawing = streamsWhileDrawing
    }

    /// Forget what is held: the next frame is drawn whole (the loop's full redraw).
    public func reset() {
        held = .nothing
        videoPlane.forgetPicture()
    }

    /// Bytes the compositor holds beyond the shadow (page bitmap, pull scratch).
    public var heldBytes: Int {
        (pageBitmap.map { $0.stride * $0.height } ?? 0) + (pullStrip.map { $0.stride * $0.height } ?? 0)
    }

    /// The page layer of the painter's frame (its clip's picture on the video plane, or
    /// not): chooses the path and draws what changed into `canvas` (the shadow's window),
    /// the window the display offers to move to, or its back scan-out buffer.
    func composePage(_ painter: FramePainter, canvas: Canvas, scanout: ScanoutSurface?) -> ComposedFrame {
        let now = painter.frame
        // The screen shows this frame already (a finger resting mid-pull, a menu at rest).
        if let shown = held.shown, shown == now, canvas.width == now.page.width, canvas.height == now.page.height {
            count(.unchanged)
            return ComposedFrame()
        }
        switch now.content {
        case .blank: return blank(now, canvas: canvas)
        case .whole: return whole(painter, canvas: canvas)
        case .page where now.isLayered: return layered(painter, canvas: canvas, scanout: scanout)
        case .page: return plainPage(painter, canvas: canvas, scanout: scanout)
        }
    }

    // MARK: Nothing to reuse

    /// The panel dark: black once, then nothing while it stays dark.
    private func blank(_ now: FrameDescription, canvas: Canvas) -> ComposedFrame {
        let previous = held
        pageBitmap = nil
        held = .frame(now)
        if case let .frame(shown) = previous, shown.content == .blank {
            count(.unchanged)
            return ComposedFrame()
        }
        canvas.fill(canvas.bounds, color: .black)
        count(.blank)
        return ComposedFrame(damage: Region(canvas.bounds))
    }

    /// A frame the painter draws every pixel of (a pinch).
    private func whole(_ painter: FramePainter, canvas: Canvas) -> ComposedFrame {
        if held == .frame(painter.frame) { count(.unchanged); return ComposedFrame() }
        pageBitmap = nil
        painter.drawWhole(into: canvas)
        held = .frame(painter.frame)
        count(.whole)
        return ComposedFrame(damage: Region(canvas.bounds))
    }

    /// The page layer drawn whole into `target`; `pageDamage` is all of it.
    func drawFull(_ painter: FramePainter, into target: Canvas) -> Path {
        pageDamage.removeAll()
        painter.drawPage(clip: target.bounds, into: target, shiftX: 0)
        pageDamage.add(target.bounds)
        return .drawn
    }

    /// The page layer held where this frame's page layer goes (shadow or bitmap), if it
    /// is the same page (same key) and so can be moved rather than drawn.
    static func reusablePageLayer(of held: Held, inBitmap: Bool, for now: FrameDescription) -> FrameDescription? {
        let base: FrameDescription? = switch held {
        case .nothing: nil
        case let .frame(f): inBitmap ? nil : f
        case let .pulledDirect(base, _), let .pulledPanned(base, _): inBitmap ? nil : base
        case let .layeredDirect(shown): inBitmap ? nil : shown
        case let .layeredInShadow(shown): inBitmap ? shown : nil
        }
        guard let base, base.content == .page, base.page == now.page else { return nil }
        // A part changed since (`repaint`) is drawn again over what is held; a change
        // missed between them (a frame described and never composed) leaves nothing reusable.
        let changes = now.repaint.generation - base.repaint.generation
        guard changes == 0 || changes == 1 else { return nil }
        return base
    }

    /// What of the page changed since `base` and must be drawn again in `bounds` (empty:
    /// nothing, the same generation).
    static func repaintBox(since base: FrameDescription, now: FrameDescription, in bounds: IntRect) -> IntRect {
        guard now.repaint.generation != base.repaint.generation else { return .zero }
        return now.repaint.box.intersection(bounds)
    }
}
