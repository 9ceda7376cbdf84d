import Frames
import Raster

/// The one place that decides how a described frame reaches the screen: by moving the
/// display's scan-out window (a scroll: only the uncovered strip is drawn), by moving
/// pixels in the shadow and copying the damage out, or by writing the frame straight
/// into the scan-out buffer (a pull, a menu fade: one pass over memory instead of two).
///
/// It compares each frame's description with what it holds (`Held`), asks the painter
/// for only the pixels it cannot reuse, and answers the damage the display must show.
/// The same compositor runs on the device (`KMSDisplay`), headless (`KMSDisplay` over
/// memory buffers) and in tests; a sink without a `ScanoutSurface` gets moves and copies.
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
    }

    public internal(set) var held = Held.nothing
    public internal(set) var lastPath = Path.unchanged
    /// Frames made by each path, by `Path.allCases` index (counted every frame: no hashing
    /// of the names; `counts` in Compositor+Paths.swift names them).
    var pathCounts = [Int](repeating: 0, count: Path.allCases.count)
    /// The page under an overlay when the overlay cannot be composed straight into scan-out
    /// memory (the link card, a rotated panel, a sink without scan-out access).
    private var pageBitmap: Bitmap?
    /// Scratch for a pull's uncovered strip.
    var pullStrip: Bitmap?
    private var pageDamage = Region()
    private var stale = Region()

    public init() {}

    /// Forget what is held: the next frame is drawn whole (the loop's full redraw).
    public func reset() { held = .nothing }

    /// Bytes the compositor holds beyond the shadow (page bitmap, pull scratch).
    public var heldBytes: Int {
        (pageBitmap.map { $0.stride * $0.height } ?? 0) + (pullStrip.map { $0.stride * $0.height } ?? 0)
    }

    /// Makes `now` the frame on screen: draws what changed into `canvas` (the shadow's
    /// window), the display's scan-out window or buffer, and adds the damage to show.
    /// Returns the canvas the frame ends in (the moved window, else `canvas`).
    @discardableResult
    public func compose(_ now: FrameDescription, painter: FramePainter, canvas: Canvas, scanout: ScanoutSurface?,
                        damage: inout Region) -> Canvas {
        let previous = held
        let full = canvas.bounds
        // The screen shows this frame already (a finger resting mid-pull, a menu at rest).
        if let shown = previous.shown, shown == now, canvas.width == now.page.width, canvas.height == now.page.height {
            count(.unchanged)
            return canvas
        }
        switch now.content {
        case .blank:
            if case let .frame(shown) = previous, shown.content == .blank {
                count(.unchanged)
            } else {
                canvas.fill(full, color: .black)
                damage.add(full)
                count(.blank)
            }
            pageBitmap = nil
            held = .frame(now)
            return canvas
        case .whole:
            if previous == .frame(now) { count(.unchanged); return canvas }
            pageBitmap = nil
            painter.drawWhole(now, into: canvas)
            damage.add(full)
            held = .frame(now)
            count(.whole)
            return canvas
        case .page:
            break
        }
        // A sideways pull: by moving the scan-out window where the display can, else
        // written whole straight into scan-out memory. Every pixel on screen changes.
        if now.isPlainPage, pullPanned(now, painter: painter, canvas: canvas, scanout: scanout) {
            damage.add(full)
            count(.pullPanned)
            return canvas
        }
        if now.isPlainPage, pullDirect(now, painter: painter, canvas: canvas, scanout: scanout) {
            damage.add(full)
            count(.pullDirect)
            return canvas
        }

        // Where the page layer goes: the shadow, or (under an overlay that cannot be
        // composed straight into scan-out memory) a bitmap of its own.
        var canvas = canvas
        var target = canvas
        var inBitmap = false
        var direct: WriteOnlyCanvas?
        if now.isLayered {
            if case .layeredInShadow = previous {} else if now.overlays.direct, let writeOnly = scanout?.directFrame() {
                direct = writeOnly
            }
            if direct == nil {
                if pageBitmap?.width != canvas.width || pageBitmap?.height != canvas.height {
                    pageBitmap = nil
                    pageBitmap = try? Bitmap(width: canvas.width, height: canvas.height)
                }
                inBitmap = true
                target = pageBitmap?.canvas ?? canvas
            }
        } else {
            pageBitmap = nil
        }

        // The page layer: move what is held and draw what that uncovers, or draw it whole.
        pageDamage.removeAll()
        var path = Path.drawn
        if let base = Self.pageLayer(of: previous, inBitmap: inBitmap), base.content == .page, base.page == now.page {
            let dx = base.shiftX - now.shiftX, dy = base.scrollY - now.scrollY
            if dx == 0, dy != 0, !now.isLayered, abs(dy) < full.height, let panned = scanout?.pan(by: dy) {
                // The display moved its scan-out window: only the uncovered strip and the
                // decorations are new (the same pixels a move would leave stale).
                canvas = panned
                target = panned
                uncovered(target, dx: 0, dy: dy, base: base, now: now, painter: painter)
                pageDamage.add(stale)
                path = .panned
            } else if dx != 0 || dy != 0 {
                move(target, dx: dx, dy: dy, base: base, now: now, painter: painter)
                pageDamage.add(full)
                path = .moved
            } else if base.decorations != now.decorations {
                let box = base.decorations.bounds.union(now.decorations.bounds).intersection(full)
                painter.drawPage(now, clip: box, into: target, shiftX: 0)
                pageDamage.add(box)
                path = .decorations
            } else {
                path = .unchanged
            }
        } else {
            painter.drawPage(now, clip: full, into: target, shiftX: 0)
            pageDamage.add(full)
        }

        if now.isLayered {
            // The overlays over the page, where the page changed, or everywhere when they
            // themselves changed or the frame goes straight into scan-out memory.
            var region = pageDamage
            if previous.shown?.overlays.key != now.overlays.key || direct != nil || previous == .nothing {
                region = Region(full)
            }
            if case .layeredDirect = previous { region = Region(full) }
            let destination: PixelDestination = direct.map { .writeOnly($0) } ?? .cached(canvas)
            if !region.isEmpty { painter.composeOverlays(now, over: target, into: destination, region: region) }
            if direct != nil {
                WriteOnlyCanvas.finish()
                held = .layeredDirect(shown: now)
                path = .overlaysDirect
            } else {
                // Without a page bitmap the page was drawn into the shadow and composed
                // over itself: nothing of it can be reused.
                held = pageBitmap == nil ? .nothing : .layeredInShadow(shown: now)
                if !region.isEmpty { path = .overlaysInShadow }
            }
            damage.add(region)
        } else {
            damage.add(pageDamage)
            // The screen showed what the shadow did not hold: all of it changes.
            if case .layeredDirect = previous { damage.add(full) }
            held = .frame(now)
        }
        // The screen showed a pull the shadow does not hold (written whole, or by a window
        // moved sideways that this frame moves back): all of it changes.
        switch previous {
        case .pulledDirect, .pulledPanned: damage.add(full)
        default: break
        }
        count(path)
        return canvas
    }

    /// The page layer held where this frame's page layer goes (shadow or bitmap), as the
    /// frame it belongs to, or nil.
    private static func pageLayer(of held: Held, inBitmap: Bool) -> FrameDescription? {
        switch held {
        case .nothing: nil
        case let .frame(f): inBitmap ? nil : f
        case let .pulledDirect(base, _), let .pulledPanned(base, _): inBitmap ? nil : base
        case let .layeredDirect(shown): inBitmap ? nil : shown
        case let .layeredInShadow(shown): inBitmap ? shown : nil
        }
    }

    // MARK: The page layer

    /// Scrolling and pulling in the shadow: move the pixels already drawn and draw only
    /// what they uncover, plus the decorations.
    private func move(_ target: Canvas, dx: Int, dy: Int, base: FrameDescription, now: FrameDescription, painter: FramePainter) {
        guard abs(dx) < target.width, abs(dy) < target.height else {
            painter.drawPage(now, clip: target.bounds, into: target, shiftX: 0)
            return
        }
        target.move(target.bounds, dx: dx, dy: dy)
        uncovered(target, dx: dx, dy: dy, base: base, now: now, painter: painter)
    }

    /// After the page's pixels moved by (dx, dy): draws what they uncovered and where the
    /// decorations were and are, and leaves those rectangles in `stale`.
    private func uncovered(_ target: Canvas, dx: Int, dy: Int, base: FrameDescription, now: FrameDescription, painter: FramePainter) {
        let w = target.width, h = target.height
        stale.removeAll()
        if dx > 0 { stale.add(IntRect(x: 0, y: 0, width: dx, height: h)) }
        if dx < 0 { stale.add(IntRect(x: w + dx, y: 0, width: -dx, height: h)) }
        if dy > 0 { stale.add(IntRect(x: 0, y: 0, width: w, height: dy)) }
        if dy < 0 { stale.add(IntRect(x: 0, y: h + dy, width: w, height: -dy)) }
        base.decorations.forEach { stale.add($0.offsetBy(dx: dx, dy: dy).insetBy(dx: -1, dy: -1)) }
        now.decorations.forEach { stale.add($0.insetBy(dx: -1, dy: -1)) }
        stale = stale.clipped(to: target.bounds)
        for rect in stale.rects { painter.drawPage(now, clip: rect, into: target, shiftX: 0) }
    }
}
