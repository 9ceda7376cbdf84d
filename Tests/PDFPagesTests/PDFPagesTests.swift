import Foundation
import LoopCore
import Platform
import Raster
import LecternTestSupport
import XCTest
@testable import PDFPages

/// PDF pages through poppler-utils in the sandbox: real third-party PDFs (Debian's
/// documentation), a fixture written by Tests/PDFPagesTests/Fixtures/make-fixtures.py,
/// and broken ones (truncated, encrypted, 100,000 pages, a renderer killed mid-page).
final class PDFPagesTests: XCTestCase {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/three-pages.pdf").path
    /// shared-mime-info's specification (package shared-mime-info, freedesktop.org, GPL-2+
    /// package; the spec text is the XDG's) and libtasn1's manual (libtasn1-doc, GFDL).
    static let mimeSpec = "/usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf"
    static let tasn1 = "/usr/share/doc/libtasn1-doc/libtasn1.pdf"

    var cache: String!

    override func setUpWithError() throws {
        try XCTSkipIf(SandboxedProcess.locate("pdftocairo") == nil, "poppler-utils is not installed (scripts/install-deps)")
        cache = NSTemporaryDirectory() + "lectern-pdf-test-\(getpid())-\(UUID().uuidString)"
    }

    override func tearDown() {
        if let cache { try? FileManager.default.removeItem(atPath: cache) }
    }

    func testFixtureOpensWithSizesTextAndLinks() throws {
        let opened = try PDFTools(cacheDirectory: cache).open(path: Self.fixture)
        XCTAssertEqual(opened.info.pageCount, 3)
        XCTAssertEqual(opened.info.pages, Array(repeating: .init(width: 420, height: 595), count: 3))
        let text = try XCTUnwrap(opened.text)
        XCTAssertEqual(text.pages.map(\.number), [1, 2, 3])
        XCTAssertTrue(text.pages[1].text.contains("Page 2 of three"))
        let links = text.pages[0].links
        XCTAssertEqual(links.map(\.target), [.page(3), .external("https://example.org/lectern")])
        // "Go to page 3" sits at 40 pt from the left of a 420 pt page, near 140 pt from the top.
        XCTAssertEqual(links[0].box.x, 40.0 / 420, accuracy: 0.01)
        XCTAssertEqual(links[0].box.y, 135.0 / 595, accuracy: 0.03)
    }

    /// Links whose area is a drawing come from the annotations (qpdf); a link over three
    /// lines of text is one link, not one per line; the cache gives the same links back.
    func testLinksOnDrawingsAreReadOneEntryPerAnnotation() throws {
        let path = try scratch("drawings.pdf", TestPDFs.linksOnDrawings())
        let tools = PDFTools(cacheDirectory: cache)
        let opened = try tools.open(path: path)
        XCTAssertNil(opened.annotationProblem)
        let links = try XCTUnwrap(opened.text).pages[0].links
        XCTAssertEqual(links.map(\.target), [.external("mailto:info@example.org"), .page(2), .external("https://example.org/visit")])
        XCTAssertEqual(links[0].text, "")
        XCTAssertEqual(links[0].box.x, 100.0 / 400, accuracy: 1e-9)
        XCTAssertEqual(links[0].box.y, 120.0 / 600, accuracy: 1e-9)
        XCTAssertEqual(links[0].box.width, 80.0 / 400, accuracy: 1e-9)
        XCTAssertEqual(links[0].box.height, 80.0 / 600, accuracy: 1e-9)
        XCTAssertEqual(links[1].box.x, 250.0 / 400, accuracy: 1e-9)
        XCTAssertEqual(links[2].text, "Visit our site", "the text runs inside the annotation, in order")
        let again = try tools.open(path: path)
        XCTAssertTrue(again.sandbox.contains("from the cache"), again.sandbox)
        XCTAssertEqual(again.text, opened.text)
    }

    func testRenderedPagesHaveTheirColoursAndAreCached() throws {
        let tools = PDFTools(cacheDirectory: cache)
        let opened = try tools.open(path: Self.fixture)
        var colours: [UInt32] = []
        for page in 1...3 {
            let png = try tools.renderPage(path: Self.fixture, hash: opened.hash, page: page, width: 300)
            let image = try Image(contentsOfFile: png)
            XCTAssertEqual(image.width, 300)
            XCTAssertEqual(image.height, 425)
            colours.append(image.canvas.row(image.height - 10)[10] & 0xFFFFFF)
        }
        XCTAssertEqual(colours, [0xFF0000, 0x009900, 0x0000FF])
        XCTAssertEqual(tools.cachedPage(hash: opened.hash, page: 2, width: 300), tools.pagePath(hash: opened.hash, page: 2, width: 300))
        // The sandbox ran the renderer without the network where the kernel allows it.
        XCTAssertFalse(opened.sandbox.isEmpty)
    }

    func testDebianDocumentationPDFs() throws {
        try XCTSkipIf(access(Self.mimeSpec, R_OK) != 0 || access(Self.tasn1, R_OK) != 0, "install shared-mime-info and libtasn1-doc")
        let tools = PDFTools(cacheDirectory: cache)
        let spec = try tools.open(path: Self.mimeSpec)
        XCTAssertEqual(spec.info.pageCount, spec.info.pages.count)
        XCTAssertGreaterThan(spec.info.pageCount, 10)
        let specLinks = try XCTUnwrap(spec.text).pages.flatMap(\.links)
        XCTAssertTrue(specLinks.contains { if case .page = $0.target { return true }; return false })
        XCTAssertTrue(try XCTUnwrap(spec.text).pages[0].text.contains("Shared MIME-info Database"))
        let manual = try tools.open(path: Self.tasn1)
        let external = try XCTUnwrap(manual.text).pages.flatMap(\.links).compactMap { link -> String? in
            if case let .external(address) = link.target { return address }
            return nil
        }
        XCTAssertTrue(external.contains("mailto:help-libtasn1@gnu.org"))
        let png = try tools.renderPage(path: Self.tasn1, hash: manual.hash, page: 1, width: 480)
        XCTAssertEqual(try Image(contentsOfFile: png).width, 480)
    }

    func testTruncatedPDFFailsWithAReason() throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.fixture))
        let path = try scratch("truncated.pdf", bytes.prefix(bytes.count / 3))
        XCTAssertThrowsError(try PDFTools(cacheDirectory: cache).open(path: path)) { error in
            XCTAssertTrue("\(error)".contains("pdfinfo"), "\(error)")
        }
    }

    func testEncryptedPDFFailsWithAReason() throws {
        let qpdf = try XCTUnwrap(SandboxedProcess.locate("qpdf"), "qpdf is a test dependency (scripts/install-deps)")
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
        let encrypted = cache + "/encrypted.pdf"
        let run = try SandboxedProcess(executable: qpdf, arguments: ["--encrypt", "secret", "owner", "256", "--", Self.fixture, encrypted],
                                       workDirectory: cache).run()
        XCTAssertTrue(run.succeeded, run.failure)
        XCTAssertThrowsError(try PDFTools(cacheDirectory: cache).open(path: encrypted)) { error in
            XCTAssertTrue("\(error)".lowercased().contains("password"), "\(error)")
        }
    }

    func testHundredThousandPagesShowTheFirstFew() throws {
        let path = try scratch("many.pdf", TestPDFs.manyPages(100_000))
        let opened = try PDFTools(cacheDirectory: cache, maximumPages: 50).open(path: path)
        XCTAssertEqual(opened.info.pageCount, 100_000)
        XCTAssertEqual(opened.info.pages.count, 50)
    }

    /// The memory cap holds in the child: dd asking for one 256 MB buffer fails under a
    /// 64 MB cap and runs under the default one.
    func testTheMemoryCapBoundsWhatTheChildAllocates() throws {
        // Under qemu-user (scripts/test-arm64 units sets QEMU_CPU) the child's memory is the
        // emulator's, mapped before the limit applies: no memory limit holds there.
        if ProcessInfo.processInfo.environment["QEMU_CPU"] != nil {
            throw XCTSkip("under qemu-user the kernel's memory limits do not reach the emulated program")
        }
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
        let arguments = ["if=/dev/zero", "of=/dev/null", "bs=256M", "count=1"]
        var tight = SandboxedProcess.Limits()
        tight.memoryBytes = 64 << 20
        let capped = try SandboxedProcess(executable: "/bin/dd", arguments: arguments, workDirectory: cache, limits: tight).run()
        XCTAssertFalse(capped.succeeded)
        XCTAssertTrue(capped.errorText.contains("memory exhausted"), capped.errorText)
        let allowed = try SandboxedProcess(executable: "/bin/dd", arguments: arguments, workDirectory: cache).run()
        XCTAssertTrue(allowed.succeeded, allowed.failure)
    }

    func testKilledRendererIsAFailureAndLeavesNoCachedPage() throws {
        let tools = PDFTools(cacheDirectory: cache)
        let opened = try tools.open(path: Self.fixture)
        XCTAssertThrowsError(try tools.renderPage(path: Self.fixture, hash: opened.hash, page: 1, width: 2000,
                                                  onStart: { kill($0, SIGKILL) })) { error in
            XCTAssertTrue("\(error)".contains("signal 9"), "\(error)")
        }
        XCTAssertNil(tools.cachedPage(hash: opened.hash, page: 1, width: 2000))
    }

    func testQueueRendersOffTheCallerAndWakesThePipe() throws {
        let queue = PDFRenderQueue(tools: PDFTools(cacheDirectory: cache))
        let wake = try WakePipe(system: LinuxSystemCalls())  // as `lectern run` wires it
        queue.onFinished = wake.wake
        queue.request(.open(path: Self.fixture))
        var fds = [pollfd(fd: wake.descriptor.rawValue, events: Int16(POLLIN), revents: 0)]
        XCTAssertEqual(poll(&fds, 1, 20_000), 1)
        wake.drain()
        let done = queue.collect()
        guard case let .opened(opened)? = done.first?.1 else { return XCTFail("\(done)") }
        queue.request(.render(path: Self.fixture, hash: opened.hash, page: 2, width: 200))
        queue.waitUntilIdle()
        wake.drain()
        guard case let .rendered(image)? = queue.collect().first?.1 else { return XCTFail("no page") }
        XCTAssertEqual(image.width, 200)
        // Nothing pending: the pipe is quiet.
        fds[0].revents = 0
        XCTAssertEqual(poll(&fds, 1, 0), 0)
    }

    /// A second open of the same file starts no poppler program: the answers kept in the
    /// cache are read back (through the same parsers); a damaged one means asking again.
    func testSecondOpenReadsTheKeptAnswers() throws {
        let tools = PDFTools(cacheDirectory: cache)
        let first = try tools.open(path: Self.fixture)
        XCTAssertFalse(first.sandbox.contains("from the cache"), first.sandbox)
        let second = try tools.open(path: Self.fixture)
        XCTAssertTrue(second.sandbox.contains("from the cache"), second.sandbox)
        XCTAssertEqual(second.info.pages, first.info.pages)
        XCTAssertEqual(second.text, first.text)
        try Data("<pdf2xml><page".utf8).write(to: URL(fileURLWithPath: tools.answerPath(hash: first.hash, what: "pdftohtml.xml")))
        let third = try tools.open(path: Self.fixture)
        XCTAssertFalse(third.sandbox.contains("from the cache"), "a damaged kept answer is asked for again")
        XCTAssertEqual(third.text, first.text)
    }

    func testParsersRejectHostileAnswers() {
        XCTAssertThrowsError(try PDFInfo.parse(Array("Pages: x\n".utf8)))
        XCTAssertThrowsError(try PDFInfo.parse(Array("Title: no count\n".utf8)))
        XCTAssertThrowsError(try PDFInfo.parse(Array("Pages: 1\nPage    1 size: 1e308 x 5 pts\n".utf8)))
        XCTAssertEqual(try PDFInfo.parse(Array("Pages: 1\nPage    1 size: 100 x 200 pts\nPage    1 rot: 90\n".utf8)).pages,
                       [.init(width: 200, height: 100)])
        XCTAssertThrowsError(try PDFTextLayer.parse(Array("<pdf2xml><page number=\"1\"><text>".utf8)))
        XCTAssertThrowsError(try PDFTextLayer.parse(Array("<pdf2xml><text top=\"1\" left=\"1\" width=\"1\" height=\"1\">x</text></pdf2xml>".utf8)))
        XCTAssertEqual(PDFTextLayer.target(of: "doc.html#12"), .page(12))
        XCTAssertEqual(PDFTextLayer.target(of: "tel:+4930123"), .external("tel:+4930123"))
        XCTAssertNil(PDFTextLayer.target(of: "nowhere"))
    }

    /// libxml2's reader: entities decoded, empty elements closed, the first error named
    /// with its line, and the inputs that once crashed Foundation's XMLParser refused cleanly.
    func testTextLayerReadsThroughLibxml2() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE pdf2xml SYSTEM "pdf2xml.dtd">
            <pdf2xml><page number="1" width="100" height="200"><fontspec id="0"/>
            <text top="20" left="10" width="50" height="10"><a href="#2">R&amp;D <b>&#233;t&#xe9;</b></a></text>
            <text top="40" left="0" width="10" height="10"/>
            </page></pdf2xml>
            """
        let layer = try PDFTextLayer.parse(Array(xml.utf8))
        XCTAssertEqual(layer.pages.first?.texts, ["R&D été", ""])
        XCTAssertEqual(layer.pages.first?.links.map(\.target), [.page(2)])
        XCTAssertEqual(layer.pages.first?.links.first?.text, "R&D été")
        XCTAssertEqual(layer.pages.first?.links.first?.box, .init(x: 0.1, y: 0.1, width: 0.5, height: 0.05))
        XCTAssertThrowsError(try PDFTextLayer.parse(Array("<pdf2xml>\n<page number=\"1\" width=\"1\" height=\"1\">\n</pdf2xml>".utf8))) { error in
            XCTAssertTrue("\(error)".contains("line 3"), "\(error)")
        }
        let seeds = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz/pdf-text")
        for name in ["regression-invalid-utf8-attribute-name.xml", "regression-processing-instruction-without-data.xml"] {
            let bytes = try [UInt8](Data(contentsOf: seeds.appendingPathComponent(name)))
            XCTAssertThrowsError(try PDFTextLayer.parse(bytes), name)
        }
        XCTAssertThrowsError(try PDFTextLayer.parse([]))
    }

    func testPageStackFindsVisibleSheets() {
        let stack = PDFPageStack(sizes: Array(repeating: .init(width: 100, height: 200), count: 4), width: 50, gap: 10)
        XCTAssertEqual(stack.tops, [0, 110, 220, 330])
        XCTAssertEqual(stack.height, 430)
        XCTAssertEqual(stack.pages(overlapping: 105, 115), 1..<2)
        XCTAssertEqual(stack.pages(overlapping: 0, 500), 0..<4)
        // A 1 x 14,400 pt strip is capped, not a bitmap of millions of rows.
        XCTAssertEqual(PDFPageStack(sizes: [.init(width: 1, height: 14_400)], width: 100, gap: 0).height, 1200)
    }

    // MARK: Helpers

    private func scratch(_ name: String, _ bytes: some Collection<UInt8>) throws -> String {
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
        let path = cache + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }
}
