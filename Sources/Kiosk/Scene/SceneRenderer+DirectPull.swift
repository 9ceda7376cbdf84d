import CRasterKernels
import Raster

/// A sideways pull moves every pixel of the page. Moving them in the shadow and copying
/// the frame out costs two passes (a memmove and the copy); instead the shadow keeps the
/// page as it was before the pull (`pullBase`: not pulled, no dots) and each pull frame
/// is written straight into the scan-out buffer: the page's rows read from the shadow
/// `pullX` pixels further right, and the strip the pull uncovers (with the dots) drawn
/// apart and streamed out after them. One read of the shadow, one write of the buffer.
/// The first frame that is not a direct pull starts from `pullBase` (the renderer's diff
/// treats it as the previous frame) and is presented whole.
extension SceneRenderer {
    /// Draws `now` as a direct pull if it is one and the display takes a direct frame;
    /// false leaves everything as it was (nothing drawn, no buffer asked for).
    func directPull(_ canvas: Canvas, now: FrameState, scanout: ScanoutSurface?) -> Bool {
        guard now.pullX > 0, now.pullX < canvas.width, let scanout else { return false }
        let base: FrameState
        if let pullBase {
            guard pullBase.matchesPage(of: now) else { return false }
            base = pullBase
        } else {
            // Start only from an unpulled frame that the shadow holds, its dots (if any)
            // beyond the edge: then the shadow is the page without dots.
            guard let last, last.pullX == 0, !last.layered, last.pinch == nil, !last.blanked, last.matchesPage(of: now),
                  !shadowStale, !last.dotsIntersect(canvas.bounds) else { return false }
            base = last.unpulled
        }
        // The strip right of the page's edge, and the dots wherever they reach.
        var stripX = canvas.width - now.pullX
        now.dots.forEach { stripX = min(stripX, $0.bounds.minX - 1) }
        stripX = max(0, stripX)
        let strip = IntRect(x: stripX, y: 0, width: canvas.width - stripX, height: canvas.height)
        // Scratch a third of the screen wide, or as wide as the widest strip so far (in
        // 64-px steps): a pull uncovers a few hundred columns, not a screen's worth of
        // memory, and a third holds the usual pull from its first frame to its last.
        if (pullStrip?.width ?? 0) < strip.width || pullStrip?.height != canvas.height {
            pullStrip = nil
            let width = max(canvas.width / 3, (strip.width + 63) & ~63)
            pullStrip = try? Bitmap(width: min(canvas.width, width), height: canvas.height)
        }
        guard let scratch = pullStrip?.canvas, let screen = scanout.directFrame() else { return false }
        pullBase = base
        drawPage(scratch, clip: strip, state: now, shiftX: stripX)
        let rows = min(canvas.height, screen.height)
        if stripX > 0 {
            // Screen x ← shadow x + pullX (the shadow is never narrower than the screen).
            cshim_raster_stream_copy_rows(bytes(screen, 0), screen.stride, UnsafePointer(bytes(canvas, now.pullX)), canvas.stride,
                                          stripX * 4, rows)
        }
        cshim_raster_stream_copy_rows(bytes(screen, stripX), screen.stride, UnsafePointer(bytes(scratch, 0)), scratch.stride,
                                      strip.width * 4, rows)
        return true
    }

    private func bytes(_ c: Canvas, _ x: Int) -> UnsafeMutablePointer<UInt8> {
        UnsafeMutableRawPointer(c.row(0) + x).assumingMemoryBound(to: UInt8.self)
    }
}

extension SceneRenderer.FrameState {
    /// The same page at the same scroll, size and content.
    func matchesPage(of other: Self) -> Bool {
        generation == other.generation && width == other.width && height == other.height && page == other.page
            && scrollY == other.scrollY && !other.blanked && !other.layered && other.pinch == nil
            && pressedLink == other.pressedLink
    }

    func dotsIntersect(_ rect: IntRect) -> Bool {
        var hit = false
        dots.forEach { if $0.bounds.insetBy(dx: -1, dy: -1).intersects(rect) { hit = true } }
        return hit
    }

    /// This frame without the pull and its dots.
    var unpulled: Self {
        Self(generation: generation, width: width, height: height, page: page, scrollY: scrollY, pullX: 0,
             dots: SceneRenderer.DotDraws(), menuAlpha: 0, blanked: false, cardAlpha: 0, cardGeneration: cardGeneration,
             pressedLink: pressedLink, pinch: nil)
    }
}
