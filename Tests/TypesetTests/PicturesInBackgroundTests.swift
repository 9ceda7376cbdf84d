import Foundation
import LecternTestSupport
import Raster
import XCTest
@testable import Typeset

/// `DecodedPictures`' background mode: a draw draws what is held and leaves the decoding
/// to the worker (the area shows what was under it), the pictures about to come into
/// view are decoded ahead, no band is asked for twice, and a file that went away draws
/// nothing, as when the draw decodes.
final class PicturesInBackgroundTests: XCTestCase {
    let red = Color(red: 0xE0, green: 0x1B, blue: 0x24)
    let white = Color(red: 255, green: 255, blue: 255)

    /// Six 1000-px PNGs shown 600 px wide (1.4 MB each) under a 2 MB budget: after layout
    /// only the last is held.
    func page(pictures: DecodedPictures, file: String = TestImages.path("icon-1000.png")) throws -> PageLayout {
        var style = TextStyle.pinned([Fonts.dejaVu], size: 16)
        style.margins = .init(all: 10)
        let typesetter = try Typesetter(style: style)
        typesetter.pictures = pictures
        let source = (1...6).map { "Picture \($0):\n\n![circle \($0)](\(file))\n\n" }.joined()
        return typesetter.layout(.markdown(source), width: 620)
    }

    func inBackground(budget: Int = 2 << 20) -> (DecodedPictures, Arrivals) {
        let pictures = DecodedPictures(budget: budget)
        let arrivals = Arrivals()
        pictures.onDecoded = { arrivals.count() }
        pictures.decodesInBackground = true
        return (pictures, arrivals)
    }

    /// Counts `onDecoded` calls (made on the worker).
    final class Arrivals: @unchecked Sendable {
        private let lock = NSLock()
        private var made = 0
        func count() { lock.withLock { made += 1 } }
        var calls: Int { lock.withLock { made } }
    }

    /// The draw returns with the worker held back: nothing was decoded on the caller's
    /// thread and the picture's area is what was there (white); once the worker ran, the
    /// next draw shows the picture.
    func testADrawLeavesTheDecodingToTheWorker() throws {
        let (pictures, arrivals) = inBackground()
        let layout = try page(pictures: pictures)
        let first = try XCTUnwrap(layout.images[0].file), rect = layout.images[0].rect
        XCTAssertFalse(pictures.holds(first))
        let decodedByLayout = pictures.decodes
        let bitmap = try whiteBitmap(width: 620, height: 700)
        // Down to the first picture's bottom: the second is not in it.
        let clip = IntRect(x: 0, y: 0, width: 620, height: rect.maxY)
        pictures.worker.suspend()
        layout.draw(into: bitmap.canvas, originX: 0, originY: 0, clip: clip)
        XCTAssertEqual(pictures.decodes, decodedByLayout, "no decode in the draw")
        XCTAssertFalse(pictures.holds(first))
        XCTAssertFalse(pictures.isSettled, "a job is queued")
        XCTAssertEqual(bitmap.canvas.color(x: rect.x + rect.width / 2, y: rect.y + rect.height / 2), white, "the area left unpainted")
        pictures.worker.resume()
        pictures.waitForWorker()
        XCTAssertEqual(pictures.decodes, decodedByLayout + 1, "decoded once, on the worker")
        XCTAssertEqual(arrivals.calls, 1)
        XCTAssertTrue(pictures.holds(first))
        XCTAssertTrue(pictures.takeArrivals(), "the draw left it unpainted: the page is owed a draw")
        XCTAssertTrue(pictures.isSettled)
        layout.draw(into: bitmap.canvas, originX: 0, originY: 0, clip: clip)
        XCTAssertEqual(bitmap.canvas.color(x: rect.x + rect.width / 2, y: rect.y + rect.height / 2), red)
        XCTAssertEqual(pictures.decodes, decodedByLayout + 1, "held: not decoded again")
    }

    /// A picture just below the screen (in `ahead`, not in the clip) is decoded before
    /// it is drawn: the draw that brings it in shows it at once, decoding nothing.
    func testAPictureJustBelowTheScreenIsDecodedAhead() throws {
        let (pictures, _) = inBackground()
        let layout = try page(pictures: pictures)
        let first = layout.images[0].rect, second = layout.images[1].rect
        let secondPicture = try XCTUnwrap(layout.images[1].file)
        let bitmap = try whiteBitmap(width: 620, height: 600)
        // The screen shows the first picture; the second starts within a quarter screen below.
        XCTAssertLessThan(second.minY - first.minY, 600 + 150)
        layout.draw(into: bitmap.canvas, originX: 0, originY: -first.minY, clip: bitmap.canvas.bounds, onScreen: RowsOnScreen(rows: 0..<600, margin: 150))
        pictures.waitForWorker()
        XCTAssertTrue(pictures.holds(secondPicture), "decoded ahead")
        let decoded = pictures.decodes
        layout.draw(into: bitmap.canvas, originX: 0, originY: -second.minY, clip: bitmap.canvas.bounds, onScreen: RowsOnScreen(rows: 0..<600, margin: 150))
        XCTAssertEqual(bitmap.canvas.color(x: second.x + second.width / 2, y: second.height / 2), red, "drawn in the frame that brings it in")
        XCTAssertEqual(pictures.decodes, decoded, "nothing decoded for it")
    }

    /// Three draws of the same rows before the worker runs ask for one decode.
    func testNoBandIsAskedForTwice() throws {
        let (pictures, arrivals) = inBackground()
        let layout = try page(pictures: pictures)
        let decodedByLayout = pictures.decodes
        let bitmap = try whiteBitmap(width: 620, height: 500)
        let clip = IntRect(x: 0, y: 0, width: 620, height: 500)
        pictures.worker.suspend()
        for _ in 0..<3 { layout.draw(into: bitmap.canvas, originX: 0, originY: 0, clip: clip, onScreen: RowsOnScreen(rows: 0..<500, margin: 0)) }
        pictures.worker.resume()
        pictures.waitForWorker()
        XCTAssertEqual(pictures.decodes, decodedByLayout + 1)
        XCTAssertEqual(arrivals.calls, 1)
    }

    /// Pictures that arrived for a draw are kept until it draws them, whatever the budget
    /// says; then they go down to the budget (the screen holds their pixels).
    func testArrivalsAreKeptForTheirDrawThenTheBudgetRules() throws {
        let (pictures, _) = inBackground()
        let layout = try page(pictures: pictures)
        let bitmap = try whiteBitmap(width: 620, height: 1400)
        let files = try layout.images.map { try XCTUnwrap($0.file) }
        // Pictures 1 to 3 on a 1400-row screen (the third cut by its bottom edge).
        let originY = -layout.images[0].rect.minY
        let screen = RowsOnScreen(rows: 0..<1400, margin: 0)
        layout.draw(into: bitmap.canvas, originX: 0, originY: originY, clip: bitmap.canvas.bounds, onScreen: screen)
        pictures.waitForWorker()
        XCTAssertTrue(files[0...2].allSatisfy(pictures.holds), "4.3 MB over a 2 MB budget, kept for the draw they are owed to")
        XCTAssertFalse(pictures.holds(files[5]), "the one layout kept went for them")
        // What the loop does then: the rows left unpainted drawn again, and nothing else.
        let arrived = layout.rects(showing: pictures.takeArrivedRows())
        XCTAssertEqual(Set(arrived), Set(layout.images[0...2].map(\.rect)))
        for rect in arrived {
            layout.draw(into: bitmap.canvas, originX: 0, originY: originY, clip: rect.offsetBy(dx: 0, dy: originY), onScreen: screen)
        }
        for image in layout.images[0...1] {  // the third's middle is off screen
            XCTAssertEqual(bitmap.canvas.color(x: image.rect.minX + image.rect.width / 2, y: image.rect.minY + image.rect.height / 2 + originY), red, "drawn")
        }
        XCTAssertTrue(pictures.holds(files[0]) && pictures.holds(files[2]), "at the screen's edges: kept for the scroll")
        XCTAssertFalse(pictures.holds(files[1]), "inside the screen and drawn: let go, over the budget")
        // The screen moves to the last picture: held again within the budget.
        layout.draw(into: bitmap.canvas, originX: 0, originY: -layout.images[5].rect.minY, clip: bitmap.canvas.bounds, onScreen: RowsOnScreen(rows: 0..<700, margin: 0))
        pictures.waitForWorker()
        XCTAssertTrue(pictures.holds(files[5]))
        XCTAssertLessThanOrEqual(pictures.bytes, max(2 << 20, 600 * 600 * 4))
    }

    /// The file went away after layout: the worker decodes nothing, no draw is owed, the
    /// area stays as it was, nothing crashes; the content watch reloads the page.
    func testAFileThatWentAwayDrawsNothing() throws {
        let directory = NSTemporaryDirectory() + "lectern-background-pictures-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/circle.png"
        try FileManager.default.copyItem(atPath: TestImages.path("icon-1000.png"), toPath: file)
        let (pictures, arrivals) = inBackground(budget: 0)
        let layout = try page(pictures: pictures, file: file)
        XCTAssertEqual(pictures.bytes, 0, "nothing kept under a budget of 0")
        try FileManager.default.removeItem(atPath: file)
        let bitmap = try whiteBitmap(width: 620, height: 700)
        let rect = layout.images[0].rect
        let decodedByLayout = pictures.decodes
        layout.draw(into: bitmap.canvas, originX: 0, originY: 0, clip: bitmap.canvas.bounds, onScreen: RowsOnScreen(rows: 0..<700, margin: 0))
        pictures.waitForWorker()
        XCTAssertGreaterThan(pictures.decodes, decodedByLayout, "tried on the worker")
        XCTAssertGreaterThan(arrivals.calls, 0, "the loop is still woken, to take the job as done")
        XCTAssertFalse(pictures.takeArrivals(), "nothing arrived: no draw owed")
        XCTAssertTrue(pictures.isSettled)
        XCTAssertEqual(pictures.bytes, 0)
        layout.draw(into: bitmap.canvas, originX: 0, originY: 0, clip: bitmap.canvas.bounds, onScreen: RowsOnScreen(rows: 0..<700, margin: 0))
        pictures.waitForWorker()
        XCTAssertEqual(bitmap.canvas.color(x: rect.x + rect.width / 2, y: rect.y + rect.height / 2), white)
    }
}
