import Frames
import Raster

/// A sideways pull moves every pixel of the page. Moving them in the shadow and copying
/// the frame out costs two passes (a memmove and the copy). Instead the shadow keeps the
/// page as it was before the pull (not shifted, no decorations), and each pull frame
/// reaches the screen one of two ways:
/// - panned: where the display has room right of the page in its scan-out buffers, it
///   shows its window `shiftX` columns further right and only the strip the pull uncovers
///   (with the decorations) is drawn and written: a few hundred columns, not the screen;
/// - direct: otherwise the page's rows are read from the shadow `shiftX` pixels further
///   right and streamed into the scan-out buffer with the strip after them: one read of
///   the shadow, one write of the buffer.
extension Compositor {
    /// The pull by moving the scan-out window. From an unshifted page (or a panned pull)
    /// to any shift the display has room for, including back to 0. Nil leaves everything
    /// as it was. The strip is drawn into scratch memory; presenting the frame moves the
    /// window and writes the strip into the scan-out buffer.
    func pullPanned(_ painter: FramePainter, canvas: Canvas, scanout: ScanoutSurface?) -> ComposedFrame? {
        let now = painter.frame
        guard now.isPlainPage, now.shiftX >= 0, now.shiftX < canvas.width, let scanout else { return nil }
        let base: FrameDescription
        switch held {
        case let .pulledPanned(b, _) where b.samePage(as: now):
            base = b
        case let .frame(last) where now.shiftX > 0 && Self.pullsFrom(last, now, canvas):
            base = last.unshifted
        default:
            return nil
        }
        let strip = Self.strip(of: now, canvas: canvas)
        guard strip.isEmpty || scratch(for: strip) != nil, scanout.canPanSideways(to: now.shiftX) else { return nil }
        // Where the page beyond its edge is one colour, only the decorations are drawn:
        // left of the edge the buffer holds the page (the window moved over it), beyond
        // it the display fills what its buffer lacks.
        let plain = painter.colorBeyondPageEdge
        let drawn = plain == nil ? strip : now.decorations.bounds.intersection(strip)
        var pull = ComposedFrame.SidewaysPull(shift: now.shiftX, strip: strip, pixels: nil, drawn: drawn, plain: plain)
        if !drawn.isEmpty, let scratch = pullStrip?.canvas {
            painter.drawPage(clip: drawn, into: scratch, shiftX: strip.x)
            pull.pixels = scratch
        }
        // Back at rest without decorations: the screen shows what the shadow holds.
        held = now.shiftX == 0 && now.decorations.isEmpty ? .frame(now) : .pulledPanned(base: base, shown: now)
        count(.pullPanned)
        return ComposedFrame(damage: Region(canvas.bounds), scanout: .sideways(pull))
    }

    /// The pull written whole straight into scan-out memory. Nil leaves everything as it
    /// was.
    func pullDirect(_ painter: FramePainter, canvas: Canvas, scanout: ScanoutSurface?) -> ComposedFrame? {
        let now = painter.frame
        guard now.isPlainPage, now.shiftX > 0, now.shiftX < canvas.width, let scanout else { return nil }
        let base: FrameDescription
        switch held {
        case let .pulledDirect(b, _) where b.samePage(as: now), let .pulledPanned(b, _) where b.samePage(as: now):
            base = b
        case let .frame(last) where Self.pullsFrom(last, now, canvas):
            base = last.unshifted
        default:
            return nil
        }
        let strip = Self.strip(of: now, canvas: canvas)
        guard let scratch = scratch(for: strip), let screen = scanout.directFrame() else { return nil }
        let stripX = strip.x
        painter.drawPage(clip: strip, into: scratch, shiftX: stripX)
        let rows = min(canvas.height, screen.height)
        if stripX > 0, screen.width == canvas.width {
            // Screen x ← shadow x + shiftX (the shadow is never narrower than the screen),
            // then the strip, row by row in one pass.
            screen.joinRows(left: canvas, leftX: now.shiftX, right: scratch, split: stripX, rows: rows)
        } else {
            if stripX > 0 {
                screen.copyRows(from: canvas, sourceX: now.shiftX, sourceY: 0, to: IntRect(x: 0, y: 0, width: stripX, height: rows))
            }
            screen.copyRows(from: scratch, sourceX: 0, sourceY: 0, to: IntRect(x: stripX, y: 0, width: strip.width, height: rows))
        }
        held = .pulledDirect(base: base, shown: now)
        count(.pullDirect)
        return ComposedFrame(damage: Region(canvas.bounds), scanout: .direct)
    }

    /// A pull may start from an unshifted page whose decorations (the dots beyond the
    /// edge) are off screen: then the shadow is the page without them.
    private static func pullsFrom(_ last: FrameDescription, _ now: FrameDescription, _ canvas: Canvas) -> Bool {
        last.isPlainPage && last.shiftX == 0 && last.samePage(as: now) && !last.decorations.intersect(canvas.bounds)
    }

    /// The strip right of the page's edge, and every decoration wherever it is (empty at
    /// rest without decorations).
    private static func strip(of now: FrameDescription, canvas: Canvas) -> IntRect {
        var stripX = canvas.width - max(0, now.shiftX)
        now.decorations.forEach { stripX = min(stripX, $0.minX - 1) }
        stripX = max(0, stripX)
        return IntRect(x: stripX, y: 0, width: canvas.width - stripX, height: canvas.height)
    }

    /// Scratch for `strip`: a third of the screen wide, or as wide as the widest strip so
    /// far (in 64-px steps): a pull uncovers a few hundred columns, not a screen's worth
    /// of memory, and a third holds the usual pull from its first frame to its last.
    private func scratch(for strip: IntRect) -> Canvas? {
        if (pullStrip?.width ?? 0) < strip.width || pullStrip?.height != strip.height {
            pullStrip = nil
            let width = max(strip.maxX / 3, (strip.width + 63) & ~63)
            pullStrip = try? Bitmap(width: min(strip.maxX, width), height: strip.height)
        }
        return pullStrip?.canvas
    }
}
