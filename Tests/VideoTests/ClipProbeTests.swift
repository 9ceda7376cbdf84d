import Raster
import Video
import LecternTestSupport
import XCTest

/// Probing clips of several codecs and containers made by ffmpeg, and refusing the bad ones.
final class ClipProbeTests: XCTestCase {
    func testH264InMP4() throws {
        let info = try ClipProbe.probe(path: TestClips.barsH264())
        XCTAssertEqual(info.codec, "h264")
        XCTAssertTrue(info.container.contains("mp4"), info.container)
        XCTAssertEqual(info.width, 1280)
        XCTAssertEqual(info.height, 720)
        XCTAssertEqual(info.frameRate ?? 0, 25, accuracy: 0.01)
        XCTAssertEqual(info.duration ?? 0, 1, accuracy: 0.05)
        XCTAssertTrue(info.willPlay, info.refusal ?? "")
        XCTAssertTrue(info.summary.hasSuffix("plays"), info.summary)
    }

    func testCodecsAndContainers() throws {
        let cases: [(file: String, codec: String, container: String, encoder: [String])] = [
            ("hevc.mkv", "hevc", "matroska", ["-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error"]),
            ("vp9.webm", "vp9", "webm", ["-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8"]),
            ("av1.mkv", "av1", "matroska", ["-c:v", "libaom-av1", "-cpu-used", "8", "-row-mt", "1"]),
            ("h264.mov", "h264", "mov", ["-c:v", "libx264", "-preset", "ultrafast"]),
        ]
        for item in cases {
            let path = try TestClips.make(item.file, ["-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=0.4", "-pix_fmt", "yuv420p"] + item.encoder)
            let info = try ClipProbe.probe(path: path)
            XCTAssertEqual(info.codec, item.codec, item.file)
            XCTAssertTrue(info.container.contains(item.container), "\(item.file): \(info.container)")
            XCTAssertEqual(info.width, 320, item.file)
            XCTAssertTrue(info.willPlay, "\(item.file): \(info.refusal ?? "")")
            // The first frame decodes into a bitmap of the asked size.
            let poster = try ClipProbe.firstFrame(path: path, width: 160, height: 120)
            XCTAssertEqual(poster.width, 160)
        }
    }

    func testNotVideoIsRefusedNamingTheFile() throws {
        let text = TestClips.directory + "/notes.mp4"
        try "These are notes, not a clip.\n".write(toFile: text, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try ClipProbe.probe(path: text)) { error in
            XCTAssertTrue("\(error)".hasPrefix(text), "\(error)")
        }
        let tone = try TestClips.make("tone.wav", ["-f", "lavfi", "-i", "sine=frequency=440:duration=0.5"])
        XCTAssertThrowsError(try ClipProbe.probe(path: tone)) { error in
            XCTAssertTrue("\(error)".contains("no video stream"), "\(error)")
            XCTAssertTrue("\(error)".contains(tone), "\(error)")
        }
        XCTAssertThrowsError(try ClipProbe.probe(path: TestClips.directory + "/missing.mp4")) { error in
            XCTAssertTrue("\(error)".contains("no such file"), "\(error)")
        }
    }

    func testTruncatedClipIsRefused() throws {
        // ffmpeg writes the MP4 index (moov) last: half the file has none.
        let half = try TestClips.truncated(TestClips.pattern(), to: 0.5, name: "half.mp4")
        XCTAssertThrowsError(try ClipProbe.probe(path: half)) { error in
            XCTAssertTrue("\(error)".hasPrefix(half), "\(error)")
        }
        // With the index first, the first 2 % keep the header and lose the pictures.
        let fast = try TestClips.make("faststart.mp4", ["-f", "lavfi", "-i", "testsrc2=size=640x480:rate=25:duration=2",
                                                        "-c:v", "libx264", "-preset", "ultrafast", "-movflags", "+faststart"])
        let cut = try TestClips.truncated(fast, to: 0.02, name: "faststart-cut.mp4")
        do {
            let info = try ClipProbe.probe(path: cut)
            XCTAssertFalse(info.willPlay, "a clip without pictures plays: \(info.summary)")
            XCTAssertTrue(info.refusal?.contains("h264") ?? false, info.refusal ?? "")
        } catch {
            XCTAssertTrue("\(error)".hasPrefix(cut), "\(error)")
        }
    }

    func testEnormousClipIsRefusedBeforeDecoding() throws {
        let huge = try TestClips.make("huge.mkv", ["-f", "lavfi", "-i", "color=c=blue:size=8192x4320:rate=1:duration=1",
                                                  "-frames:v", "1", "-c:v", "libx264", "-preset", "ultrafast"])
        let info = try ClipProbe.probe(path: huge)
        XCTAssertEqual(info.width, 8192)
        XCTAssertFalse(info.willPlay)
        XCTAssertTrue(info.refusal?.contains("8192×4320") ?? false, info.refusal ?? "")
        XCTAssertTrue(info.refusal?.contains("h264") ?? false, info.refusal ?? "")
        let decoder = ClipDecoder(path: huge)
        decoder.waitUntilBuffered()
        XCTAssertNil(decoder.info)
        XCTAssertTrue(decoder.failure?.description.contains("8192×4320") ?? false, "\(String(describing: decoder.failure))")
        XCTAssertTrue(decoder.queuedTimes.isEmpty)
    }

    func testThousandFramesASecondIsRefused() throws {
        let fast = try TestClips.make("fast.mp4", ["-f", "lavfi", "-i", "testsrc2=size=160x120:rate=1000:duration=0.1",
                                                  "-c:v", "libx264", "-preset", "ultrafast"])
        let info = try ClipProbe.probe(path: fast)
        XCTAssertFalse(info.willPlay)
        XCTAssertTrue(info.refusal?.contains("1000 frames a second") ?? false, info.refusal ?? "")
    }

    func testCorruptClipNeverCrashes() throws {
        var data = try Data(contentsOf: URL(fileURLWithPath: TestClips.pattern()))
        // Overwrite a run of bytes in the pictures with garbage.
        var state: UInt32 = 12345
        for index in (data.count / 4)..<(data.count / 2) {
            state = state &* 1_103_515_245 &+ 12345
            data[index] = UInt8(truncatingIfNeeded: state >> 16)
        }
        let path = TestClips.directory + "/corrupt.mp4"
        try data.write(to: URL(fileURLWithPath: path))
        let decoder = ClipDecoder(path: path)
        var frames = 0
        while !(decoder.hasEnded || decoder.failure != nil) || !decoder.queuedTimes.isEmpty {
            decoder.waitUntilBuffered()
            frames += decoder.take(100).count
        }
        // The intact first quarter decodes; the rest ends or fails with a message.
        XCTAssertGreaterThan(frames, 5)
        if let failure = decoder.failure { XCTAssertTrue(failure.description.hasPrefix(path), failure.description) }
    }
}
