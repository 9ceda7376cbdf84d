import Foundation
import XCTest

/// `lectern check --content` through the built binary.
final class CheckContentCLITests: XCTestCase {
    private var lecternPath: String {
        BuiltProducts.lectern
    }

    private func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: lecternPath)
        process.arguments = arguments
        let outPipe = Pipe(), errPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        try process.run()
        let out = outPipe.fileHandleForReading.readDataToEndOfFile()
        let err = errPipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    private func write(_ name: String, _ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-check-\(getpid())-\(name)")
        try Data(text.utf8).write(to: url)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url.path
    }

    func testUncoveredCharacterIsListedAndFails() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: lecternPath), "build lectern first")
        let bad = try write("bad.md", "# Title\n\nPrivate \u{10FFFD} use \u{10FFFD}.\n")
        let result = try run(["check", "--content", bad])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stdout.contains("U+10FFFD ×2"), result.stdout)
    }

    func testCoveredLatinAndCJKPass() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: lecternPath), "build lectern first")
        let good = try write("good.txt", "Hello 在触摸屏上显示文章。\n")
        let result = try run(["check", "--content", good, "--font", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("ok"))
    }

    func testUnreadableFileGivesOneErrorLine() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: lecternPath), "build lectern first")
        let result = try run(["check", "--content", "/nonexistent/page.md"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.contains("cannot read content file /nonexistent/page.md: no such file"), result.stdout)
        XCTAssertEqual(result.stderr, "lectern: 1 of 1 page(s) have problems\n")
    }
}
