import Foundation
import LecternTestSupport
import Raster
import XCTest
@testable import Typeset

/// A picture taller than the screen in `DecodedPictures`' background mode: the bands a
/// draw misses are decoded by the worker, those at and beyond the screen's edges kept
/// (not those inside it, drawn already), so a scroll whose worker keeps up never meets a
/// band unpainted; an opaque band not held yet is no
/// cover for the page's background.
final class TallPictureInBackgroundTests: XCTestCase {
    let bandBytes = 600 * 128 * 4

    /// The 1200×3000 test pattern shown 600×1500 (12 bands of 128 rows).
    func page(pictures: DecodedPictures) throws -> (PageLayout, PlacedImage) { try tallPatternPage(pictures: pictures) }

    func inBackground() -> DecodedPictures {
        let pictures = DecodedPictures(budget: 4 << 20)
        pictures.decodesInBackground = true
        return pictures
    }

    /// An 800-row screen scrolled 40 rows a frame from the top of the page to its bottom,
    /// the worker waited for between frames (it keeps up): after the first screen no strip
    /// leaves a band unpainted, the bands inside the screen are let go, and the page drawn
    /// strip by strip shows the picture's pixels.
    func testAScrollMeetsBandsDecodedAhead() throws {
        let pictures = inBackground()
        let (layout, image) = try page(pictures: pictures)
        let bitmap = try whiteBitmap(width: 620, height: layout.height)
        let screen = 800, margin = screen / 4
        layout.draw(into: bitmap.canvas, originX: 0, originY: 0, clip: IntRect(x: 0, y: 0, width: 620, height: screen),
                    onScreen: RowsOnScreen(rows: 0..<screen, margin: margin))
        pictures.waitForWorker()
        // The rows left unpainted, now that their bands arrived (what the loop draws again).
        let arrived = layout.rects(showing: pictures.takeArrivedRows())
        XCTAssertEqual(arrived.map(\.height).reduce(0, +), 4 * 128, "bands 2-5 (the screen shows rows 0-754), not 0-1 kept by layout")
        for rect in arrived {
            layout.draw(into: bitmap.canvas, originX: 0, originY: 0, clip: rect, onScreen: RowsOnScreen(rows: 0..<screen, margin: margin))
        }
        var unpainted = 0, most = 0
        for top in stride(from: 40, through: layout.height - screen, by: 40) {
            // The canvas is the page: the screen's rows are [top, top + screen).
            layout.draw(into: bitmap.canvas, originX: 0, originY: 0, clip: IntRect(x: 0, y: top + screen - 40, width: 620, height: 40),
                        onScreen: RowsOnScreen(rows: top..<top + screen, margin: margin))
            if pictures.takeArrivals() { unpainted += 1 }
            pictures.waitForWorker()
            if pictures.takeArrivals() { unpainted += 1 }
            most = max(most, pictures.bytes)
        }
        XCTAssertEqual(unpainted, 0, "every strip found its bands decoded ahead")
        // Each edge with its margin (201 rows: two bands, three where they straddle), the
        // strip's and the spare; the screen's 800 rows with their margins would be nine.
        XCTAssertLessThanOrEqual(most, (6 + FilePicture.aheadBands) * bandBytes)
        let whole = try Image(contentsOfFile: try XCTUnwrap(image.file).file, fit: ImageFit(maxWidth: 600, maxHeight: ImageLimits.maxSide))
        for row in [0, 127, 128, 700, 1371, 1499] {
            let drawn = Array(UnsafeBufferPointer(start: bitmap.canvas.row(image.rect.minY + row) + image.rect.minX, count: 600))
            XCTAssertEqual(drawn, Array(UnsafeBufferPointer(start: whole.canvas.row(row), count: 600)), "row \(row) of the picture")
        }
    }

    /// The opaque picture covers the background only where its bands are held: elsewhere
    /// the page's background is filled under it until they arrive.
    func testAnOpaqueBandNotHeldIsNoCover() throws {
        let pictures = inBackground()
        let (layout, image) = try page(pictures: pictures)
        XCTAssertTrue(image.isOpaque)
        let clip = IntRect(x: 0, y: image.rect.minY + 600, width: 620, height: 300)
        XCTAssertEqual(layout.opaqueCover(originX: 0, originY: 0, clip: clip), [], "bands 4-7 are not held")
        let top = IntRect(x: 0, y: image.rect.minY, width: 620, height: 200)
        XCTAssertFalse(layout.opaqueCover(originX: 0, originY: 0, clip: top).isEmpty, "bands 0-1, kept by layout")
        let bitmap = try whiteBitmap(width: 620, height: layout.height)
        layout.draw(into: bitmap.canvas, originX: 0, originY: 0, clip: clip)
        pictures.waitForWorker()
        XCTAssertEqual(layout.opaqueCover(originX: 0, originY: 0, clip: clip),
                       [IntRect(x: image.rect.minX, y: clip.minY, width: 600, height: 300)])
    }
}
