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
/// writes (the painter draws inside its clip), writes the back buffer's window, which
/// nothing else writes before `wait` returns, and fills the rows of bands not drawn yet,
/// each done before its band is drawn.
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
    ///
    /// Where the painter fills a whole band with one colour first (`pageBackground`), the
    /// streaming thread fills it before the band is drawn, so this core draws only what
    /// lies over it: that fill stores every pixel, a third of a text page's drawing, and
    /// the thread has room for it beside a band's stream. The thread's order: fill 1,
    /// stream 0, fill 2, stream 1, ...; band i is drawn once its fill is done.
    func drawFullInBands(_ painter: FramePainter, into canvas: Canvas, screen: WriteOnlyCanvas) -> Path {
        let streamer = rowStreamer ?? RowStreamer()
        rowStreamer = streamer
        pageDamage.removeAll()
        let rows = (canvas.height + Self.bandsPerFrame - 1) / Self.bandsPerFrame
        let bands = stride(from: 0, to: canvas.height, by: rows).map {
            IntRect(x: 0, y: $0, width: canvas.width, height: min(rows, canvas.height - $0))
        }
        // Jobs handed so far, and the place among them of each band's fill.
        var handed = 0
        var fills = [Int?](repeating: nil, count: bands.count)
        func handFill(_ i: Int) {
            guard i < bands.count, let color = painter.pageBackground(clip: bands[i]) else { return }
            streamer.hand(RowStreamer.Job(filling: bands[i], of: canvas, with: color))
            fills[i] = handed
            handed += 1
        }
        handFill(1)  // the first band is filled here: nothing would overlap it
        for (i, band) in bands.enumerated() {
            if let fill = fills[i] { streamer.wait(allButLast: handed - fill - 1) }
            painter.drawPage(clip: band, into: canvas, shiftX: 0, overBackground: fills[i] != nil)
            streamer.hand(RowStreamer.Job(rows: band.minY..<band.maxY, of: canvas, to: screen))
            handed += 1
            handFill(i + 2)
        }
        streamer.wait()
        pageDamage.add(canvas.bounds)
        return .drawn
    }
}
