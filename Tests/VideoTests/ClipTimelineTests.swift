import XCTest
@testable import Video

/// Stream timestamps to the clip's timeline: from the first frame, in order, across loops.
final class ClipTimelineTests: XCTestCase {
    func testStampsBecomeSecondsFromTheFirstFrame() {
        // A 1/15360 time base (ffmpeg's MP4 default at 30 fps), starting at a B-frame delay.
        var timeline = ClipTimeline(timeBase: 1.0 / 15360, nominalFrameDuration: 1.0 / 30)
        XCTAssertEqual(timeline.time(ofStamp: 1024), 0)
        XCTAssertEqual(timeline.time(ofStamp: 1536), 1.0 / 30, accuracy: 1e-12)
        // Ten minutes later, no error has built up: each time comes from its own stamp.
        XCTAssertEqual(timeline.time(ofStamp: 1024 + 18_000 * 512), 600, accuracy: 1e-9)
    }

    func testMissingAndBackwardStampsKeepTheOrder() {
        var timeline = ClipTimeline(timeBase: 0.001, nominalFrameDuration: 0.04)
        XCTAssertEqual(timeline.time(ofStamp: nil), 0)
        XCTAssertEqual(timeline.time(ofStamp: nil), 0.04, accuracy: 1e-12, "no stamp: one frame after the last")
        XCTAssertEqual(timeline.time(ofStamp: 0), 0.08, accuracy: 1e-12, "a stamp at or before the last: one frame after it")
        XCTAssertEqual(timeline.time(ofStamp: 200), 0.2, accuracy: 1e-12)
        XCTAssertEqual(ClipTimeline(timeBase: 0.001, nominalFrameDuration: nil).frameDuration, 0.04, "25 fps when the stream says nothing")
    }

    func testALoopFollowsTheLastFrameWithoutAGap() {
        var timeline = ClipTimeline(timeBase: 0.01, nominalFrameDuration: 0.1)
        for stamp in [50, 60, 70] { _ = timeline.time(ofStamp: Int64(stamp)) }
        timeline.startNextLoop()
        XCTAssertEqual(timeline.framesInPass, 0)
        XCTAssertEqual(timeline.framesTotal, 3)
        XCTAssertEqual(timeline.time(ofStamp: 50), 0.3, accuracy: 1e-12, "the second pass starts one frame after 0.2")
        XCTAssertEqual(timeline.time(ofStamp: 60), 0.4, accuracy: 1e-12)
    }
}
