import Foundation
import KioskHeadless
import Logging
import PDFPages
import Raster
import XCTest
@testable import Kiosk

/// A PDF as a page, played headless: its sheets (poppler, sandboxed, off the loop)
/// stacked and scrolled, an internal link moving to its sheet, a web link's QR card.
/// The fixture: Tests/PDFPagesTests/Fixtures (page 1 red, 2 green, 3 blue).
final class PDFPageTests: LinkTestCase {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../PDFPagesTests/Fixtures/three-pages.pdf").standardizedFileURL.path

    override func setUpWithError() throws {
        try XCTSkipIf(SandboxedProcess.locate("pdftocairo") == nil, "poppler-utils is not installed (scripts/install-deps)")
        // The process's one queue caches here (set before its first use).
        setenv("LECTERN_PDF_CACHE", NSTemporaryDirectory() + "lectern-pdf-kiosk-\(getpid())", 0)
    }

    func pdfConfig() -> KioskConfig {
        var config = KioskConfig()
        config.text.size = 20
        config.pages = [.init(title: "Brochure", source: .file(path: Self.fixture))]
        return config
    }

    /// Lets the renderers finish, hands their work to the runtime as the pipe would,
    /// and draws at `time`; twice, as opening the document asks for sheets.
    func settle(_ player: HeadlessPlayer, _ pdf: PDFContent, at time: Double) {
        for step in 0..<3 {
            pdf.queue.waitUntilIdle()
            player.runtime.backgroundWorkFinished(at: time + Double(step) * 0.01)
            player.render(at: time + Double(step) * 0.01 + 0.005)
        }
    }

    func testSheetsShowAndAnInternalLinkMovesToItsSheet() throws {
        let (assembly, player) = try makePlayer(pdfConfig())
        let pdf = try XCTUnwrap(assembly.content.pdf)
        let scene = assembly.scene
        // Before anything is rendered: the placeholder, not a stall.
        assertColor(player.canvas, width / 2, height - 20, PDFContent.placeholderColor, tolerance: 0)
        settle(player, pdf, at: 0.1)
        let stack = try XCTUnwrap(pdf.stack(page: 0, width: scene.textWidth))
        XCTAssertEqual(stack.tops.count, 3)
        XCTAssertEqual(scene.pageLength(of: 0), Double(stack.height) + (KioskScene.marginTop + KioskScene.marginBottom) * scene.scale,
                       accuracy: 1)
        let origin = scene.pageOrigin(at: 0.2)
        assertColor(player.canvas, origin.x + 6, height - 12, Color(red: 255, green: 0, blue: 0), tolerance: 8)

        // The internal link ("Go to page 3") is tappable where its text is.
        let links = pdf.links(page: 0, width: scene.textWidth)
        let inside = try XCTUnwrap(links.first { $0.target == "#pdf-page-3" })
        let box = inside.rects[0].offsetBy(dx: origin.x, dy: origin.y)
        try play("0.5 tap 1 \(box.x + box.width / 2) \(box.y + box.height / 2)\n2.5 wait", on: player)
        let target = min(Double(stack.tops[2]), scene.pageLength(of: 0) - scene.height)
        XCTAssertEqual(scene.vertical.offset(at: 2.5), target, accuracy: 1)
        XCTAssertTrue(scene.links.history.canGoBack)
        settle(player, pdf, at: 2.6)
        assertColor(player.canvas, scene.pageOrigin(at: 2.7).x + 6, height - 12, Color(red: 0, green: 0, blue: 255), tolerance: 8)
        // Only the sheets drawn lately stay decoded.
        XCTAssertGreaterThan(pdf.imageBytes, 0)
        XCTAssertLessThanOrEqual(pdf.imageBytes, 96 << 20)
    }

    func testWebLinkOpensTheQRCardThatReadsAsTheAddress() throws {
        let (assembly, player) = try makePlayer(pdfConfig())
        let pdf = try XCTUnwrap(assembly.content.pdf)
        settle(player, pdf, at: 0.1)
        let scene = assembly.scene
        let web = try XCTUnwrap(pdf.links(page: 0, width: scene.textWidth).first { $0.target == "https://example.org/lectern" })
        let origin = scene.pageOrigin(at: 0.2)
        let box = web.rects[0].offsetBy(dx: origin.x, dy: origin.y)
        try play("0.5 tap 1 \(box.x + box.width / 2) \(box.y + box.height / 2)\n2 wait", on: player)
        XCTAssertTrue(scene.links.card.isPresented)
        XCTAssertEqual(try zbarimg(player.canvas), "https://example.org/lectern")
    }

    func testCheckCountsPagesAndListsWebLinks() throws {
        let report = try XCTUnwrap(ContentCheck.check(contentFiles: [Self.fixture], fonts: []).first)
        XCTAssertTrue(report.problems.isEmpty, "\(report.problems)")
        XCTAssertTrue(report.warnings.contains { $0.contains("3 page(s)") }, "\(report.warnings)")
        XCTAssertEqual(report.webLinks.filter { $0.contains("https://example.org/lectern") }.count, 1, "\(report.webLinks)")
        let truncated = NSTemporaryDirectory() + "lectern-pdf-check-\(UUID().uuidString).pdf"
        try Data(contentsOf: URL(fileURLWithPath: Self.fixture)).prefix(300).write(to: URL(fileURLWithPath: truncated))
        defer { try? FileManager.default.removeItem(atPath: truncated) }
        let bad = try XCTUnwrap(ContentCheck.check(contentFiles: [truncated], fonts: []).first)
        XCTAssertTrue(bad.contentError)
    }

    /// What zbarimg (Debian zbar-tools) reads in `canvas`.
    func zbarimg(_ canvas: Canvas) throws -> String {
        let path = NSTemporaryDirectory() + "lectern-pdf-card-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try PNGEncoder.write(canvas: canvas, to: path)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/zbarimg")
        process.arguments = ["--raw", "-q", path]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
    }

    func testBrokenPDFShowsAPlaceholderAndALogLine() throws {
        let dir = NSTemporaryDirectory() + "lectern-pdf-broken-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.fixture))
        try bytes.prefix(400).write(to: URL(fileURLWithPath: dir + "/truncated.pdf"))
        var config = pdfConfig()
        config.pages = [.init(title: "Broken", source: .file(path: dir + "/truncated.pdf"))]
        var lines: [String] = []
        let saved = Log.logger
        Log.logger = Logger(sink: { lines.append($0) })
        defer { Log.logger = saved }
        let (assembly, player) = try makePlayer(config)
        settle(player, try XCTUnwrap(assembly.content.pdf), at: 0.1)
        XCTAssertTrue(lines.contains { $0.contains("truncated.pdf") && $0.contains("placeholder") }, "\(lines)")
        assertColor(player.canvas, width / 2, height - 20, PDFContent.placeholderColor, tolerance: 0)
        XCTAssertGreaterThan(player.scene.pageLength(of: 0), Double(height), "a placeholder of a sheet's size")
    }
}
