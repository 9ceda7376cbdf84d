import Foundation
import KioskHeadless
import Logging
import PDFPages
import XCTest
import LecternTestSupport
@testable import Kiosk

/// What the PDF page tests share: the fixture (Tests/PDFPagesTests/Fixtures, page 1 red,
/// 2 green, 3 blue), a cache of their own, a config showing it, and waiting for the
/// sandboxed renderers. No tests of its own.
class PDFTestCase: LinkTestCase {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../PDFPagesTests/Fixtures/three-pages.pdf").standardizedFileURL.path

    override func setUpWithError() throws {
        try XCTSkipIf(SandboxedProcess.locate("pdftocairo") == nil, "poppler-utils is not installed (scripts/install-deps)")
        // The process's one queue caches here (set before its first use).
        setenv("LECTERN_PDF_CACHE", TestScratch.directory("lectern-pdf-kiosk"), 0)
    }

    /// Log.logger's lines during this test (the logger is given back when it ends).
    final class CapturedLog { var lines: [String] = [] }
    func captureLog() -> CapturedLog {
        let log = CapturedLog(), saved = Log.logger
        Log.logger = Logger(sink: { log.lines.append($0) })
        addTeardownBlock { Log.logger = saved }
        return log
    }

    func pdfConfig() -> KioskConfig {
        var config = KioskConfig()
        config.text.size = 20
        config.pages = [.init(title: "Brochure", source: .file(path: Self.fixture))]
        return config
    }

    /// Runs to `time`, then waits for the renderers: their pipe wakes the loop, which
    /// collects the sheets and draws them (a frame or two later, as on the device).
    func settle(_ player: HeadlessPlayer, at time: Double) {
        player.step(to: time)
        player.waitForBackgroundWork()
    }

    /// The fixture under a name and with bytes of its own (a trailing comment), so no
    /// earlier test's rendering is found in the cache.
    func freshCopy(of source: String, named name: String, in dir: String) throws -> String {
        var bytes = try Data(contentsOf: URL(fileURLWithPath: source))
        bytes.append(Data("\n% \(UUID().uuidString)\n".utf8))
        let path = dir + "/" + name
        try bytes.write(to: URL(fileURLWithPath: path))
        return path
    }

    func temporaryDirectory(_ tag: String) throws -> String {
        let dir = NSTemporaryDirectory() + "lectern-pdf-\(tag)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        return dir
    }
}
