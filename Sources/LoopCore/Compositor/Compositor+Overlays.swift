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
        if let plain = plainOverlayBeside(painter, canvas: canvas, screen: screen) {
            painter.composeOverlays(over: canvas, into: .writeOnly(screen), region: plain.rest)
            WriteOnlyCanvas.finish()
            plain.streamer.wait()
        } else {
            painter.composeOverlays(over: canvas, into: .writeOnly(screen), region: everything)
            WriteOnlyCanvas.finish()
        }
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

    /// Rows mixed per job on the streaming thread: the caller, done with its own part,
    /// takes the jobs the thread has not reached (`RowStreamer.wait`), so the two cores
    /// share the plain parts whatever their share of the screen.
    static let plainRowsPerJob = 64

    /// Where the painter's overlays are one colour over the page (a menu fading, away from
    /// its ring: the rows above and below it and the sides of its rows) and there is a core
    /// to spare: those parts handed to the streaming thread, mixed there into `screen`
    /// while this core composes the rest (the ring's box). The ring's rows are most of a
    /// fade's work beside its plain rows; with their sides on the other core, the ring
    /// alone is this core's. Nil: compose everything here.
    private func plainOverlayBeside(_ painter: FramePainter, canvas: Canvas, screen: WriteOnlyCanvas) -> (rest: Region, streamer: RowStreamer)? {
        guard streamsWhileDrawing, Self.hasSpareCore, screen.width == canvas.width, screen.height == canvas.height,
              let plain = painter.plainOverlay(width: canvas.width, height: canvas.height), !plain.areas.isEmpty else { return nil }
        let streamer = rowStreamer ?? RowStreamer()
        rowStreamer = streamer
        for area in plain.areas {
            for top in stride(from: area.minY, to: area.maxY, by: Self.plainRowsPerJob) {
                let part = IntRect(x: area.minX, y: top, width: area.width, height: min(Self.plainRowsPerJob, area.maxY - top))
                streamer.hand(RowStreamer.Job(mixing: plain.pixel, alpha: plain.alpha, over: canvas, rect: part, into: screen))
            }
        }
        return (Self.uncovered(by: plain.areas, in: canvas.bounds), streamer)
    }

    /// What of `bounds` no rectangle of `areas` covers (`areas` not overlapping), in bands
    /// of rows between their edges.
    static func uncovered(by areas: [IntRect], in bounds: IntRect) -> Region {
        var edges = Set([bounds.minY, bounds.maxY])
        for area in areas { edges.insert(area.minY); edges.insert(area.maxY) }
        let rows = edges.filter { $0 >= bounds.minY && $0 <= bounds.maxY }.sorted()
        var rest = Region()
        for (top, bottom) in zip(rows, rows.dropFirst()) where bottom > top {
            var x = bounds.minX
            for area in areas.filter({ $0.minY <= top && $0.maxY >= bottom }).sorted(by: { $0.minX < $1.minX }) {
                if area.minX > x { rest.add(IntRect(x: x, y: top, width: area.minX - x, height: bottom - top)) }
                x = max(x, area.maxX)
            }
            if x < bounds.maxX { rest.add(IntRect(x: x, y: top, width: bounds.maxX - x, height: bottom - top)) }
        }
        return rest
    }
}
