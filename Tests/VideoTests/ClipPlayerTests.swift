import Raster
import Video
import LecternTestSupport
import XCTest

/// The decoder and player on a manual clock: frames advance on the stream's schedule,
/// late ones are dropped and counted, a paused clip asks for no wake-up.
final class ClipPlayerTests: XCTestCase {
    func testFramesAdvanceOnTheClocksSchedule() throws {
        let decoder = try ClipDecoder(path: TestClips.pattern())
        let player = ClipPlayer(decoder: decoder)
        decoder.waitUntilBuffered()
        // Paused: the first picture is taken (the poster until it plays), no wake-up.
        XCTAssertTrue(player.advance(at: 50))
        XCTAssertEqual(player.current?.time, 0)
        XCTAssertNil(player.nextWake)
        XCTAssertFalse(player.advance(at: 51), "paused: nothing moves")

        player.play(at: 100)
        decoder.waitUntilBuffered()
        var time = 100.0
        for frame in 1...10 {
            let wake = try XCTUnwrap(player.nextWake)
            XCTAssertEqual(wake, 100 + Double(frame) * 0.04, accuracy: 1e-9)
            XCTAssertFalse(player.advance(at: wake - 0.001), "frame \(frame) early")
            time = wake
            XCTAssertTrue(player.advance(at: time))
            XCTAssertEqual(player.current?.time ?? -1, Double(frame) * 0.04, accuracy: 1e-9)
            decoder.waitUntilBuffered()
        }
        XCTAssertEqual(player.droppedFrames, 0)
        XCTAssertEqual(player.shownFrames, 11)
        XCTAssertEqual(player.progress, 0.4 / 2, accuracy: 0.01)

        // The loop falls 5 frames behind: the newest due frame is shown, 4 are dropped.
        XCTAssertTrue(player.advance(at: time + 0.2))
        XCTAssertEqual(player.current?.time ?? -1, 0.6, accuracy: 1e-9)
        XCTAssertEqual(player.droppedFrames, 4)

        player.pause(at: time + 0.21)
        decoder.waitUntilBuffered()
        XCTAssertNil(player.nextWake, "paused: no wake-up")
        XCTAssertFalse(player.advance(at: time + 30))
    }

    func testClipEndsOnItsLastFrame() throws {
        let decoder = try ClipDecoder(path: TestClips.pattern(seconds: 1))
        let player = ClipPlayer(decoder: decoder)
        player.play(at: 0)
        var time = 0.0
        while !player.hasFinished, time < 5 {
            decoder.waitUntilBuffered()
            player.advance(at: time)
            time += 0.04
        }
        XCTAssertTrue(player.hasFinished)
        XCTAssertFalse(player.isPlaying, "a finished clip pauses on its last frame")
        XCTAssertEqual(player.current?.time ?? 0, 0.96, accuracy: 1e-9)
        XCTAssertEqual(player.shownFrames + player.droppedFrames, 25)
        XCTAssertNil(player.nextWake)
    }

    func testLoopingClipRunsOnWithoutAGap() throws {
        let decoder = try ClipDecoder(path: TestClips.pattern(seconds: 1), loops: true)
        var times: [Double] = []
        while times.count < 60 {
            decoder.waitUntilBuffered()
            times += decoder.take(100).map(\.time)
        }
        for (earlier, later) in zip(times, times.dropFirst()) {
            XCTAssertEqual(later - earlier, 0.04, accuracy: 1e-9, "a gap between \(earlier) and \(later)")
        }
        XCTAssertNil(decoder.failure)
    }

    func testQueueStaysWithinItsBudget() throws {
        let decoder = try ClipDecoder(path: TestClips.barsH264())
        decoder.waitUntilBuffered()
        // 1280×720 4:2:0 is 1.4 MB a frame: the 8-frame cap binds, not the 32 MiB.
        XCTAssertEqual(decoder.capacity, 8)
        XCTAssertEqual(decoder.queuedTimes.count, 8)
        XCTAssertLessThanOrEqual(decoder.queuedBytes, ClipLimits.queueBytes)
        XCTAssertEqual(ClipLimits.queueCapacity(frameBytes: 3840 * 2160 * 3 / 2), 2)
    }

    func testWakesTheLoopWhenFramesArrive() throws {
        let decoder = try ClipDecoder(path: TestClips.pattern())
        let woken = expectation(description: "woken")
        woken.assertForOverFulfill = false
        decoder.onFrames = { woken.fulfill() }
        wait(for: [woken], timeout: 30)
    }
}
