import Foundation
import XCTest
@testable import Video

/// Captions read through libavformat's WebVTT demuxer from files the tests write: cue
/// times, markup dropped, the file chosen by the visitor's language, bad files refused
/// with one message naming the file.
final class ClipCaptionsTests: XCTestCase {
    private func directory() throws -> String {
        let dir = NSTemporaryDirectory() + "lectern-captions-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        return dir
    }

    private func write(_ text: String, _ name: String, in dir: String) throws -> String {
        let path = "\(dir)/\(name)"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testCuesAreTimedAndTheirMarkupDropped() throws {
        let dir = try directory()
        let path = try write("""
            WEBVTT

            intro
            00:00:00.500 --> 00:00:01.500 line:80% align:center
            <v Anna>Hello <b>world</b> &amp; &lt;you&gt;</v>

            00:01.500 --> 00:03.000
            שלום <i>עולם</i>
            second line

            """, "clip.vtt", in: dir)
        let captions = try ClipCaptions.read(path: path)
        XCTAssertEqual(captions.cues.count, 2)
        XCTAssertEqual(captions.cues[0].start, 0.5, accuracy: 1e-9)
        XCTAssertEqual(captions.cues[0].end, 1.5, accuracy: 1e-9)
        XCTAssertEqual(captions.cues[0].text, "Hello world & <you>")
        XCTAssertEqual(captions.cues[1].text, "שלום עולם\nsecond line")
        XCTAssertNil(captions.text(at: 0.2))
        XCTAssertEqual(captions.text(at: 1.0), "Hello world & <you>")
        XCTAssertEqual(captions.text(at: 1.5), "שלום עולם\nsecond line", "a cue's end is the next one's start")
        XCTAssertNil(captions.text(at: 3.0))
        XCTAssertEqual(captions.transcript, ["Hello world & <you>", "שלום עולם\nsecond line"])
    }

    func testTheVisitorsLanguageChoosesTheFile() throws {
        let dir = try directory()
        let clip = try write("", "clip.mp4", in: dir)
        XCTAssertNil(ClipCaptions.file(beside: clip, language: "de"), "no captions at all")
        let plain = try write("WEBVTT\n", "clip.vtt", in: dir)
        let german = try write("WEBVTT\n", "clip.de.vtt", in: dir)
        XCTAssertEqual(ClipCaptions.file(beside: clip, language: "de"), german)
        XCTAssertEqual(ClipCaptions.file(beside: clip, language: "de-CH"), german, "the primary subtag")
        XCTAssertEqual(ClipCaptions.file(beside: clip, language: "fr"), plain, "no French captions: the plain file")
        XCTAssertEqual(ClipCaptions.file(beside: clip, language: nil), plain)
    }

    func testAFileThatIsNotWebVTTIsRefusedNamingIt() throws {
        let dir = try directory()
        let path = try write("NOT VTT\n\n00:00:00.000 --> 00:00:01.000\nHi\n", "clip.vtt", in: dir)
        XCTAssertThrowsError(try ClipCaptions.read(path: path)) { error in
            let message = "\(error)"
            XCTAssertTrue(message.hasPrefix(path), message)
            XCTAssertTrue(message.contains("WEBVTT"), message)
        }
    }

    func testAFileWithNoCueThatReadsIsRefused() throws {
        let dir = try directory()
        let path = try write("WEBVTT\n\n00:00:0x.000 --> 00:00:01.000\nHi\n", "clip.vtt", in: dir)
        XCTAssertThrowsError(try ClipCaptions.read(path: path)) { error in
            XCTAssertTrue("\(error)".hasPrefix(path), "\(error)")
            XCTAssertTrue("\(error)".contains("-->"), "\(error)")
        }
        let binary = "\(dir)/noise.vtt"
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: URL(fileURLWithPath: binary))
        XCTAssertThrowsError(try ClipCaptions.read(path: binary))
        XCTAssertThrowsError(try ClipCaptions.read(path: "\(dir)/missing.vtt")) { error in
            XCTAssertTrue("\(error)".contains("missing.vtt"))
        }
    }
}
