import Foundation
import Raster
import XCTest

/// `lectern snapshot` as a preview of the screen: any page by number or title, and
/// `--size` as the visitor sees the screen whatever the panel's rotation.
final class SnapshotPreviewCLITests: XCTestCase {
    private var directory: String!

    override func setUpWithError() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: BuiltProducts.lectern), "build lectern first")
        directory = NSTemporaryDirectory() + "lectern-preview-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        addTeardownBlock { [directory] in try? FileManager.default.removeItem(atPath: directory!) }
        // Page 2 holds rows of full blocks: far more ink than page 1's few words.
        let blocks = String(repeating: String(repeating: "█", count: 30) + "\n", count: 6)
        for (name, text) in [("one.md", "# One\n\nThe first page."), ("two.md", "# Two\n\n" + blocks), ("three.md", "# Three")] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: "\(directory!)/\(name)"))
        }
    }

    private func config(rotation: Int = 0) throws -> String {
        let path = "\(directory!)/kiosk-\(rotation).toml"
        let pages = [("One", "one.md"), ("Second page", "two.md"), ("Three", "three.md")]
            .map { "[[page]]\ntitle = \"\($0.0)\"\ncontent = \"\($0.1)\"\n" }.joined(separator: "\n")
        try Data("[display]\nrotation = \(rotation)\n\n\(pages)".utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func snapshot(_ arguments: [String]) throws -> (status: Int32, stderr: String, image: Canvas?) {
        let output = "\(directory!)/\(UUID().uuidString).png"
        let result = try BuiltProducts.runLectern(["snapshot", "-o", output] + arguments)
        let image = result.status == 0 ? try Image(contentsOfFile: output).canvas : nil
        return (result.status, result.stderr, image)
    }

    private func pixels(_ canvas: Canvas) -> [UInt32] {
        var out: [UInt32] = []
        out.reserveCapacity(canvas.width * canvas.height)
        for y in 0..<canvas.height {
            let row = canvas.row(y)
            for x in 0..<canvas.width { out.append(row[x] & 0xFFFFFF) }
        }
        return out
    }

    /// Dark pixels in the canvas (text, the page's blocks).
    private func ink(_ canvas: Canvas) -> Int { pixels(canvas).filter { ($0 >> 8) & 0xFF < 80 }.count }

    func testPageByNumberAndByTitleShowThatPage() throws {
        let config = try self.config()
        let first = try snapshot(["--config", config, "--size", "480x320"])
        let second = try snapshot(["--config", config, "--size", "480x320", "--page", "2"])
        let byTitle = try snapshot(["--config", config, "--size", "480x320", "--page", "second page"])
        let (a, b, c) = (try XCTUnwrap(first.image, first.stderr), try XCTUnwrap(second.image, second.stderr), try XCTUnwrap(byTitle.image, byTitle.stderr))
        XCTAssertGreaterThan(ink(b), 2 * ink(a))
        let one = try XCTUnwrap(try snapshot(["--config", config, "--size", "480x320", "--page", "1"]).image)
        XCTAssertEqual(pixels(a), pixels(one))
        XCTAssertEqual(pixels(b), pixels(c), "\"second page\" (any case) is page 2")
    }

    func testAPageThatIsNotThereIsMisuseNamingThePages() throws {
        let config = try self.config()
        for page in ["4", "0", "Nowhere"] {
            let result = try snapshot(["--config", config, "--size", "480x320", "--page", page])
            XCTAssertEqual(result.status, 64, result.stderr)
            XCTAssertTrue(result.stderr.contains("--page: no page \"\(page)\"; the pages are 1 \"One\", 2 \"Second page\", 3 \"Three\""), result.stderr)
        }
    }

    /// The help says the size is after rotation: a portrait 320×480 preview of a panel
    /// turned 90° (or 270°) is a 320×480 picture, upright, the same as with no rotation.
    func testSizeIsAfterRotation() throws {
        let upright = try XCTUnwrap(try snapshot(["--config", try config(), "--size", "320x480"]).image)
        for rotation in [90, 270] {
            let turned = try snapshot(["--config", try config(rotation: rotation), "--size", "320x480"])
            let image = try XCTUnwrap(turned.image, turned.stderr)
            XCTAssertEqual([image.width, image.height], [320, 480], "rotation \(rotation)")
            XCTAssertEqual(pixels(image), pixels(upright), "rotation \(rotation): the screen as the visitor sees it")
        }
        let help = try BuiltProducts.runLectern(["snapshot", "--help"])
        XCTAssertTrue(help.stdout.replacingOccurrences(of: "\n", with: " ").contains("after [display]"), help.stdout)
    }
}
