import Foundation
import XCTest

/// `snapshot` and `demo` show a page with a problem anyway (a missing picture shows its
/// alt text), and say on stderr what `check` would report, once, with file:line.
final class ContentProblemsCLITests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: BuiltProducts.lectern), "build lectern first")
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-problems-cli-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("# Garden\n\nThe pond in spring.\n\n![The pond](pond.jpg)\n\nMore text.\n".utf8)
            .write(to: directory.appendingPathComponent("garden.md"))
        try Data("[[page]]\ntitle = \"Garden\"\ncontent = \"garden.md\"\n".utf8).write(to: directory.appendingPathComponent("lectern.toml"))
    }

    override func tearDownWithError() throws { if let directory { try? FileManager.default.removeItem(at: directory) } }

    private var config: String { directory.appendingPathComponent("lectern.toml").path }
    private var page: String { directory.appendingPathComponent("garden.md").path }

    private func occurrences(of needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    func testCheckReportsTheMissingPicture() throws {
        let result = try BuiltProducts.runLectern(["check", "--config", config])
        XCTAssertEqual(result.status, 65, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("line 5: image:"), result.stdout)
    }

    func testSnapshotLogsTheMissingPictureOnceWithFileAndLine() throws {
        let output = directory.appendingPathComponent("shot.png").path
        let result = try BuiltProducts.runLectern(["snapshot", "--config", config, "--size", "640x400", "-o", output])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: output))
        XCTAssertEqual(occurrences(of: "\(page):5: image:", in: result.stderr), 1, result.stderr)
        XCTAssertEqual(occurrences(of: "pond.jpg", in: result.stderr), 1, result.stderr)
    }

    func testDemoLogsTheMissingPictureOnceWithFileAndLine() throws {
        let script = directory.appendingPathComponent("script.txt")
        try Data("0.1 tap 1 320 200\n".utf8).write(to: script)
        let out = directory.appendingPathComponent("demo").path
        let result = try BuiltProducts.runLectern(["demo", "--config", config, "--size", "640x400", "--script", script.path,
                                                    "--fps", "10", "--out", out])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(occurrences(of: "\(page):5: image:", in: result.stderr), 1, result.stderr)
    }

    func testAPageWithoutProblemsSaysNothing() throws {
        try Data("# Garden\n\nThe pond in spring.\n".utf8).write(to: directory.appendingPathComponent("garden.md"))
        let output = directory.appendingPathComponent("shot.png").path
        let result = try BuiltProducts.runLectern(["snapshot", "--config", config, "--size", "640x400", "-o", output])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.stderr.contains("warning"), result.stderr)
    }
}
