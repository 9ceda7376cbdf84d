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
            XCTAssertEqual(bandedCompositor.rowStreamer?.streamed, Compositor.bandsPerFrame, "\(w)×\(h): one job per band")
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
