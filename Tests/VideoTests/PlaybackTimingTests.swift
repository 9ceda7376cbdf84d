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

    /// The sound as master clock, with a manual clock and the samples a memory sink took:
    /// a sound device 0.5 % slow moves the pictures' clock once the two part by more than
    /// the bound, and never further apart than it; frames late by then are dropped.
    func testPicturesFollowTheSoundWithinTheBound() {
        var clock = PlaybackClock()
        clock.play(at: 100)
        let rate = 48000, slow = 0.995
        var moves = 0
        var worst = 0.0
        var t = 100.0
        while t < 160 {
            t += 0.04
            // Samples the device has played by loop time t: at 99.5 % of the nominal rate.
            let samples = Int(Double(rate) * slow * (t - 100))
            let heard = Double(samples) / Double(rate)
            if clock.follow(audioPosition: heard, at: t) { moves += 1 }
            worst = max(worst, abs(clock.position(at: t) - heard))
        }
        XCTAssertLessThanOrEqual(worst, PlaybackClock.syncBound, "in sync within the bound over a minute")
        XCTAssertGreaterThan(moves, 0, "the drift was corrected")
        XCTAssertLessThan(moves, 10, "by a few steps, not every frame: \(moves)")
        // Within the bound nothing moves; paused, nothing follows.
        var steady = PlaybackClock()
        steady.play(at: 0)
        XCTAssertFalse(steady.follow(audioPosition: 1.03, at: 1))
        steady.pause(at: 2)
        XCTAssertFalse(steady.follow(audioPosition: 5, at: 3))
        XCTAssertEqual(steady.position(at: 3), 2, accuracy: 1e-9)
        // Pictures behind the sound: the next pick drops the frames passed.
        var behind = PlaybackClock()
        behind.play(at: 0)
        XCTAssertTrue(behind.follow(audioPosition: 1.2, at: 1))
        let times = (0..<40).map { Double($0) * 0.04 }
        XCTAssertEqual(FramePick.at(behind.position(at: 1), in: Array(times[25...])), FramePick(shown: 5, dropped: 5))
    }
}
