import Foundation
import LecternTestSupport
import Raster
import XCTest

/// `snapshot` waits for the background work its frame depends on: a PDF page shows its
/// first sheet (the fixture's page 1 is red), as the device shows it a moment after it
/// starts, not the grey "Loading page 1…" placeholders. `--no-wait` captures the frame
/// as it is drawn first, the sheets still loading.
final class PDFSnapshotCLITests: XCTestCase {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../PDFPagesTests/Fixtures/three-pages.pdf").standardizedFileURL.path
    static let red = Color(red: 255, green: 0, blue: 0)
    static let placeholder = Color(red: 0xE4, green: 0xE4, blue: 0xE4)
    private var directory: URL!

    override func setUpWithError() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: BuiltProducts.lectern), "build lectern first")
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftocairo"), "poppler-utils is not installed (scripts/install-deps)")
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-pdf-snapshot-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // The children's render cache (as the PDF page tests keep theirs), not the user's.
        setenv("LECTERN_PDF_CACHE", TestScratch.directory("lectern-pdf-cli"), 0)
        try Data("[[page]]\ntitle = \"Brochure\"\ncontent = \"\(Self.fixture)\"\n".utf8)
            .write(to: directory.appendingPathComponent("lectern.toml"))
    }

    override func tearDownWithError() throws { if let directory { try? FileManager.default.removeItem(at: directory) } }

    /// Pixels of `color` (±8 per channel) in the PNG at `path`.
    private func count(_ color: Color, in path: String) throws -> Int {
        let image = try Image(contentsOfFile: path)
        return withExtendedLifetime(image) {
            image.canvas.pixelCount(near: color)
        }
    }

    private func snapshot(_ extra: [String] = []) throws -> String {
        let config = directory.appendingPathComponent("lectern.toml").path
        let output = directory.appendingPathComponent("shot\(extra.joined()).png").path
        let result = try BuiltProducts.runLectern(["snapshot", "--config", config, "--size", "640x400", "-o", output] + extra)
        XCTAssertEqual(result.status, 0, result.stderr)
        return output
    }

    func testASnapshotOfAPDFPageShowsItsFirstSheet() throws {
        let shot = try snapshot()
        let red = try count(Self.red, in: shot)
        // The sheet fills the text column below the top margin: a good part of the screen.
        XCTAssertGreaterThan(red, 640 * 400 / 5, "the first sheet's red is on screen")
        // (The placeholder's grey is also an edge pixel of the sheet's black text on white.)
        XCTAssertLessThan(try count(Self.placeholder, in: shot), 640 * 400 / 100, "no sheet is still loading")
    }

    func testNoWaitCapturesTheSheetsStillLoading() throws {
        let shot = try snapshot(["--no-wait"])
        XCTAssertEqual(try count(Self.red, in: shot), 0, "nothing rendered yet")
        XCTAssertGreaterThan(try count(Self.placeholder, in: shot), 640 * 400 / 5, "the placeholder where the sheets go")
    }
}
