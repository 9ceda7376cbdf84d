import Foundation
import KioskHeadless
import PDFPages
import Raster
import XCTest
@testable import Kiosk

/// Zoomed PDF sheets: one finger moving sideways pans one (it took a two-finger movement
/// that began as a pinch) and at the sheet's edge pulls the page, so the menu stays
/// reachable; a sheet that failed to render at one zoom is tried again at another.
/// Poppler renders the fixture.
final class PDFZoomedSheetTests: PDFTestCase {
    func testOneFingerPansAZoomedSheetAndAtItsEdgePullsForTheMenu() throws {
        let (assembly, player) = try makePlayer(pdfConfig())
        let pdf = try XCTUnwrap(assembly.content.pdf)
        let scene = assembly.scene, content = assembly.content
        settle(player, at: 0.1)
        XCTAssertNil(content.sheetPan(page: 0, width: scene.textWidth), "a sheet at zoom 1 fits: nothing to pan")

        // Two fingers 120 px apart spread to 240 px: the sheets zoom about 2×.
        try play("""
            0.5 drag 0 340 300 280 300 0.4
            0.5 drag 1 460 300 520 300 0.4
            """, on: player)
        settle(player, at: 1.2)
        XCTAssertGreaterThan(content.textZoom, 1.5)
        let limit = try XCTUnwrap(content.sheetPan(page: 0, width: scene.textWidth)).limit
        XCTAssertGreaterThan(limit, 300, "a zoomed sheet is wider than the text area")

        // To the sheet's left edge (the finger moves right): the sheet moves, the page is
        // not pulled (no back pull, no sideways shift).
        try play("2 drag 0 100 400 \(100 + limit + 100) 400 0.5\n3 wait", on: player)
        XCTAssertEqual(pdf.panX, 0, "the sheet shows its left edge")
        XCTAssertEqual(scene.horizontal.offset(at: 3), 0, accuracy: 0.5, "the page was not pulled")

        // 150 px left: the sheet follows the finger.
        player.render(at: 3.1)
        let before = try Bitmap(width: width, height: height)
        before.canvas.blit(player.canvas, from: player.canvas.bounds, toX: 0, y: 0)
        try play("4 drag 0 500 400 350 400 0.3\n5 wait", on: player)
        XCTAssertEqual(pdf.panX, 150, accuracy: 3, "the sheet moved as far as the finger")
        XCTAssertFalse(scene.menu.isPresented)
        player.render(at: 5.1)
        XCTAssertGreaterThan(differingPixels(before.canvas, player.canvas), 1000, "the frame shows the sheet moved")

        // On to its right edge, then once more: at the edge the drag is the menu's pull.
        try play("6 drag 0 700 400 \(700 - limit) 400 0.5\n7 wait", on: player)
        XCTAssertEqual(pdf.panX, limit, accuracy: 0.5)
        XCTAssertFalse(scene.menu.isPresented, "a drag that pans the sheet does not pull")
        try play("8 drag 0 760 400 \(760 - fingerDistance(progress: 1.3)) 400 0.4\n9.5 wait", on: player)
        XCTAssertTrue(scene.menu.isPresented, "at the sheet's right edge a pull brings the menu")
        XCTAssertEqual(pdf.panX, limit, accuracy: 0.5, "the pull left the sheet where it was")
    }

    /// A renderer killed as it starts: page 1 is a placeholder at zoom 1. Zoomed, the sheet
    /// is wanted at another width and rendered (it was remembered as failed for good).
    func testASheetThatFailedAtOneZoomIsRenderedAtAnother() throws {
        let path = try freshCopy(of: Self.fixture, named: "brochure.pdf", in: try temporaryDirectory("zoom-retry"))
        var config = pdfConfig()
        config.pages = [.init(title: "Brochure", source: .file(path: path))]
        _ = captureLog()
        let queue = PDFRenderQueue.shared
        queue.onRendererStart = { kill($0, SIGKILL) }
        defer { queue.onRendererStart = nil }
        let (assembly, player) = try makePlayer(config)
        let pdf = try XCTUnwrap(assembly.content.pdf)
        settle(player, at: 0.1)
        assertColor(player.canvas, width / 2, height - 20, PDFContent.placeholderColor, tolerance: 0)

        queue.onRendererStart = nil
        try play("""
            0.5 drag 0 340 300 280 300 0.4
            0.5 drag 1 460 300 520 300 0.4
            """, on: player)
        settle(player, at: 1.2)
        XCTAssertGreaterThan(assembly.content.textZoom, 1.5)
        let shown = try XCTUnwrap(player.canvas.color(x: width / 2, y: height - 20))
        XCTAssertGreaterThan(Int(shown.red), 200, "page 1 (red) is shown at the new zoom")
        XCTAssertLessThan(Int(shown.green), 80, "not the placeholder")
    }

    private func differingPixels(_ a: Canvas, _ b: Canvas) -> Int {
        var count = 0
        for y in 0..<height {
            for x in 0..<width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { count += 1 }
        }
        return count
    }
}
