import Foundation
import XCTest

/// `lectern search`: what a visitor would find, through the built binary, on a site with
/// German, Arabic, Japanese and Thai pages, an HTML table, a picture's alt text and a
/// third-party PDF (Debian's shared-mime-info specification, 17 pages).
final class SearchCLITests: XCTestCase {
    private var directory: URL!
    private static let pdf = "/usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf"

    override func setUpWithError() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: BuiltProducts.lectern), "build lectern first")
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-search-cli-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var pages: [(file: String, title: String, text: String)] = [
            ("staff.md", "Mitarbeiter", "---\nlang: de\n---\n# Mitarbeiter\n\nFrau Dr. Anna Müller leitet das Archiv im zweiten Stock.\n\nDas Café im Erdgeschoss öffnet um acht Uhr.\n"),
            ("ar.md", "المكتبة", "---\nlang: ar\n---\n# المكتبة\n\nتفتح المكتبة العامة في الساعة التاسعة صباحاً.\n"),
            ("ja.md", "アクセス", "# アクセス\n\n東京駅から徒歩五分です。図書館は三階にあります。\n"),
            ("th.md", "ห้องสมุด", "# ห้องสมุด\n\nห้องสมุดเปิดทุกวันตั้งแต่เก้าโมงเช้า\n"),
            ("rooms.md", "Rooms", "# Rooms\n\n<table><tr><th>Room</th><th>Use</th></tr><tr><td>214</td><td>Cartography workshop</td></tr></table>\n\n![Floor plan of the observatory wing](plan.png)\n"),
        ]
        // Filler pages of real length, so the ranking has something to rank among.
        for n in 0..<20 {
            let body = (0..<300).map { "Exhibit \(n) line \($0) shows archive material and visitor notes." }.joined(separator: " ")
            pages.append(("filler\(n).md", "Hall \(n)", "# Hall \(n)\n\n\(body)\n"))
        }
        for page in pages { try Data(page.text.utf8).write(to: directory.appendingPathComponent(page.file)) }
        var config = pages.map { "[[page]]\ntitle = \"\($0.title)\"\ncontent = \"\($0.file)\"\n" }.joined()
        if FileManager.default.fileExists(atPath: Self.pdf) {
            config += "[[page]]\ntitle = \"MIME spec\"\ncontent = \"\(Self.pdf)\"\n"
        }
        try Data(config.utf8).write(to: directory.appendingPathComponent("lectern.toml"))
    }

    override func tearDownWithError() throws { if let directory { try? FileManager.default.removeItem(at: directory) } }

    /// Each result line split into rank, page, title and marked snippet.
    private func search(_ words: String...) throws -> (status: Int32, results: [[String]], stdout: String, stderr: String) {
        let result = try BuiltProducts.runLectern(["search", "--config", directory.appendingPathComponent("lectern.toml").path] + words)
        let rows = result.stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        return (result.status, rows.filter { $0.count == 4 }, result.stdout, result.stderr)
    }

    func testAccentedAndUnaccentedQueriesFindTheSamePage() throws {
        // A prefix finds more ("mul" begins "multiple" in the PDF): the page with the name ranks first.
        XCTAssertEqual(try search("mül").results.first?[2], "Mitarbeiter")
        for query in ["muller", "Müller", "MULLER", "mülle"] {
            let found = try search(query)
            XCTAssertEqual(found.status, 0, found.stderr)
            XCTAssertEqual(found.results.map { $0[2] }, ["Mitarbeiter"], query)
            XCTAssertTrue(found.results[0][3].contains("Anna [Müller] leitet"), found.results[0][3])
        }
        XCTAssertEqual(try search("cafe").results.map { $0[2] }, ["Mitarbeiter"])
    }

    func testArabicJapaneseAndThaiPagesAreFound() throws {
        XCTAssertEqual(try search("المكتبة").results.first?[2], "المكتبة")
        let japanese = try search("図書館")
        XCTAssertEqual(japanese.results.map { $0[2] }, ["アクセス"])
        XCTAssertTrue(japanese.results[0][3].contains("[図書館]は三階"), japanese.results[0][3])
        XCTAssertEqual(try search("ห้องสมุด").results.first?[2], "ห้องสมุด")
    }

    func testTablesAltTextAndAPDFTextLayerAreSearched() throws {
        XCTAssertEqual(try search("cartography").results.map { $0[2] }, ["Rooms"])
        XCTAssertEqual(try search("observatory").results.map { $0[2] }, ["Rooms"])
        try XCTSkipUnless(FileManager.default.fileExists(atPath: Self.pdf), "shared-mime-info's PDF is not installed")
        let found = try search("interoperability")
        XCTAssertEqual(found.results.map { $0[2] }, ["MIME spec"], found.stderr)
        XCTAssertEqual(found.results.first?[1], "26")
        XCTAssertTrue(found.results[0][3].contains("[interoperability]"), found.results[0][3])
    }

    func testRankedWithTheTitleFirstAndLimited() throws {
        let found = try search("hall")
        XCTAssertEqual(found.results.count, 20)
        XCTAssertEqual(found.results.map { $0[0] }, (1...20).map(String.init))
        let limited = try BuiltProducts.runLectern(["search", "--config", directory.appendingPathComponent("lectern.toml").path, "--limit", "3", "archive"])
        XCTAssertEqual(limited.stdout.split(separator: "\n").count, 3)
        // "Archiv" is in the German page's text once; the halls say "archive" many times.
        let prefix = try search("archiv")
        XCTAssertGreaterThan(prefix.results.count, 1)
    }

    func testNothingFoundSaysSoAndQueriesAreNotInterpreted() throws {
        let none = try search("zeppelin")
        XCTAssertEqual(none.status, 1)
        XCTAssertEqual(none.stdout, "nothing found\n")
        for hostile in ["\"", "NEAR(", "title:x", "*"] {
            let answer = try search(hostile)
            XCTAssertEqual(answer.status, 1, hostile + answer.stderr)
            XCTAssertFalse(answer.stderr.contains("syntax"), answer.stderr)
        }
        let long = try search(String(repeating: "müller ", count: 30))
        XCTAssertEqual(long.results.map { $0[2] }, ["Mitarbeiter"])
        XCTAssertTrue(long.stderr.contains("only the first 64 characters"), long.stderr)
    }
}
