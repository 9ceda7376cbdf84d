import Foundation
import KioskDevice
import KioskHeadless
import LecternTestSupport
import Raster
import XCTest
@testable import Kiosk
@testable import Typeset

/// Pictures decoded off the loop, wired as `lectern run` wires them: the first frame
/// shows what layout kept, the worker wakes the loop through its pipe, and the page is
/// drawn again with the rest; the headless player's wait (what `snapshot` does) waits
/// for it.
final class PicturesOffTheLoopTests: XCTestCase {
    private var dir = ""

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "lectern-pictures-off-the-loop-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDown() {
        // The process's pictures go back to decoding in the draw, for the other tests.
        DecodedPictures.shared.decodesInBackground = false
        DecodedPictures.shared.onDecoded = nil
        try? FileManager.default.removeItem(atPath: dir)
    }

    /// A page opening with a picture taller than the screen: layout kept its top two
    /// bands, so the first frame shows those and the page's background below them; once
    /// the worker woke the loop, every row of the screen shows the picture.
    func testATallPictureIsShownWholeOnceTheWorkerWakesTheLoop() throws {
        let page = dir + "/pattern.md"
        try "![test pattern](\(try TestPictures.tall()))\n".write(toFile: page, atomically: true, encoding: .utf8)
        var config = KioskConfig()
        config.pages = [.init(title: "Pattern", source: .file(path: page))]
        let background = config.theme.background
        let player = try HeadlessPlayer(config: config, width: 640, height: 800, environment: KioskEnvironment(pictures: .inBackground))
        XCTAssertTrue(DecodedPictures.shared.decodesInBackground)
        // The worker held back while the first frame is drawn, so that frame is the one
        // drawn before any decode came, however the threads run.
        DecodedPictures.shared.worker.suspend()
        player.step(to: 0)
        let x = 320
        let first = (0..<800).map { player.canvas.color(x: x, y: $0) }
        XCTAssertFalse(player.wiring.backgroundWorkSettled, "decodes queued")
        DecodedPictures.shared.worker.resume()
        player.waitForBackgroundWork()
        XCTAssertTrue(player.wiring.backgroundWorkSettled)
        XCTAssertTrue(DecodedPictures.shared.isSettled)
        let settled = (0..<800).map { player.canvas.color(x: x, y: $0) }
        let top = try XCTUnwrap(settled.firstIndex { $0 != background }, "the picture is on screen")
        let held = FilePicture.tallBandRows * 2
        XCTAssertLessThan(top + held, 700)
        XCTAssertEqual(Array(first[top..<top + held]), Array(settled[top..<top + held]), "the bands layout kept, in the first frame")
        let below = (top + held)..<800
        XCTAssertEqual(below.filter { first[$0] == background }.count, below.count, "the rest: the page's background")
        XCTAssertLessThan(below.filter { settled[$0] == background }.count, below.count / 10, "then the picture")
        // At rest nothing more is asked: no frame, no decode.
        let frames = player.redrawCount, decodes = DecodedPictures.shared.decodes
        player.step(to: player.time + 1)
        XCTAssertEqual(player.redrawCount, frames)
        XCTAssertEqual(DecodedPictures.shared.decodes, decodes)
    }

    /// The pictures are the process's: a decode another kiosk of the process left untaken
    /// (the bench's scene before this one) announced itself on that kiosk's pipe. A new
    /// kiosk takes it at its first turn, and settles, rather than waiting for a wake-up
    /// that already happened.
    func testADecodeAnotherKioskLeftUntakenDoesNotKeepThisOneWaiting() throws {
        let page = dir + "/pattern.md"
        try "![test pattern](\(try TestPictures.tall()))\n".write(toFile: page, atomically: true, encoding: .utf8)
        var config = KioskConfig()
        config.pages = [.init(title: "Pattern", source: .file(path: page))]
        let first = try HeadlessPlayer(config: config, width: 640, height: 800, environment: KioskEnvironment(pictures: .inBackground))
        first.step(to: 0)
        DecodedPictures.shared.waitForWorker()
        XCTAssertFalse(DecodedPictures.shared.isSettled, "decoded, not taken by the first kiosk")
        let text = dir + "/text.md"
        try "Only words here.\n".write(toFile: text, atomically: true, encoding: .utf8)
        config.pages = [.init(title: "Text", source: .file(path: text))]
        let second = try HeadlessPlayer(config: config, width: 640, height: 800, environment: KioskEnvironment(pictures: .inBackground))
        second.step(to: 0)
        second.waitForBackgroundWork(timeout: 10)
        XCTAssertTrue(second.wiring.backgroundWorkSettled)
        withExtendedLifetime(first) {}
    }
}
