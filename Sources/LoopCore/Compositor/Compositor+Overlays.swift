import Frames
import Raster

/// A page with overlays over it (the menu, the link card): composed straight into the
/// back scan-out buffer where the overlays allow it (one pass over memory, never read
/// back), else in the shadow over a page bitmap of the compositor's own.
extension Compositor {
    func layered(_ painter: FramePainter, canvas: Canvas, scanout: ScanoutSurface?) -> ComposedFrame {
        // Once in the shadow, a fade stays there: its page bitmap already holds the page.
        if case .layeredInShadow = held {} else if painter.frame.overlays.direct, let screen = scanout?.directFrame() {
            return overlaysDirect(painter, canvas: canvas, screen: screen)
        }
        return overlaysInShadow(painter, canvas: canvas)
    }

    /// The page layer brought up to date in the shadow, and the overlays composed over it
    /// straight into the back scan-out buffer: every pixel of the screen written once.
    private func overlaysDirect(_ painter: FramePainter, canvas: Canvas, screen: WriteOnlyCanvas) -> ComposedFrame {
        _ = updatePageLayer(painter, in: canvas, base: Self.reusablePageLayer(of: held, inBitmap: false, for: painter.frame))
        let everything = Region(canvas.bounds)
        painter.composeOverlays(over: canvas, into: .writeOnly(screen), region: everything)
        WriteOnlyCanvas.finish()
        held = .layeredDirect(shown: painter.frame)
        count(.overlaysDirect)
        return ComposedFrame(damage: everything, scanout: .direct)
    }

    /// The page layer in a bitmap of its own, and the overlays composed over it into the
    /// shadow where the page changed, or everywhere when the overlays themselves changed
    /// or the screen shows what the shadow does not hold.
    private func overlaysInShadow(_ painter: FramePainter, canvas: Canvas) -> ComposedFrame {
        let now = painter.frame, previous = held
        if pageBitmap?.width != canvas.width || pageBitmap?.height != canvas.height {
            pageBitmap = nil
            pageBitmap = try? Bitmap(width: canvas.width, height: canvas.height)
        }
        let page = pageBitmap?.canvas ?? canvas
        let pagePath = updatePageLayer(painter, in: page, base: Self.reusablePageLayer(of: previous, inBitmap: true, for: now))
        var region = pageDamage
        if previous.shown?.overlays.key != now.overlays.key || previous == .nothing || previous.screenOutrunsShadow {
            region = Region(canvas.bounds)
        }
        if !region.isEmpty { painter.composeOverlays(over: page, into: .cached(canvas), region: region) }
        // Without a page bitmap the page was drawn into the shadow and composed over
        // itself: nothing of it can be reused.
        held = pageBitmap == nil ? .nothing : .layeredInShadow(shown: now)
        count(region.isEmpty ? pagePath : .overlaysInShadow)
        return ComposedFrame(damage: region)
    }
}
