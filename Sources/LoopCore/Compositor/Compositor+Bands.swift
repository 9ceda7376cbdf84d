import Frames
import Raster

/// A page drawn whole (nothing of it held) where the display offers its back buffer and
/// the process has a core to spare: drawn into the shadow in bands of rows, each band
/// handed as soon as it is drawn to the `RowStreamer`, which streams it into the same rows
/// of the back buffer on the other core while this one draws the next. Drawing is bound
/// by the CPU and the stream by memory: the frame costs about the longer of the two, not
/// their sum. The shadow holds the frame as the screen shows it (`held` stays `.frame`);
/// the back buffer's window is written whole (`.direct`), so the display copies nothing
/// into it and owes the other buffer all of it.
///
/// The streaming thread reads only rows of a band already drawn, which no later band
/// writes (the painter draws inside its clip), and writes only the back buffer's window,
/// which nothing else writes before `wait` returns.
extension Compositor {
    /// Bands per frame: more shortens the stream of the last band, which nothing overlaps,
    /// but each band walks the page's items that meet it again (docs/performance.md).
    static let bandsPerFrame = 8

    /// Asked once: the cores this process may run on do not change while it runs.
    static let hasSpareCore = RowStreamer.machineHasSpareCore

    /// The back buffer's window, when this frame is to be drawn in bands into it.
    func bandedScreen(_ painter: FramePainter, canvas: Canvas, scanout: ScanoutSurface?) -> WriteOnlyCanvas? {
        guard streamsWhileDrawing, Self.hasSpareCore, let scanout, painter.drawsInBands(clip: canvas.bounds),
              let screen = scanout.directFrame(), screen.width == canvas.width, screen.height == canvas.height else { return nil }
        return screen
    }

    /// The page layer drawn whole into `canvas` band by band, each band streamed into the
    /// same rows of `screen` beside the drawing of the next; returns once all are
    /// streamed. `pageDamage` is all of it.
    func drawFullInBands(_ painter: FramePainter, into canvas: Canvas, screen: WriteOnlyCanvas) -> Path {
        let streamer = rowStreamer ?? RowStreamer()
        rowStreamer = streamer
        pageDamage.removeAll()
        let rows = (canvas.height + Self.bandsPerFrame - 1) / Self.bandsPerFrame
        var top = 0
        while top < canvas.height {
            let band = IntRect(x: 0, y: top, width: canvas.width, height: min(rows, canvas.height - top))
            painter.drawPage(clip: band, into: canvas, shiftX: 0)
            streamer.stream(RowStreamer.Job(rows: band.minY..<band.maxY, of: canvas, to: screen))
            top = band.maxY
        }
        streamer.wait()
        pageDamage.add(canvas.bounds)
        return .drawn
    }
}
