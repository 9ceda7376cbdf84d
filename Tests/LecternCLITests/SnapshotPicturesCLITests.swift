import Foundation
import LecternTestSupport
import Raster
import XCTest

/// `lectern snapshot` decodes pictures off the loop, as `run` does, and waits for them:
/// a page opening with a picture taller than the screen shows it on every row. (With
/// `--no-wait`, the frame as first drawn, the rows below the bands layout kept are the
/// page's background unless the worker was quicker than the loop: not asserted here;
/// `PicturesOffTheLoopTests` holds the worker back to see that frame.)
final class SnapshotPicturesCLITests: XCTestCase {
    func testASnapshotWaitsForThePicturesDecodedOffTheLoop() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: BuiltProducts.lectern), "build lectern first")
        let directory = NSTemporaryDirectory() + "lectern-snapshot-pictures-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "![test pattern](\(try TestPictures.tall()))\n".write(toFile: "\(directory)/pattern.md", atomically: true, encoding: .utf8)
        let config = "\(directory)/kiosk.toml"
        try "[[page]]\ntitle = \"Pattern\"\ncontent = \"pattern.md\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        func column(_ extra: [String]) throws -> [UInt32] {
            let output = "\(directory)/\(UUID().uuidString).png"
            let result = try BuiltProducts.runLectern(["snapshot", "-o", output, "--config", config, "--size", "640x800"] + extra)
            XCTAssertEqual(result.status, 0, result.stderr)
            let canvas = try Image(contentsOfFile: output).canvas
            return (0..<800).map { canvas.row($0)[320] & 0xFFFFFF }
        }
        let waited = try column([]), first = try column(["--no-wait"])
        let background = waited[0]
        let top = try XCTUnwrap(waited.firstIndex { $0 != background }, "the picture is on screen")
        let kept = top + 2 * 128  // the two bands layout kept
        XCTAssertLessThan(kept, 700)
        XCTAssertEqual(Array(first[top..<kept]), Array(waited[top..<kept]))
        XCTAssertLessThan(waited[kept...].filter { $0 == background }.count, (800 - kept) / 10, "waited: the picture")
    }
}
