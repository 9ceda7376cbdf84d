import Frames
import Raster

/// A page without overlays: a sideways pull (Compositor+Pull.swift), a scroll shown by
/// moving the display's scan-out window, or the page layer brought up to date in the
/// shadow (moved, its decorations redrawn) and copied out; drawn whole when nothing held
/// is the same page.
extension Compositor {
    func plainPage(_ painter: FramePainter, canvas: Canvas, scanout: ScanoutSurface?) -> ComposedFrame {
        if let pulled = pullPanned(painter, canvas: canvas, scanout: scanout) ?? pullDirect(painter, canvas: canvas, scanout: scanout) {
            return pulled
        }
        let now = painter.frame, previous = held
        pageBitmap = nil
        var composed: ComposedFrame
        if let base = Self.reusablePageLayer(of: previous, inBitmap: false, for: now) {
            let dy = base.scrollY - now.scrollY
            if base.shiftX == now.shiftX, dy != 0, abs(dy) < canvas.height, let window = scanout?.panWindow(by: dy) {
                composed = pan(painter, window: window, base: base)
            } else {
                count(moveInShadow(painter, in: canvas, base: base))
                composed = ComposedFrame(damage: pageDamage)
            }
        } else if let screen = bandedScreen(painter, canvas: canvas, scanout: scanout) {
            // Drawn and streamed out at once: the shadow and the back buffer both hold it.
            count(drawFullInBands(painter, into: canvas, screen: screen))
            composed = ComposedFrame(damage: pageDamage, scanout: .direct)
        } else {
            count(drawFull(painter, into: canvas))
            composed = ComposedFrame(damage: pageDamage)
        }
        if previous.screenOutrunsShadow { composed.damage.add(canvas.bounds) }
        held = .frame(now)
        return composed
    }

    /// A scroll by moving the display's scan-out window: only the uncovered strip and the
    /// decorations are new (the same pixels a move would leave stale). Presenting the frame
    /// moves the window.
    private func pan(_ painter: FramePainter, window pan: WindowPan, base: FrameDescription) -> ComposedFrame {
        pan.recentre()
        uncovered(pan.window, dx: 0, dy: pan.dy, base: base, painter: painter)
        repaint(pan.window, since: base, painter: painter)
        count(.panned)
        return ComposedFrame(damage: stale, scanout: .pan(pan))
    }

    /// The page layer in `target` (the shadow, or the page bitmap under an overlay) from
    /// `base`, the same page, to the painter's frame: the pixels already drawn moved and
    /// what that uncovers drawn, or only the decorations redrawn. `pageDamage` is what
    /// changed.
    func moveInShadow(_ painter: FramePainter, in target: Canvas, base: FrameDescription) -> Path {
        let now = painter.frame
        let dx = base.shiftX - now.shiftX, dy = base.scrollY - now.scrollY
        pageDamage.removeAll()
        if dx != 0 || dy != 0 {
            move(target, dx: dx, dy: dy, base: base, painter: painter)
            repaint(target, since: base, painter: painter)
            pageDamage.add(target.bounds)
            return .moved
        }
        let changed = Self.repaintBox(since: base, now: now, in: target.bounds)
        guard base.decorations != now.decorations || !changed.isEmpty else { return .unchanged }
        // Only the boxes that changed: a clip's progress bar leaves its picture alone.
        stale.removeAll()
        now.decorations.forEachChange(since: base.decorations) { stale.add($0.insetBy(dx: -1, dy: -1)) }
        stale.add(changed)
        stale = stale.clipped(to: target.bounds)
        for rect in stale.rects { painter.drawPage(clip: rect, into: target, shiftX: 0) }
        pageDamage.add(stale)
        return .decorations
    }

    /// Draws again the part of the page that changed since `base` (`FrameDescription.
    /// repaint`), once the pixels held were moved; adds it to `stale`.
    private func repaint(_ target: Canvas, since base: FrameDescription, painter: FramePainter) {
        let changed = Self.repaintBox(since: base, now: painter.frame, in: target.bounds)
        guard !changed.isEmpty else { return }
        painter.drawPage(clip: changed, into: target, shiftX: 0)
        stale.add(changed)
    }

    /// The page layer brought to the painter's frame in `target` from what it holds
    /// (`base`), or drawn whole when it holds nothing of this page.
    func updatePageLayer(_ painter: FramePainter, in target: Canvas, base: FrameDescription?) -> Path {
        guard let base else { return drawFull(painter, into: target) }
        return moveInShadow(painter, in: target, base: base)
    }

    /// Moves the pixels already drawn and draws only what they uncover, plus the
    /// decorations (all of it when the move leaves nothing on screen).
    private func move(_ target: Canvas, dx: Int, dy: Int, base: FrameDescription, painter: FramePainter) {
        guard abs(dx) < target.width, abs(dy) < target.height else {
            painter.drawPage(clip: target.bounds, into: target, shiftX: 0)
            return
        }
        target.move(target.bounds, dx: dx, dy: dy)
        uncovered(target, dx: dx, dy: dy, base: base, painter: painter)
    }

    /// After the page's pixels moved by (dx, dy): draws what they uncovered and where the
    /// decorations were and are, and leaves those rectangles in `stale`.
    private func uncovered(_ target: Canvas, dx: Int, dy: Int, base: FrameDescription, painter: FramePainter) {
        let w = target.width, h = target.height
        stale.removeAll()
        if dx > 0 { stale.add(IntRect(x: 0, y: 0, width: dx, height: h)) }
        if dx < 0 { stale.add(IntRect(x: w + dx, y: 0, width: -dx, height: h)) }
        if dy > 0 { stale.add(IntRect(x: 0, y: 0, width: w, height: dy)) }
        if dy < 0 { stale.add(IntRect(x: 0, y: h + dy, width: w, height: -dy)) }
        base.decorations.forEach { stale.add($0.offsetBy(dx: dx, dy: dy).insetBy(dx: -1, dy: -1)) }
        painter.frame.decorations.forEach { stale.add($0.insetBy(dx: -1, dy: -1)) }
        stale = stale.clipped(to: target.bounds)
        for rect in stale.rects { painter.drawPage(clip: rect, into: target, shiftX: 0) }
    }
}
