import Foundation
import XCTest

/// Configuration errors through the built binary: exit 65 (EX_DATAERR) in every command
/// that reads a configuration, every error on its own line with file:line:column and key.
final class ConfigCLITests: XCTestCase {
    private var lecternPath: String {
        BuiltProducts.lectern
    }

    private var directory: URL!

    override func setUpWithError() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: lecternPath), "build lectern first")
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-config-cli-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("# Hello\n".utf8).write(to: directory.appendingPathComponent("page.md"))
    }

    override func tearDownWithError() throws { if let directory { try? FileManager.default.removeItem(at: directory) } }

    private func write(_ text: String) throws -> String {
        let url = directory.appendingPathComponent("lectern.toml")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    private func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try BuiltProducts.runLectern(arguments)
    }

    func testMissingFontIsOneLineAndExit65() throws {
        let config = try write("[text]\nfonts = [\"/nonexistent/Body.ttf\"]\n[[page]]\ncontent = \"page.md\"\n")
        let result = try run(["check", "--config", config])
        XCTAssertEqual(result.status, 65, result.stdout + result.stderr)
        XCTAssertEqual(result.stderr, "lectern: \(config):2:10: text.fonts: font file /nonexistent/Body.ttf does not exist\n")
        XCTAssertFalse(result.stdout.contains("ok"), "no 'ok configuration' before the error: \(result.stdout)")
    }

    func testFileThatIsNotAFontIsAConfigurationError() throws {
        try Data("not a font".utf8).write(to: directory.appendingPathComponent("bad.ttf"))
        let config = try write("[text]\nfonts = [\"bad.ttf\"]\n[[page]]\ncontent = \"page.md\"\n")
        let result = try run(["check", "--config", config])
        XCTAssertEqual(result.status, 65, result.stdout + result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("lectern: \(config):2:10: text.fonts: font file "), result.stderr)
        XCTAssertTrue(result.stderr.contains("is not a font"), result.stderr)
    }

    func testEveryErrorListedWithACount() throws {
        let config = try write("[display]\nrotation = 45\n[theme]\naccnt = \"#000000\"\n[[page]]\ncontent = \"gone.md\"\n")
        let result = try run(["check", "--config", config])
        XCTAssertEqual(result.status, 65)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 4, result.stderr)
        XCTAssertTrue(lines[0].hasPrefix("lectern: \(config):2:12: display.rotation: "), lines[0])
        XCTAssertTrue(lines[1].hasPrefix("lectern: \(config):4:1: theme.accnt: ") && lines[1].contains("did you mean 'accent'"), lines[1])
        XCTAssertTrue(lines[2].hasPrefix("lectern: \(config):6:11: page.content: content file"), lines[2])
        XCTAssertEqual(lines[3], "lectern: 3 errors in \(config)")
    }

    func testSyntaxErrorExit65InEveryCommand() throws {
        let config = try write("[display]\nrotation = 2__0\n[[page]]\ncontent = \"page.md\"\n")
        let out = directory.appendingPathComponent("out").path
        for arguments in [["check", "--config", config],
                          ["snapshot", "--config", config, "-o", out + ".png"],
                          ["demo", "--config", config, "--out", out],
                          ["run", "--config", config]] {
            let result = try run(arguments)
            XCTAssertEqual(result.status, 65, "\(arguments[0]): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("lectern: \(config):2:"), "\(arguments[0]): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("TOML syntax"), "\(arguments[0]): \(result.stderr)")
        }
    }

    func testUsageErrorsStay64() throws {
        let result = try run(["snapshot", "--size", "huge", "-o", directory.appendingPathComponent("x.png").path])
        XCTAssertEqual(result.status, 64, result.stderr)
    }

    func testGoodConfigWithCRLFChecksOK() throws {
        let config = try write("[display]\r\nrotation = 0\r\n[[page]]\r\ncontent = \"page.md\"\r\n")
        let result = try run(["check", "--config", config])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("ok   configuration"), result.stdout)
    }
}
