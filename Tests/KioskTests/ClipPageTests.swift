import Foundation
import KioskHeadless
import LecternTestSupport
import Raster
import Touch
import XCTest
@testable import Kiosk

/// Clips on a page in the headless kiosk (the real loop, compositor and display over
/// memory, a manual clock): the first frame as poster, a tap plays on the clock's
/// schedule and damages only the clip's rectangle, a second tap pauses and nothing runs,
/// a clip scrolled out of view pauses. Clips are made by ffmpeg at test time.
final class ClipPageTests: XCTestCase {
    let width = 800, height = 600

    private func makePlayer(clip: String, html: Bool = false) throws -> HeadlessPlayer {
        let dir = NSTemporaryDirectory() + "lectern-clip-page-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: clip, toPath: "\(dir)/clip.mp4")
        let words = "A paragraph under the clip, long enough to wrap over a few lines of the page so that it scrolls."
        let block = html ? "<video src=\"clip.mp4\" title=\"Test pattern\" autoplay loop></video>" : "![Test pattern](clip.mp4)"
        let page = "# Clips\n\n\(block)\n\n" + Array(repeating: words, count: 40).joined(separator: "\n\n")
        try page.write(toFile: "\(dir)/page.md", atomically: true, encoding: .utf8)
        var config = KioskConfig()
        config.pages = [.init(title: "Clips", source: .file(path: "\(dir)/page.md"))]
        config.idle.homeAfter = 0
        config.idle.blankAfter = 0
        return try HeadlessPlayer(config: config, width: width, height: height)
    }

    private func play(_ script: String, on player: HeadlessPlayer) throws {
        let events = try GestureScript.parse(script).events
        var index = 0
        player.play(events, from: &index, until: events.last?.time ?? 0)
    }

    private func clipRect(_ player: HeadlessPlayer) throws -> IntRect {
        try XCTUnwrap(player.scene.clipsOnScreen(at: player.time).first?.rect)
    }

    /// Steps the loop to `t` once the decoders have the frames of the next moments.
    @discardableResult
    private func render(_ player: HeadlessPlayer, at t: Double) -> Region {
        player.scene.clips.waitUntilBuffered()
        return player.render(at: t)
    }

    func testFirstFrameIsThePosterAndNothingRuns() throws {
        let player = try makePlayer(clip: TestClips.barsH264())
        player.step(to: 0.5)
        let rect = try clipRect(player)
        XCTAssertLessThanOrEqual(abs(rect.width * 720 - rect.height * 1280), 1280, "laid out at the clip's aspect ratio (to a row)")
        // The yellow bar (the second of seven) in the top third.
        let yellow = try XCTUnwrap(player.canvas.color(x: rect.x + rect.width * 3 / 14, y: rect.y + rect.height / 3))
        XCTAssertTrue(abs(Int(yellow.red) - 191) <= 10 && abs(Int(yellow.green) - 191) <= 10 && yellow.blue <= 10, "\(yellow)")
        XCTAssertNil(player.scene.nextDeadline(), "a clip that does not play asks for no wake-up")
        let wakeUps = player.loop.wakeUps
        player.step(to: 600)
        XCTAssertEqual(player.loop.wakeUps, wakeUps, "ten minutes with a paused clip on screen: no wake-up")
    }

    func testATapPlaysOnTheClocksScheduleAndDamagesOnlyTheClip() throws {
        let player = try makePlayer(clip: TestClips.pattern(seconds: 4))
        player.step(to: 0.5)
        let rect = try clipRect(player)
        try play("1.0 tap 1 \(rect.x + rect.width / 2) \(rect.y + rect.height / 2)", on: player)
        XCTAssertTrue(player.scene.clips.isPlaying)
        let key = ClipPlayback.Key(page: 0, index: 0)
        let clip = try XCTUnwrap(player.scene.clips.player(key))
        render(player, at: 1.15)
        // The clock starts with the first picture: timeline 0 is at that turn's time.
        let origin = try XCTUnwrap(clip.clock.loopTime(of: 0))
        let shown = Int((try XCTUnwrap(clip.current).time / 0.04).rounded())
        XCTAssertEqual(shown, Int(((1.15 - origin) / 0.04).rounded(.down)), "the frame due at 1.15")
        var changed = 0
        for frame in (shown + 1)...(shown + 20) {
            // Half way between two frames' times (the embedded poll wakes on whole milliseconds).
            let t = origin + (Double(frame) + 0.5) * 0.04
            let damage = render(player, at: t)
            XCTAssertEqual(try XCTUnwrap(clip.current).time, Double(frame) * 0.04, accuracy: 1e-9, "at \(t)")
            if !damage.isEmpty { changed += 1 }
            for damaged in damage.rects {
                XCTAssertTrue(rect.insetBy(dx: -1, dy: -1).contains(damaged), "damage \(damaged) outside the clip \(rect) at \(t)")
            }
        }
        XCTAssertEqual(changed, 20, "each frame damages the clip")
        XCTAssertEqual(clip.droppedFrames, 0, "the loop woke at every frame's time")
        XCTAssertGreaterThanOrEqual(player.runtime.usage.clipFramesShown, 21, "counted for the metrics file")
        XCTAssertEqual(player.runtime.usage.clipFramesDropped, 0)
    }

    func testASecondTapPausesAndNothingRuns() throws {
        let player = try makePlayer(clip: TestClips.pattern(seconds: 4))
        player.step(to: 0.5)
        let rect = try clipRect(player)
        try play("1.0 tap 1 \(rect.x + rect.width / 2) \(rect.y + rect.height / 2)\n1.1 wait", on: player)
        render(player, at: 1.5)
        try play("2.0 tap 1 \(rect.x + rect.width / 2) \(rect.y + rect.height / 2)\n2.1 wait", on: player)
        XCTAssertFalse(player.scene.clips.isPlaying)
        render(player, at: 2.5)
        let frames = player.loop.framesPresented, wakeUps = player.loop.wakeUps
        player.step(to: 100)
        XCTAssertEqual(player.loop.framesPresented, frames, "paused: no frame")
        XCTAssertEqual(player.loop.wakeUps, wakeUps, "paused: no wake-up")
        XCTAssertNil(player.scene.nextDeadline())
        // A third tap plays on from where it paused.
        let clip = try XCTUnwrap(player.scene.clips.player(ClipPlayback.Key(page: 0, index: 0)))
        // Where the clock stopped (the frame on screen may trail it when the decoder's
        // thread fell behind the manual clock).
        let pausedAt = clip.clock.position(at: 100)
        try play("101.0 tap 1 \(rect.x + rect.width / 2) \(rect.y + rect.height / 2)\n101.1 wait", on: player)
        render(player, at: 101.3)
        XCTAssertGreaterThan(try XCTUnwrap(clip.current).time, pausedAt - 0.04)
        XCTAssertLessThan(try XCTUnwrap(clip.current).time, pausedAt + 0.5)
    }

    func testAClipScrolledOutOfViewPauses() throws {
        let player = try makePlayer(clip: TestClips.pattern(seconds: 4))
        player.step(to: 0.5)
        let rect = try clipRect(player)
        try play("1.0 tap 1 \(rect.x + rect.width / 2) \(rect.y + rect.height / 2)\n1.1 wait", on: player)
        render(player, at: 1.3)
        XCTAssertTrue(player.scene.clips.isPlaying)
        try play("2.0 drag 0 400 550 400 50 0.3\n2.4 wait\n3.0 drag 0 400 550 400 50 0.3\n5.0 wait", on: player)
        render(player, at: 5.0)
        let moved = try clipRect(player)
        XCTAssertLessThan(moved.maxY, 0, "the clip is above the screen")
        XCTAssertFalse(player.scene.clips.isPlaying, "out of view, it paused")
    }

    func testAutoplayLoopsWithoutAGapAndPausesWhenScrolledAway() throws {
        let player = try makePlayer(clip: TestClips.pattern(seconds: 1), html: true)
        // The kiosk is assembled at the first frame, and the clip starts there. Then steps
        // shorter than the decoded queue (8 frames, 0.32 s): the manual clock runs ahead of
        // the decoder's thread only as far as a real one would.
        player.step(to: 0)
        XCTAssertTrue(player.scene.clips.isPlaying, "autoplay: playing without a tap")
        render(player, at: 0.1)
        let clip = try XCTUnwrap(player.scene.clips.player(ClipPlayback.Key(page: 0, index: 0)))
        var last = -1.0
        var t = 0.1
        while t < 3.5 {
            t += 0.1
            render(player, at: t)
            let now = try XCTUnwrap(clip.current).time
            XCTAssertGreaterThan(now, last, "the timeline runs on at \(t)")
            last = now
        }
        XCTAssertGreaterThan(last, 2.5, "a 1 s clip looped past its end: timeline \(last)")
        XCTAssertTrue(player.scene.clips.isPlaying)
        XCTAssertEqual(clip.droppedFrames, 0)
        try play("4.0 drag 0 400 550 400 50 0.3\n4.4 wait\n5.0 drag 0 400 550 400 50 0.3\n7.0 wait", on: player)
        XCTAssertFalse(player.scene.clips.isPlaying, "out of view, even an autoplay clip pauses")
    }

    /// Which pages have clips is known without a layout (the scene asks at every frame):
    /// true for the page with a clip, false for a text page and a page whose file is gone.
    func testOnlyPagesWithAClipSayTheyHaveOne() throws {
        let dir = NSTemporaryDirectory() + "lectern-clip-pages-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: TestClips.barsH264(), toPath: "\(dir)/clip.mp4")
        try "# Clip\n\n![Bars](clip.mp4)\n".write(toFile: "\(dir)/clip.md", atomically: true, encoding: .utf8)
        try "# Text\n\n![A picture, not a clip](missing.png)\n\nWords.\n".write(toFile: "\(dir)/text.md", atomically: true, encoding: .utf8)
        var config = KioskConfig()
        config.pages = [.init(title: "Text", source: .file(path: "\(dir)/text.md")),
                        .init(title: "Clip", source: .file(path: "\(dir)/clip.md")),
                        .init(title: "Gone", source: .file(path: "\(dir)/gone.md"))]
        let player = try HeadlessPlayer(config: config, width: width, height: height)
        player.step(to: 0.5)
        let content = player.scene.content
        XCTAssertEqual((0..<3).map { content.hasClips(page: $0) }, [false, true, false])
        XCTAssertTrue(player.scene.clipsOnScreen(at: player.time).isEmpty, "the text page shows no clip")
        XCTAssertEqual(content.clips(page: 1, width: Double(width)).count, 1, "the layout agrees with the answer")
    }
}
