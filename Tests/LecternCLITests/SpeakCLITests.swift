import Foundation
import XCTest

/// `lectern speak`: the WAV speech mode would play for a page, through the built binary.
final class SpeakCLITests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: BuiltProducts.lectern), "build lectern first")
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-speak-cli-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let pages: [(String, String)] = [
            ("short.md", "# Hours\n\nOpen daily.\n"),
            ("long.md", "# Hours\n\nOpen daily.\n\n## Tickets\n\nAdults pay twelve euros; children under fourteen enter free of charge.\n\n"
                + "1. Buy at the desk\n2. Keep the receipt\n\n| Day | Open |\n| --- | --- |\n| Monday | closed |\n| Tuesday | ten to six |\n"),
            ("de.md", "---\nlang: de\n---\n# Öffnungszeiten\n\nDas Museum ist täglich von zehn bis achtzehn Uhr geöffnet.\n"),
            ("he.md", "---\nlang: he\n---\n# שעות פתיחה\n\nהמוזיאון פתוח בכל יום מעשר עד שש.\n"),
        ]
        for (name, text) in pages { try Data(text.utf8).write(to: directory.appendingPathComponent(name)) }
        let config = pages.map { "[[page]]\ncontent = \"\($0.0)\"\n" }.joined()
        try Data(config.utf8).write(to: directory.appendingPathComponent("lectern.toml"))
    }

    override func tearDownWithError() throws { if let directory { try? FileManager.default.removeItem(at: directory) } }

    /// Speaks page `page`: the voices printed and the WAV's seconds and RMS level.
    private func speak(page: Int) throws -> (voices: [String], lines: [String], seconds: Double, rms: Double) {
        let out = directory.appendingPathComponent("page\(page).wav").path
        let result = try BuiltProducts.runLectern(["speak", "--config", directory.appendingPathComponent("lectern.toml").path,
                                                   "--page", String(page), "--out", out])
        XCTAssertEqual(result.status, 0, result.stderr)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))
        XCTAssertEqual(Array(bytes[0..<4]), Array("RIFF".utf8))
        XCTAssertEqual(Array(bytes[8..<12]), Array("WAVE".utf8))
        let rate = Int(bytes[24]) | Int(bytes[25]) << 8 | Int(bytes[26]) << 16
        let samples = stride(from: 44, to: bytes.count - 1, by: 2).map { Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8) }
        let rms = (samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(max(samples.count, 1))).squareRoot()
        let lines = result.stdout.split(separator: "\n").map(String.init)
        return (lines.map { String($0.split(separator: "\t").first ?? "") }, lines, Double(samples.count) / Double(rate), rms)
    }

    func testDurationGrowsWithTheTextAndRolesAreSaid() throws {
        let short = try speak(page: 1)
        let long = try speak(page: 2)
        XCTAssertGreaterThan(short.seconds, 1)
        XCTAssertGreaterThan(long.seconds, short.seconds * 3, "\(short.seconds) s vs \(long.seconds) s")
        let text = long.lines.map { $0.split(separator: "\t").last.map(String.init) ?? "" }
        XCTAssertEqual(text.first, "long", "the page title (the file's name) first")
        XCTAssertTrue(text.contains("heading level 1, Hours"), "\(text)")
        XCTAssertTrue(text.contains("heading level 2, Tickets"), "\(text)")
        XCTAssertTrue(text.contains("list item 2, Keep the receipt"), "\(text)")
        XCTAssertTrue(text.contains("table, 3 rows, 2 columns"), "\(text)")
        XCTAssertTrue(text.contains("row 3 column 2, ten to six"), "\(text)")
    }

    func testHebrewAndGermanPagesChooseDifferentVoices() throws {
        let german = try speak(page: 3)
        let hebrew = try speak(page: 4)
        XCTAssertTrue(german.voices.contains("German"), "\(german.lines)")
        XCTAssertTrue(german.lines.contains { $0.hasSuffix("Überschrift Ebene 1, Öffnungszeiten") }, "German role words on a German page: \(german.lines)")
        XCTAssertTrue(hebrew.voices.contains("Hebrew"), "\(hebrew.lines)")
        XCTAssertFalse(hebrew.voices.contains("German"))
        XCTAssertGreaterThan(german.rms, 500, "not silence")
        XCTAssertGreaterThan(hebrew.rms, 500, "not silence")
        XCTAssertGreaterThan(hebrew.seconds, 1)
    }

    func testPageOutOfRangeIsAUsageError() throws {
        let result = try BuiltProducts.runLectern(["speak", "--config", directory.appendingPathComponent("lectern.toml").path,
                                                   "--page", "9", "--out", directory.appendingPathComponent("x.wav").path])
        XCTAssertEqual(result.status, 64, result.stderr)
        XCTAssertTrue(result.stderr.contains("--page"), result.stderr)
    }
}
