import Foundation
import LecternTestSupport
import XCTest

/// `lectern check --content` lists each clip (container, codec, size, duration, whether
/// it plays) and fails, naming the file and codec, for one that will not play.
final class CheckClipsCLITests: XCTestCase {
    func testClipsAreListedAndABadOneIsAContentError() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: BuiltProducts.lectern), "build lectern first")
        let dir = NSTemporaryDirectory() + "lectern-check-clips-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: TestClips.barsH264(), toPath: "\(dir)/bars.mp4")
        let huge = try TestClips.make("check-huge.mkv", ["-f", "lavfi", "-i", "color=c=red:size=5000x2000:rate=1:duration=1",
                                                         "-frames:v", "1", "-c:v", "libx264", "-preset", "ultrafast"])
        try FileManager.default.copyItem(atPath: huge, toPath: "\(dir)/huge.mkv")
        try "![Bars](bars.mp4)\n\n![Huge](huge.mkv)\n".write(toFile: "\(dir)/page.md", atomically: true, encoding: .utf8)
        let result = try BuiltProducts.runLectern(["check", "--content", "\(dir)/page.md"])
        XCTAssertEqual(result.status, 65, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("clip: bars.mp4 (line 1): mov,mp4,m4a,3gp,3g2,mj2, h264 1280×720, 0:01.0, 25.0 fps, plays"), result.stdout)
        XCTAssertTrue(result.stdout.contains("clip: huge.mkv (line 3): matroska,webm, h264 5000×2000"), result.stdout)
        XCTAssertTrue(result.stdout.contains("line 3: clip: \(dir)/huge.mkv: the h264 stream's 5000×2000 pixels is over Lectern's cap"), result.stdout)
    }
}
