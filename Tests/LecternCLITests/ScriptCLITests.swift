import Foundation
import XCTest

/// Gesture scripts given to demo/snapshot: a bad one is a data error (65) naming file
/// and line, a missing one is misuse (64), and a CRLF one plays like LF.
final class ScriptCLITests: XCTestCase {
    private func run(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let result = try BuiltProducts.runLectern(arguments)
        return (result.status, result.stderr)
    }

    func testBadMissingAndCRLFScripts() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: BuiltProducts.lectern), "build lectern first")
        let dir = NSTemporaryDirectory() + "lectern-script-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data("0.1 tap 3 640 400\r\n0.5 jump 0\r\n".utf8).write(to: URL(fileURLWithPath: dir + "/bad.txt"))
        try Data("0.1 tap 3 640 400\r\n1.0 capture menu\r\n".utf8).write(to: URL(fileURLWithPath: dir + "/good.txt"))
        let bad = try run(["snapshot", "--size", "320x200", "--script", dir + "/bad.txt", "-o", dir + "/x.png"])
        XCTAssertEqual(bad.status, 65, bad.stderr)
        XCTAssertTrue(bad.stderr.contains("bad.txt:2"), bad.stderr)
        let missing = try run(["snapshot", "--size", "320x200", "--script", dir + "/none.txt", "-o", dir + "/x.png"])
        XCTAssertEqual(missing.status, 64, missing.stderr)
        let good = try run(["snapshot", "--size", "320x200", "--script", dir + "/good.txt", "-o", dir + "/x.png"])
        XCTAssertEqual(good.status, 0, good.stderr)
    }
}
