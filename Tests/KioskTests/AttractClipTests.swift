import Foundation
import KioskHeadless
import LecternTestSupport
import Raster
import Touch
import XCTest
@testable import Kiosk

/// The attract loop as a clip (`[idle] attract = "loop.mp4"`) in the headless kiosk
/// (the real loop and compositor over memory, a manual clock): its first picture is the
/// first frame shown, it loops with no frame of background between passes, and a touch
/// brings the first page in the very next frame. The clip is made by ffmpeg.
final class AttractClipTests: XCTestCase {
    let width = 800, height = 600

    private func makeSite() throws -> (dir: String, config: KioskConfig) {
        let dir = NSTemporaryDirectory() + "lectern-attract-clip-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: try TestClips.pattern(seconds: 1), toPath: "\(dir)/loop.mp4")
        try "# Welcome\n\nThe first page.\n".write(toFile: "\(dir)/page.md", atomically: true, encoding: .utf8)
        try "# Second\n\nAnother page.\n".write(toFile: "\(dir)/second.md", atomically: true, encoding: .utf8)
        let toml = """
            [idle]
            home_after = 0
            blank_after = 0
            attract = "loop.mp4"

            [[page]]
            title = "Welcome"
            content = "page.md"

            [[page]]
            title = "Second"
            content = "second.md"
            """
        try toml.write(toFile: "\(dir)/lectern.toml", atomically: true, encoding: .utf8)
        return (dir, try ConfigLoader.load(path: "\(dir)/lectern.toml"))
    }

    /// Pixels of the theme's background on a grid over the screen (the attract clip
    /// covers it all: there should be none).
    private func backgroundPixels(_ canvas: Canvas, _ background: Color) -> Int {
        var count = 0
        for y in stride(from: 2, to: height, by: 12) {
            for x in stride(from: 3, to: width, by: 12) where canvas.color(x: x, y: y) == background {
                count += 1
            }
        }
        return count
    }

    func testTheConfigNamesAClip() throws {
        let site = try makeSite()
        XCTAssertEqual(site.config.idle.attractClip, "\(site.dir)/loop.mp4")
        XCTAssertNil(site.config.idle.attract, "not a page's title")
    }

    func testAMissingOrBrokenClipIsNamedWithFileLineAndKey() throws {
        let site = try makeSite()
        let text = "[idle]\nattract = \"gone.mp4\"\n[[page]]\ncontent = \"page.md\"\n"
        XCTAssertThrowsError(try ConfigLoader.parse(text, file: "k.toml", baseDirectory: site.dir, checkFiles: true)) { error in
            let errors = (error as? ConfigErrors)?.errors ?? []
            XCTAssertEqual(errors.count, 1, "\(error)")
            XCTAssertEqual(errors.first?.line, 2)
            XCTAssertEqual(errors.first?.key, "idle.attract")
            XCTAssertTrue(errors.first?.description.contains("gone.mp4") == true, "\(error)")
        }
        try "not a clip".write(toFile: "\(site.dir)/text.mp4", atomically: true, encoding: .utf8)
        let broken = "[idle]\nattract = \"text.mp4\"\n[[page]]\ncontent = \"page.md\"\n"
        XCTAssertThrowsError(try ConfigLoader.parse(broken, file: "k.toml", baseDirectory: site.dir, checkFiles: true)) { error in
            let errors = (error as? ConfigErrors)?.errors ?? []
            XCTAssertEqual(errors.first?.key, "idle.attract", "\(error)")
            XCTAssertTrue(errors.first?.description.contains("text.mp4") == true, "\(error)")
        }
    }

    func testTheClipLoopsFullScreenWithNoFrameOfBackground() throws {
        let site = try makeSite()
        let player = try HeadlessPlayer(config: site.config, width: width, height: height)
        let background = site.config.theme.background
        // The first frame after start (the boot splash's handover) is the clip's picture.
        player.step(to: 0)
        XCTAssertTrue(player.scene.idle.attracting)
        XCTAssertEqual(player.loop.framesPresented, 1)
        XCTAssertEqual(player.renderer.clipDraws(at: 0).first?.rect, IntRect(x: 0, y: 0, width: width, height: height))
        XCTAssertEqual(backgroundPixels(player.canvas, background), 0, "the first frame shown is the clip's")
        let clip = try XCTUnwrap(player.scene.clips.player(ClipPlayback.attractKey))
        XCTAssertTrue(clip.isPlaying)
        XCTAssertTrue(clip.decoder.info.map { !($0.duration ?? 0 > 1.5) } ?? false, "a 1 s clip")
        // Frame by frame over two loop points (25 fps: every 0.04 s).
        var last = -1.0
        for frame in 1...65 {
            // Half way between two frames' times (the embedded poll wakes on whole milliseconds).
            let t = (Double(frame) + 0.5) * 0.04
            player.scene.clips.waitUntilBuffered()
            player.render(at: t)
            let now = try XCTUnwrap(clip.current).time
            XCTAssertGreaterThan(now, last, "the timeline runs on at \(t)")
            last = now
            XCTAssertEqual(backgroundPixels(player.canvas, background), 0, "no background at \(t) (clip time \(now))")
        }
        XCTAssertGreaterThan(last, 2.4, "two loop points crossed: timeline \(last)")
        XCTAssertEqual(clip.droppedFrames, 0)

        // A touch takes the visitor home: the next frame is the first page, at once.
        let presented = player.loop.framesPresented
        // Each frame presented from here: the clip (no background) until the touch, then
        // the page; none between (no black, no half-drawn frame).
        var shown: [Int] = []
        player.onFrame = { _, canvas in shown.append(self.backgroundPixels(canvas, background)) }
        let events = try GestureScript.parse("3.0 tap 1 400 300").events
        var index = 0
        player.play(events, from: &index, until: 3.0)
        XCTAssertFalse(player.scene.idle.attracting)
        XCTAssertNil(player.scene.clips.player(ClipPlayback.attractKey), "the attract clip closed")
        player.render(at: 3.2)
        XCTAssertEqual(player.scene.currentPage, 0)
        XCTAssertTrue(player.renderer.clipDraws(at: 3.2).isEmpty)
        XCTAssertGreaterThan(backgroundPixels(player.canvas, background), 1000, "the page's background")
        XCTAssertGreaterThan(player.loop.framesPresented, presented)
        let page = try XCTUnwrap(shown.firstIndex { $0 > 0 }, "the page was presented")
        XCTAssertTrue(shown[..<page].allSatisfy { $0 == 0 }, "the clip until the touch: \(shown)")
        XCTAssertTrue(shown[page...].allSatisfy { $0 > 1000 }, "then the page, directly: \(shown)")
    }
}
