import Raster
import XCTest
@testable import Kiosk

/// The menu fade mixes the layer only along the runs where it is not the overlay colour,
/// and the overlay colour elsewhere: the result must be the whole layer mixed over the page.
final class MenuLayerSpansTests: XCTestCase {
    let overlay = Color(argb: 0xFF15_181C)

    /// A layer of the overlay colour with two discs and a label-like bar, over a noisy page.
    func makeLayerAndPage(width: Int, height: Int) throws -> (Bitmap, Bitmap) {
        let layer = try Bitmap(width: width, height: height)
        layer.canvas.fill(layer.canvas.bounds, color: overlay)
        layer.canvas.fillCircle(centerX: 40.3, centerY: 30.7, radius: 17.5, color: Color(argb: 0xFFE0_4020))
        layer.canvas.fillCircle(centerX: 150, centerY: 34, radius: 20, color: Color(argb: 0xFF30_A0F0))
        layer.canvas.fill(IntRect(x: 60, y: 70, width: 73, height: 5), color: Color(argb: 0xFFFF_FFFF))
        let page = try Bitmap(width: width, height: height)
        var seed: UInt32 = 12345
        for y in 0..<height {
            for x in 0..<width {
                seed = seed &* 1_103_515_245 &+ 12345
                page.canvas.row(y)[x] = seed | 0xFF00_0000
            }
        }
        return (layer, page)
    }

    func testRunsCoverExactlyThePixelsThatAreNotTheOverlay() throws {
        let (layer, _) = try makeLayerAndPage(width: 200, height: 100)
        let spans = MenuLayerSpans(layer: layer.canvas, overlay: overlay, box: layer.canvas.bounds)
        var inRuns = Set<Int>()
        for y in 0..<100 {
            for i in Int(spans.rowStart[y])..<Int(spans.rowStart[y + 1]) {
                let run = spans.runs[i]
                XCTAssertLessThan(run.from, run.to)
                if i > Int(spans.rowStart[y]) {
                    XCTAssertGreaterThanOrEqual(Int(run.from - spans.runs[i - 1].to), MenuLayerSpans.mergeGap, "closer runs are merged")
                }
                for x in Int(run.from)..<Int(run.to) { inRuns.insert(y * 200 + x) }
            }
        }
        for y in 0..<100 {
            for x in 0..<200 where layer.canvas.row(y)[x] & 0xFF_FFFF != overlay.argb & 0xFF_FFFF {
                XCTAssertTrue(inRuns.contains(y * 200 + x), "pixel (\(x), \(y)) differs from the overlay but lies in no run")
            }
        }
        // Both discs share rows 14...48 but are more than the merge gap apart: two runs there.
        XCTAssertEqual(spans.rowStart[31] + 2, spans.rowStart[32])
        XCTAssertLessThan(spans.area, 200 * 100 / 3, "runs cover the items, not the layer")
    }

    func testComposeEqualsTheWholeLayerMixedOverThePage() throws {
        let w = 200, h = 100
        let (layer, page) = try makeLayerAndPage(width: w, height: h)
        let spans = MenuLayerSpans(layer: layer.canvas, overlay: overlay, box: IntRect(x: 10, y: 5, width: 180, height: 80))
        for alpha in [0, 1, 77, 128, 229, 255] {
            let want = try Bitmap(width: w, height: h)
            want.canvas.composite(layer.canvas, over: page.canvas, alpha: Double(alpha) / 255, rect: want.canvas.bounds)
            for streaming in [false, true] {
                let got = try Bitmap(width: w, height: h)
                // Damage-sized pieces, one crossing the discs, as the renderer composes them.
                for rect in [IntRect(x: 0, y: 0, width: w, height: 20), IntRect(x: 0, y: 20, width: 37, height: 80),
                             IntRect(x: 37, y: 20, width: w - 37, height: 80)] {
                    spans.compose(layer: layer.canvas, overlay: overlay, over: page.canvas, into: streaming ? .writeOnly(WriteOnlyCanvas(got.canvas)) : .cached(got.canvas),
                                  alpha: alpha, rect: rect)
                }
                WriteOnlyCanvas.finish()
                var differing = 0
                for y in 0..<h {
                    for x in 0..<w where got.canvas.row(y)[x] & 0xFF_FFFF != want.canvas.row(y)[x] & 0xFF_FFFF { differing += 1 }
                }
                XCTAssertEqual(differing, 0, "alpha \(alpha), streaming \(streaming)")
            }
        }
    }
}
