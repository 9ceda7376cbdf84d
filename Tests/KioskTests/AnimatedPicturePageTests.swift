import Foundation
import KioskHeadless
import LecternTestSupport
import Raster
import Touch
import XCTest
@testable import Kiosk

/// Animated GIF and WebP on a page in the headless kiosk (the real loop, compositor and
/// display over memory, a manual clock): frames change on the clock's schedule inside
/// the picture's rectangle only, the loop wakes at frame times only, and the picture
/// holds when scrolled out of view, when the screen blanks, and after its loop count.
/// Pictures are made by ffmpeg and img2webp at test time.
final class AnimatedPicturePageTests: XCTestCase {
    let width = 800, height = 600
    let blue: UInt32 = 0x0000FF, yellow: UInt32 = 0xFFFF00
    let key = ClipPlayback.Key(page: 0, index: 0)

    private func makePlayer(picture: String, name: String = "moving.gif", blankAfter: Double = 0) throws -> HeadlessPlayer {
        let dir = NSTemporaryDirectory() + "lectern-animated-page-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: picture, toPath: "\(dir)/\(name)")
        let words = "A paragraph under the picture, long enough to wrap over a few lines of the page so that it scrolls."
        let page = "# Moving\n\n![Moving](\(name))\n\n" + Array(repeating: words, count: 40).joined(separator: "\n\n")
        try page.write(toFile: "\(dir)/page.md", atomically: true, encoding: .utf8)
        var config = KioskConfig()
        config.pages = [.init(title: "Moving", source: .file(path: "\(dir)/page.md"))]
        config.idle.homeAfter = 0
        config.idle.blankAfter = blankAfter
        return try HeadlessPlayer(config: config, width: width, height: height)
    }

    private func pictureRect(_ player: HeadlessPlayer) throws -> IntRect {
        try XCTUnwrap(player.scene.animationsOnScreen(at: player.time).first?.rect)
    }

    /// The colour at the middle of the picture's left quarter on the panel.
    private func leftColor(_ player: HeadlessPlayer, _ rect: IntRect) -> UInt32? {
        player.canvas.pixel(x: rect.x + rect.width / 4, y: rect.y + rect.height / 2).map { $0 & 0xFF_FFFF }
    }

    private func play(_ script: String, on player: HeadlessPlayer) throws {
        let events = try GestureScript.parse(script).events
        var index = 0
        player.play(events, from: &index, until: events.last?.time ?? 0)
    }

    private func assertFramesOnSchedule(_ picture: String, name: String) throws {
        let player = try makePlayer(picture: picture, name: name)
        player.step(to: 0.05)
        let rect = try pictureRect(player)
        XCTAssertEqual(rect.width, 200); XCTAssertEqual(rect.height, 100)
        let moving = try XCTUnwrap(player.scene.clips.picture(key), "in view: it plays")
        XCTAssertTrue(player.scene.clips.isPlaying)
        let origin = try XCTUnwrap(moving.clock.loopTime(of: 0))
        XCTAssertEqual(leftColor(player, rect), blue, "frame 1")
        for k in 1...6 {
            let due = origin + Double(k) * 0.2
            XCTAssertEqual(try XCTUnwrap(player.scene.nextDeadline()), due, accuracy: 1e-9, "the loop is woken at frame \(k + 1)'s time")
            // Nothing wakes the loop between two frames' times.
            let wakeUps = player.loop.wakeUps
            _ = player.render(at: due - 0.05)
            XCTAssertEqual(player.loop.wakeUps, wakeUps, "no wake-up before frame \(k + 1)")
            let damage = player.render(at: due + 0.05)
            XCTAssertEqual(leftColor(player, rect), k % 2 == 0 ? blue : yellow, "frame \(k + 1) at \(due)")
            XCTAssertFalse(damage.isEmpty, "frame \(k + 1) damages the picture")
            for damaged in damage.rects {
                XCTAssertTrue(rect.insetBy(dx: -1, dy: -1).contains(damaged), "damage \(damaged) outside the picture \(rect)")
            }
            // The page around it is untouched: the text below keeps its pixels.
        }
        XCTAssertEqual(moving.droppedFrames, 0)
    }

    func testGIFFramesChangeOnTheClocksScheduleAndDamageOnlyThePicture() throws {
        try assertFramesOnSchedule(try TestPictures.twoFrameGIF(delay: 20, loop: 0), name: "moving.gif")
    }

    func testWebPFramesChangeOnTheClocksScheduleAndDamageOnlyThePicture() throws {
        try assertFramesOnSchedule(try TestPictures.twoFrameWebP(loop: 0), name: "moving.webp")
    }

    func testScrolledOutOfViewItHoldsAndNothingRuns() throws {
        let player = try makePlayer(picture: try TestPictures.twoFrameGIF(delay: 20, loop: 0))
        player.step(to: 0.5)
        XCTAssertTrue(player.scene.clips.isPlaying)
        try play("1.0 drag 0 400 550 400 50 0.3\n1.4 wait\n2.0 drag 0 400 550 400 50 0.3\n4.0 wait", on: player)
        player.step(to: 20)  // the fling has settled
        XCTAssertLessThan(try pictureRect(player).maxY, 0, "the picture is above the screen")
        XCTAssertFalse(player.scene.clips.isPlaying, "out of view, it holds")
        XCTAssertNil(player.scene.nextDeadline())
        let wakeUps = player.loop.wakeUps, frames = player.loop.framesPresented
        player.step(to: 100)
        XCTAssertEqual(player.loop.wakeUps, wakeUps, "no wake-up with the picture out of view")
        XCTAssertEqual(player.loop.framesPresented, frames)
        // Back into view, it plays on.
        try play((0..<6).map { "\(101 + $0 * 2).0 drag 0 400 50 400 550 0.3" }.joined(separator: "\n") + "\n125.0 wait", on: player)
        player.step(to: 130)
        XCTAssertGreaterThan(try pictureRect(player).maxY, 0, "back at the top")
        XCTAssertTrue(player.scene.clips.isPlaying, "in view again, it plays")
    }

    func testWhenTheScreenBlanksItHoldsAndNothingRuns() throws {
        let player = try makePlayer(picture: try TestPictures.twoFrameGIF(delay: 20, loop: 0), blankAfter: 3)
        player.step(to: 1)
        XCTAssertTrue(player.scene.clips.isPlaying)
        player.step(to: 4)
        XCTAssertTrue(player.scene.idle.isBlanked)
        XCTAssertFalse(player.scene.clips.isPlaying, "idle: it holds")
        let wakeUps = player.loop.wakeUps
        player.step(to: 100)
        XCTAssertEqual(player.loop.wakeUps, wakeUps, "blanked with an animated picture on the page: no wake-up")
    }

    func testItStopsAfterItsLoopCountOnItsLastFrame() throws {
        // ffmpeg -loop 1: played twice in all (four frames of 0.2 s).
        let player = try makePlayer(picture: try TestPictures.twoFrameGIF(delay: 20, loop: 1))
        player.step(to: 0.05)
        let rect = try pictureRect(player)
        player.step(to: 0.5)
        XCTAssertTrue(player.scene.clips.isPlaying, "the fourth frame is still to come (at 0.6)")
        player.step(to: 1.5)
        XCTAssertFalse(player.scene.clips.isPlaying, "two passes played")
        XCTAssertEqual(leftColor(player, rect), yellow, "the last frame stays")
        XCTAssertNil(player.scene.nextDeadline())
        let wakeUps = player.loop.wakeUps
        player.step(to: 100)
        XCTAssertEqual(player.loop.wakeUps, wakeUps)
        XCTAssertEqual(leftColor(player, rect), yellow)
    }

    func testAtMostThreeMoveAtOnce() throws {
        let dir = NSTemporaryDirectory() + "lectern-animated-four-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: try TestPictures.twoFrameGIF(delay: 20, loop: 0), toPath: "\(dir)/moving.gif")
        // Four small ones side by side in one paragraph's worth of HTML, all on the first screen.
        let html = "<p>" + String(repeating: "<img src=\"moving.gif\" width=\"80\" height=\"40\"> ", count: 4) + "</p>"
        try "# Four\n\n\(html)\n".write(toFile: "\(dir)/page.md", atomically: true, encoding: .utf8)
        var config = KioskConfig()
        config.pages = [.init(title: "Four", source: .file(path: "\(dir)/page.md"))]
        config.idle.homeAfter = 0
        config.idle.blankAfter = 0
        let player = try HeadlessPlayer(config: config, width: width, height: height)
        player.step(to: 1)
        let shown = player.scene.animationsOnScreen(at: player.time)
        XCTAssertEqual(shown.count, 4, "four animated pictures laid out")
        let playing = shown.filter { player.scene.clips.picture($0.key)?.isPlaying == true }
        XCTAssertEqual(playing.count, SceneRenderer.movingPictures, "the first three move, the fourth holds its first frame")
    }

    func testOnlyAPageWithAnAnimatedPictureIsLookedAtEachFrame() throws {
        let still = try TestPictures.make("still-page-picture.png", "ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi",
                                                                               "-i", "testsrc=size=300x150", "-frames:v", "1", "{out}"])
        let dir = NSTemporaryDirectory() + "lectern-animated-pages-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: try TestPictures.twoFrameGIF(delay: 20, loop: 0), toPath: "\(dir)/moving.gif")
        try FileManager.default.copyItem(atPath: still, toPath: "\(dir)/still.png")
        try "# Moving\n\n![Moving](moving.gif)\n".write(toFile: "\(dir)/moving.md", atomically: true, encoding: .utf8)
        try "# Still\n\n![Still](still.png)\n".write(toFile: "\(dir)/still.md", atomically: true, encoding: .utf8)
        var config = KioskConfig()
        config.pages = [.init(title: "Still", source: .file(path: "\(dir)/still.md")),
                        .init(title: "Moving", source: .file(path: "\(dir)/moving.md"))]
        config.idle.homeAfter = 0
        let player = try HeadlessPlayer(config: config, width: width, height: height)
        player.step(to: 0.05)
        let content = player.scene.content, textWidth = player.scene.textWidth
        XCTAssertEqual((0..<2).map { content.hasAnimations(page: $0, width: textWidth) }, [false, true])
        XCTAssertEqual((0..<2).map { content.animations(page: $0, width: textWidth).count }, [0, 1], "the layouts agree")
        XCTAssertTrue(player.scene.animationsOnScreen(at: player.time).isEmpty, "the still page plays nothing")
        XCTAssertFalse(player.scene.clips.hasPlayers)
    }

    func testAnAnimationOverTheCanvasCapIsShownStill() throws {
        let huge = try TestPictures.make("huge-page-animation.gif", "ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi",
                                                                               "-i", "testsrc=size=2048x1100:rate=5:duration=0.4", "{out}"])
        let player = try makePlayer(picture: huge)
        player.step(to: 1)
        XCTAssertFalse(try pictureRect(player).isEmpty, "laid out as a picture")
        XCTAssertFalse(player.scene.clips.isPlaying, "over the cap: shown still")
        XCTAssertNil(player.scene.clips.picture(key))
        let wakeUps = player.loop.wakeUps
        player.step(to: 50)
        XCTAssertEqual(player.loop.wakeUps, wakeUps, "and not tried again every frame")
    }
}
