import Foundation
import XCTest

/// `lectern replay` through the built binary, on the corpus's recordings.
final class ReplayCLITests: XCTestCase {
    private var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }
    private var lecternPath: String { BuiltProducts.lectern }
    private func recording(_ name: String) -> String {
        root.appendingPathComponent("Tests/TouchRecordingTests/Recordings/\(name)").path
    }

    private func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try BuiltProducts.runLectern(arguments)
    }

    func testEvemuThreeFingerTapShowsTheMenu() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: lecternPath), "build lectern first")
        let result = try run(["replay", recording("ntrig-xt2-3-tap.event"), "--panel-mm", "261x163"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("anonymous protocol"), result.stdout)
        XCTAssertTrue(result.stdout.contains("   0.104 s  THREE-FINGER TAP at"), result.stdout)
        XCTAssertTrue(result.stdout.contains("menu shown"), result.stdout)
        XCTAssertTrue(result.stdout.contains("sequence: 3 finger(s) (3 at once)"), result.stdout)
        XCTAssertTrue(result.stdout.hasSuffix("menu toggled 1 time(s)\n"), result.stdout)
    }

    func testLibinputRecordDragIsNoTapAndFramesAreWritten() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: lecternPath), "build lectern first")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-replay-\(getpid())")
        addTeardownBlock { try? FileManager.default.removeItem(at: out) }
        let result = try run(["replay", recording("lectern-panel.three-finger-drag-5mm.yml"), "--size", "320x200", "--out", out.path, "--fps", "20"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("libinput record, 'lectern machine-test touchscreen'"), result.stdout)
        XCTAssertTrue(result.stdout.contains("travel up to 5.0 mm"), result.stdout)
        XCTAssertFalse(result.stdout.contains("THREE-FINGER TAP"), result.stdout)
        let frames = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasPrefix("frame-") && $0.hasSuffix(".png") }
        XCTAssertGreaterThanOrEqual(frames.count, 3)
    }

    func testBadRecordingExits65NamingFileAndLine() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: lecternPath), "build lectern first")
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-replay-bad-\(getpid()).events")
        try Data("N: x\nA: 35 0 99 0 0\nA: 36 0 99 0 0\nE: 0.1 0003 zz 5\n".utf8).write(to: url)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        let result = try run(["replay", url.path])
        XCTAssertEqual(result.status, 65)
        XCTAssertTrue(result.stderr.hasPrefix("lectern: \(url.path):4: event line must be"), result.stderr)
        let missing = try run(["replay", "/nonexistent.events"])
        XCTAssertEqual(missing.status, 65)
        XCTAssertEqual(missing.stderr, "lectern: /nonexistent.events: does not exist\n")
        let usage = try run(["replay", url.path, "--panel-mm", "big"])
        XCTAssertEqual(usage.status, 64)
    }
}
