import Video
import XCTest

/// Timing as pure logic on a manual clock: which frame is due, drops, wake-ups, no drift.
final class PlaybackTimingTests: XCTestCase {
    func testClockPlaysPausesAndResumes() {
        var clock = PlaybackClock()
        XCTAssertFalse(clock.isPlaying)
        XCTAssertNil(clock.loopTime(of: 0.5), "paused: no wake-up")
        clock.play(at: 100)
        XCTAssertEqual(clock.position(at: 101.5), 1.5)
        XCTAssertEqual(clock.loopTime(of: 2), 102)
        clock.pause(at: 102)
        XCTAssertEqual(clock.position(at: 500), 2)
        clock.play(at: 600)
        XCTAssertEqual(clock.position(at: 600.25), 2.25)
    }

    func testNoDriftOverTenMinutes() {
        var clock = PlaybackClock()
        clock.play(at: 12_345.678)
        // 30 fps for ten minutes: frame n is due exactly at start + n/30.
        for frame in stride(from: 0, through: 18_000, by: 1_000) {
            let due = clock.loopTime(of: Double(frame) / 30)!
            XCTAssertEqual(due - 12_345.678, Double(frame) / 30, accuracy: 1e-9)
        }
        XCTAssertEqual(clock.position(at: 12_345.678 + 600), 600, accuracy: 1e-9)
    }

    func testPickShowsTheLastDueFrameAndCountsTheLateOnes() {
        let times = [0, 0.04, 0.08, 0.12, 0.16]
        XCTAssertEqual(FramePick.at(-0.01, in: times), FramePick(shown: nil, dropped: 0))
        XCTAssertEqual(FramePick.at(0, in: times), FramePick(shown: 0, dropped: 0))
        XCTAssertEqual(FramePick.at(0.04, in: Array(times.dropFirst())), FramePick(shown: 0, dropped: 0))
        XCTAssertEqual(FramePick.at(0.13, in: times), FramePick(shown: 3, dropped: 3))
        XCTAssertEqual(FramePick.at(9, in: []), FramePick(shown: nil, dropped: 0))
    }
}
