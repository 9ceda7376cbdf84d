import Frames
import Kiosk
import LecternLog
import Logging
@testable import LoopCore
import PlatformEmbedded
import Raster
import Geometry
import XCTest
@testable import Display

/// A page drawn whole in bands, each streamed into the back scan-out buffer by the
/// `RowStreamer`'s thread while the next is drawn: the buffer shown equals the shadow and
/// the frame the copy path shows, pixel for pixel, at sizes whose rows do not all fall
/// into equal bands; the painter writes only inside each band (what lets the thread read
/// the bands before it); and without a back buffer to write (a rotated panel) or a core
/// to spare, the frame is copied as before. (The frames after one drawn in bands, a fling,
/// a pull, a fade, on both buffers: ScanoutPanningTests and HeadlessCompositorTests, whose
/// loops draw their first frame so.)
final class BandedFullFrameTests: XCTestCase {
    private func display(width: Int, height: Int, rotation: Rotation = .r0) throws -> KMSDisplay {
        let (w, h) = rotation.swapsAxes ? (height, width) : (width, height)
        let mode = DisplayMode(width: w, height: h, refresh: 60, preferred: true)
        let device = MemoryKMSDevice.recordingCard(connectors: [connector(5, "Virtual-1", modes: [mode])])
        device.driverName = "bochs-drm"
        let display = KMSDisplay(device: device, rotation: rotation, log: Logger { _ in })
        try display.start()
        return display
    }

    /// The long built-in page at `width`×`height` (text, headings, a list, a code block).
    private func painter(width: Int, height: Int) throws -> ScenePainter {
        var config = KioskConfig.builtIn
        config.pages = [config.pages[2]] + config.pages
        let assembly = try KioskAssembly(config: config, width: width, height: height)
        return SceneRenderer(scene: assembly.scene).frame(at: 0)
    }

    /// Pixels (colour only) where two canvases of one size differ.
    private func differing(_ a: Canvas, _ b: Canvas) -> Int {
        var n = 0
        for y in 0..<a.height {
            let p = a.row(y), q = b.row(y)
            for x in 0..<a.width where p[x] & 0xFF_FFFF != q[x] & 0xFF_FFFF { n += 1 }
        }
        return n
    }

    func testAFrameDrawnInBandsShowsTheShadowAndWhatTheCopyShows() throws {
        try XCTSkipUnless(RowStreamer.machineHasSpareCore, "one core: whole frames are copied")
        for (w, h) in [(1280, 800), (1920, 1080), (333, 97)] {
            let painter = try painter(width: w, height: h)
            let banded = try display(width: w, height: h), copied = try display(width: w, height: h)
            let bandedCompositor = Compositor(streamsWhileDrawing: true), copyingCompositor = Compositor(streamsWhileDrawing: false)
            let composed = bandedCompositor.compose(painter, canvas: try XCTUnwrap(banded.canvas), scanout: banded)
            XCTAssertEqual(bandedCompositor.lastPath, .drawn, "\(w)×\(h)")
            guard case .direct = composed.scanout else { return XCTFail("\(w)×\(h): not written into the back buffer: \(composed.scanout)") }
            XCTAssertEqual(composed.damage, Region(IntRect(x: 0, y: 0, width: w, height: h)))
            XCTAssertEqual(bandedCompositor.held, .frame(painter.frame), "\(w)×\(h): the shadow holds the frame on screen")
            XCTAssertNotEqual(try banded.present(composed), .skipped)
            XCTAssertEqual(banded.counts.directFrames, 1)
            let reference = copyingCompositor.compose(painter, canvas: try XCTUnwrap(copied.canvas), scanout: copied)
            guard case .copy = reference.scanout else { return XCTFail("\(w)×\(h): the copy path wrote the buffer") }
            XCTAssertNotEqual(try copied.present(reference), .skipped)

            let screen = try XCTUnwrap(banded.shownCanvas), shadow = try XCTUnwrap(banded.canvas)
            XCTAssertEqual(differing(screen, shadow), 0, "\(w)×\(h): the buffer shown is the shadow")
            XCTAssertEqual(differing(screen, try XCTUnwrap(copied.shownCanvas)), 0, "\(w)×\(h): and what the copy path shows")
            XCTAssertEqual(differing(shadow, try XCTUnwrap(copied.canvas)), 0, "\(w)×\(h): both shadows hold the same page")
            XCTAssertEqual(bandedCompositor.rowStreamer?.done, 2 * Compositor.bandsPerFrame - 1, "\(w)×\(h): a stream per band, a fill per band but the first")
            // The page is not one colour: a band left out would show.
            let first = shadow.row(0)[0]
            XCTAssertTrue((0..<h).contains { y in (0..<w).contains { shadow.row(y)[$0] != first } })
        }
    }

    /// Each band's draw writes its rows only: the rows the streaming thread reads while
    /// the next band is drawn are never written again (a race otherwise).
    func testEachBandIsDrawnInsideItsRows() throws {
        let (w, h) = (1920, 1080)
        let painter = try painter(width: w, height: h)
        let bitmap = try Bitmap(width: w, height: h)
        let canvas = bitmap.canvas
        let rows = (h + Compositor.bandsPerFrame - 1) / Compositor.bandsPerFrame
        let sentinel: UInt32 = 0x1234_5678
        for top in stride(from: 0, to: h, by: rows) {
            canvas.fill(canvas.bounds, color: Color(argb: sentinel))
            let band = IntRect(x: 0, y: top, width: w, height: min(rows, h - top))
            painter.drawPage(clip: band, into: canvas, shiftX: 0)
            var outside = 0, inside = 0
            for y in 0..<h {
                let row = canvas.row(y)
                for x in 0..<w where row[x] != sentinel { if band.contains(y: y) { inside += 1 } else { outside += 1 } }
            }
            XCTAssertEqual(outside, 0, "rows \(band.minY)..<\(band.maxY): pixels written outside the band")
            XCTAssertEqual(inside, w * band.height, "rows \(band.minY)..<\(band.maxY): the band drawn whole")
        }
    }

    /// A band drawn over its background (filled on the streaming thread) is the band drawn
    /// whole, pixel for pixel; and the painter does leave its fill out then (the rows
    /// between the lines keep what was there).
    func testABandDrawnOverItsBackgroundIsTheBandDrawnWhole() throws {
        let (w, h) = (1280, 800)
        let painter = try painter(width: w, height: h)
                let whole = try Bitmap(width: w, height: h), over = try Bitmap(width: w, height: h), bare = try Bitmap(width: w, height: h)
        let sentinel = Color(argb: 0x1234_5678)
        let rows = (h + Compositor.bandsPerFrame - 1) / Compositor.bandsPerFrame
        for top in stride(from: 0, to: h, by: rows) {
            let band = IntRect(x: 0, y: top, width: w, height: min(rows, h - top))
            let background = try XCTUnwrap(painter.pageBackground(clip: band), "a page of text: its background fills every band")
            for b in [whole, over, bare] { b.canvas.fill(b.canvas.bounds, color: sentinel) }
            painter.drawPage(clip: band, into: whole.canvas, shiftX: 0)
            over.canvas.fill(band, color: background)
            painter.drawPage(clip: band, into: over.canvas, shiftX: 0, overBackground: true)
            painter.drawPage(clip: band, into: bare.canvas, shiftX: 0, overBackground: true)
            XCTAssertEqual(differing(whole.canvas, over.canvas), 0, "rows \(band.minY)..<\(band.maxY)")
            var untouched = 0
            for y in band.minY..<band.maxY { for x in 0..<w where bare.canvas.row(y)[x] == sentinel.argb { untouched += 1 } }
            XCTAssertGreaterThan(untouched, w * band.height / 2, "rows \(band.minY)..<\(band.maxY): the background filled again")
        }
    }

    /// Each band is drawn only once the streaming thread has filled its rows with the
    /// background: a painter that draws at once (no glyphs to lay out) finds every pixel
    /// of its band filled when asked, in each of 8 first frames.
    func testEachBandIsDrawnOnlyOnceItsBackgroundIsFilled() throws {
        try XCTSkipUnless(RowStreamer.machineHasSpareCore, "one core: whole frames are copied")
        let (w, h) = (1280, 800)
        let compositor = Compositor(streamsWhileDrawing: true)
        for frame in 0..<8 {
            let display = try display(width: w, height: h)
            let canvas = try XCTUnwrap(display.canvas)
            canvas.fill(canvas.bounds, color: Color(argb: 0xFF00_0000))
            let painter = BackgroundCheckingPainter(width: w, height: h, key: frame, background: Color(argb: 0xFF10_2030 &+ UInt32(frame)))
            let composed = compositor.compose(painter, canvas: canvas, scanout: display)
            guard case .direct = composed.scanout else { return XCTFail("frame \(frame) not drawn in bands: \(composed.scanout)") }
            XCTAssertEqual(painter.log.bands, Compositor.bandsPerFrame - 1, "frame \(frame): every band but the first filled on the thread")
            XCTAssertEqual(painter.log.unfilled, [], "frame \(frame): bands drawn before their background was filled")
            XCTAssertNotEqual(try display.present(composed), .skipped)
        }
    }

    /// A rotated panel offers no back buffer to write (frames are drawn in logical
    /// pixels), and a compositor without a spare core does not ask: the frame is copied.
    func testRotatedPanelsAndOneCoreCopyTheFrame() throws {
        let (w, h) = (320, 200)
        let painter = try painter(width: w, height: h)
        let rotated = try display(width: w, height: h, rotation: .r90)
        var composed = Compositor(streamsWhileDrawing: true).compose(painter, canvas: try XCTUnwrap(rotated.canvas), scanout: rotated)
        guard case .copy = composed.scanout else { return XCTFail("rotated: \(composed.scanout)") }
        let plain = try display(width: w, height: h)
        let oneCore = Compositor(streamsWhileDrawing: false)
        composed = oneCore.compose(painter, canvas: try XCTUnwrap(plain.canvas), scanout: plain)
        guard case .copy = composed.scanout else { return XCTFail("one core: \(composed.scanout)") }
        XCTAssertNil(oneCore.rowStreamer, "no thread made")
    }
}

private extension IntRect {
    func contains(y: Int) -> Bool { y >= minY && y < maxY }
}

/// A page painter with a background that draws nothing over it, at once: it notes each band
/// whose first and last pixels did not hold the background when it was asked to draw over it.
private final class BackgroundCheckingPainter: FramePainter {
    final class Log { var bands = 0; var unfilled: [Int] = [] }
    let frame: FrameDescription
    let background: Color
    let log = Log()

    init(width: Int, height: Int, key: Int, background: Color) {
        frame = FrameDescription(content: .page, page: .init(generation: key, page: 0, width: width, height: height),
                                 scrollY: 0, shiftX: 0, decorations: Decorations(), overlays: .init(key: .init(), direct: true))
        self.background = background
    }

    func pageBackground(clip: IntRect) -> Color? { background }

    func drawPage(clip: IntRect, into canvas: Canvas, shiftX: Int) {
        canvas.fill(clip, color: background)
    }

    func drawPage(clip: IntRect, into canvas: Canvas, shiftX: Int, overBackground: Bool) {
        guard overBackground else { return drawPage(clip: clip, into: canvas, shiftX: shiftX) }
        log.bands += 1
        let want = background.argb
        // The fill's last pixel (it fills row after row) and the first: a check of every
        // pixel would itself give the thread the time it needs.
        if canvas.row(clip.maxY - 1)[clip.maxX - 1] != want || canvas.row(clip.minY)[clip.minX] != want { log.unfilled.append(clip.minY) }
    }

    func drawWhole(into canvas: Canvas) {}
    func composeOverlays(over page: Canvas, into destination: PixelDestination, region: Region) {}
}
