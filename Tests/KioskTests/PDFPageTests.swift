import Foundation
import KioskHeadless
import LecternTestSupport
import Measure
import Logging
import PDFPages
import Raster
import XCTest
@testable import Kiosk

/// A PDF as a page, played headless: its sheets (poppler, sandboxed, off the loop)
/// stacked and scrolled, an internal link moving to its sheet, a web link's QR card.
/// The fixture: Tests/PDFPagesTests/Fixtures (page 1 red, 2 green, 3 blue).
final class PDFPageTests: PDFTestCase {
    func testSheetsShowAndAnInternalLinkMovesToItsSheet() throws {
        let (assembly, player) = try makePlayer(pdfConfig())
        let pdf = try XCTUnwrap(assembly.content.pdf)
        let scene = assembly.scene
        // Before anything is rendered: the placeholder, not a stall.
        assertColor(player.canvas, width / 2, height - 20, PDFContent.placeholderColor, tolerance: 0)
        settle(player, at: 0.1)
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
        settle(player, at: 2.6)
        assertColor(player.canvas, scene.pageOrigin(at: 2.7).x + 6, height - 12, Color(red: 0, green: 0, blue: 255), tolerance: 8)
        // Only the sheets drawn lately stay decoded.
        XCTAssertGreaterThan(pdf.imageBytes, 0)
        XCTAssertLessThanOrEqual(pdf.imageBytes, 96 << 20)
    }

    func testWebLinkOpensTheQRCardThatReadsAsTheAddress() throws {
        let (assembly, player) = try makePlayer(pdfConfig())
        let pdf = try XCTUnwrap(assembly.content.pdf)
        settle(player, at: 0.1)
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
        // Counts and the sandbox are for information: nothing to act on, so no warning.
        XCTAssertTrue(report.notes.contains { $0.contains("3 page(s)") }, "\(report.notes)")
        XCTAssertEqual(report.warnings, [])
        XCTAssertFalse(report.text.contains("warning"), report.text)
        XCTAssertEqual(report.webLinks.filter { $0.contains("https://example.org/lectern") }.count, 1, "\(report.webLinks)")
        let truncated = NSTemporaryDirectory() + "lectern-pdf-check-\(UUID().uuidString).pdf"
        try Data(contentsOf: URL(fileURLWithPath: Self.fixture)).prefix(300).write(to: URL(fileURLWithPath: truncated))
        defer { try? FileManager.default.removeItem(atPath: truncated) }
        let bad = try XCTUnwrap(ContentCheck.check(contentFiles: [truncated], fonts: []).first)
        XCTAssertTrue(bad.contentError)
    }

    /// A link on a drawing is listed (with no text of its own); an address is listed
    /// once per page however many text runs or boxes lead there.
    func testCheckListsLinksOnDrawingsOnce() throws {
        let path = NSTemporaryDirectory() + "lectern-pdf-links-\(UUID().uuidString).pdf"
        try Data(TestPDFs.linksOnDrawings()).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let report = try XCTUnwrap(ContentCheck.check(contentFiles: [path], fonts: []).first)
        XCTAssertEqual(report.webLinks, ["page 1: mailto:info@example.org (on a picture)", "page 1: https://example.org/visit (\"Visit our site\")"])
        XCTAssertEqual(report.warnings, [])
    }

    /// Edge energy of a region (sum of squared neighbour differences of the green
    /// channel): a bitmap blown up by a pinch is blurred, one rendered at the size is not.
    func sharpness(_ canvas: Canvas, _ r: IntRect) -> Double {
        var sum = 0.0
        for y in r.y..<r.maxY {
            for x in r.x..<(r.maxX - 1) {
                let a = Double((canvas.pixel(x: x, y: y)! >> 8) & 0xFF), b = Double((canvas.pixel(x: x + 1, y: y)! >> 8) & 0xFF)
                sum += (a - b) * (a - b)
            }
        }
        return sum
    }

    func testPinchZoomsTheSheetsRendersThemSharperPansAndIdleResets() throws {
        var config = pdfConfig()
        config.idle.homeAfter = 30
        let (assembly, player) = try makePlayer(config)
        let pdf = try XCTUnwrap(assembly.content.pdf)
        let scene = assembly.scene
        settle(player, at: 0.1)
        let base = pdf.sheetFrame(page: 0, width: scene.textWidth).width
        let origin = scene.pageOrigin(at: 0.2)
        // About "Page 1 of three" (40 pt from the left, 95 pt from the top of a 420 × 595 pt sheet).
        let sheetHeight = Double(try XCTUnwrap(pdf.stack(page: 0, width: scene.textWidth)).heights[0])
        let fx = Double(origin.x) + 90.0 / 420 * Double(base), fy = Double(origin.y) + 95.0 / 595 * sheetHeight
        let script = """
            0.5 drag 0 \(fx - 60) \(fy) \(fx - 120) \(fy) 0.4
            0.5 drag 1 \(fx + 60) \(fy) \(fx + 120) \(fy) 0.4
            """
        try ScriptRun(script, on: player).play(until: 1.2)
        XCTAssertGreaterThan(assembly.content.textZoom, 1.5)
        let zoomed = pdf.sheetFrame(page: 0, width: scene.textWidth).width
        XCTAssertEqual(Double(zoomed), Double(base) * assembly.content.textZoom, accuracy: 1)
        // Until poppler's pixels at the new size are taken, the old sheet is drawn scaled.
        player.render(at: 1.25)
        let region = IntRect(x: Int(fx) - 150, y: Int(fy) - 40, width: 300, height: 80).intersection(IntRect(x: 0, y: 0, width: width, height: height))
        let scaled = try Bitmap(width: width, height: height)
        scaled.canvas.blit(player.canvas, from: player.canvas.bounds, toX: 0, y: 0)
        settle(player, at: 1.3)
        if let dump = ProcessInfo.processInfo.environment["LECTERN_TEST_DUMP"] {
            try PNGEncoder.write(canvas: scaled.canvas, to: dump + "/pdf-pinch-scaled.png")
            try PNGEncoder.write(canvas: player.canvas, to: dump + "/pdf-pinch-sharp.png")
        }
        // Poppler's own rendering of the sheet at the zoomed width (pdftocairo, run here
        // outside the kiosk) is the reference: the frame after the re-render matches it, the
        // scaled bitmap of the pinch does not.
        let reference = try renderedByPoppler(width: zoomed)
        let sheetX = scene.pageOrigin(at: 1.4).x + pdf.sheetFrame(page: 0, width: scene.textWidth).left
        let sheetY = scene.pageOrigin(at: 1.4).y
        func distance(_ frame: Canvas) -> Double {
            var sum = 0, count = 0
            for y in region.y..<region.maxY {
                for x in region.x..<region.maxX {
                    guard let r = reference.canvas.pixel(x: x - sheetX, y: y - sheetY), let f = frame.pixel(x: x, y: y) else { continue }
                    sum += abs(Int((r >> 8) & 0xFF) - Int((f >> 8) & 0xFF)); count += 1
                }
            }
            return count > 1000 ? Double(sum) / Double(count) : .infinity
        }
        let scaledOff = distance(scaled.canvas), renderedOff = distance(player.canvas)
        XCTAssertLessThan(renderedOff, 1.0, "the frame shows poppler's pixels at the new size")
        XCTAssertGreaterThan(scaledOff, renderedOff * 3 + 2, "the pinch's scaled bitmap was not yet sharp (\(scaledOff) vs \(renderedOff))")
        XCTAssertGreaterThan(sharpness(player.canvas, region), 0, "text under the fingers")

        // A two-finger pan (no change of span) moves across the zoomed sheet.
        let panBefore = pdf.panX
        // The fingers spread 40 px (a pinch is a change of distance first), then move 200 px left.
        var pan = ""
        for step in 0...30 {
            let t = 3 + Double(step) / 60, spread = min(Double(step), 6) / 6 * 20, shift = Double(max(0, step - 6)) / 24 * 200
            let verb = step == 0 ? "down" : "move"
            pan += "\(t) \(verb) 0 \(500 - 60 - spread - shift) 300\n\(t) \(verb) 1 \(500 + 60 + spread - shift) 300\n"
        }
        pan += "3.6 up 0\n3.6 up 1\n4 wait\n"
        let zoomBefore = assembly.content.textZoom
        try play(pan, on: player)
        XCTAssertGreaterThanOrEqual(assembly.content.textZoom, zoomBefore)
        XCTAssertGreaterThan(pdf.panX, panBefore + 150, "the sheet followed the fingers left")

        // Idle going home resets the zoom and the pan.
        try play("40 wait", on: player)
        XCTAssertEqual(assembly.content.textZoom, 1)
        XCTAssertEqual(pdf.sheetFrame(page: 0, width: scene.textWidth).width, base)
        XCTAssertEqual(pdf.sheetFrame(page: 0, width: scene.textWidth).left, pdf.baseFrame(page: 0, width: scene.textWidth).left)
    }

    /// A sheet at a big zoom on a large screen is rendered smaller (a third of the decoded
    /// budget at most) and drawn scaled; at the usual sizes it is rendered at its size.
    func testHugeZoomedSheetsAreRenderedWithinTheBudget() throws {
        let (assembly, _) = try makePlayer(pdfConfig())
        let pdf = try XCTUnwrap(assembly.content.pdf)
        XCTAssertEqual(pdf.renderWidth(760, height: 1077), 760)
        let capped = pdf.renderWidth(4560, height: 6460)
        XCTAssertLessThan(capped, 4560)
        XCTAssertLessThanOrEqual(capped * capped * 6460 / 4560 * 4, (96 << 20) / 3 + 4 * 6460)
    }

    /// Page 1 of the fixture as pdftocairo renders it `width` px wide.
    func renderedByPoppler(width: Int) throws -> Raster.Image {
        let base = NSTemporaryDirectory() + "lectern-pdf-reference-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: base + ".png") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try XCTUnwrap(SandboxedProcess.locate("pdftocairo")))
        process.arguments = ["-png", "-singlefile", "-scale-to-x", String(width), "-scale-to-y", "-1", "-f", "1", "-l", "1", Self.fixture, base]
        try process.run()
        process.waitUntilExit()
        return try Raster.Image(contentsOfFile: base + ".png")
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
        let log = captureLog()
        let (assembly, player) = try makePlayer(config)
        settle(player, at: 0.1)
        XCTAssertTrue(log.lines.contains { $0.contains("truncated.pdf") && $0.contains("placeholder") }, "\(log.lines)")
        assertColor(player.canvas, width / 2, height - 20, PDFContent.placeholderColor, tolerance: 0)
        XCTAssertGreaterThan(player.scene.pageLength(of: 0), Double(height), "a placeholder of a sheet's size")
    }

    /// A password-protected PDF (made by qpdf from the fixture): the placeholder, a log
    /// line naming the file, and the kiosk goes on (the next page still shows).
    func testEncryptedPDFShowsAPlaceholderAndALogLine() throws {
        let qpdf = try XCTUnwrap(SandboxedProcess.locate("qpdf"), "qpdf is a test dependency (scripts/install-deps)")
        let dir = NSTemporaryDirectory() + "lectern-pdf-encrypted-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        let run = try SandboxedProcess(executable: qpdf, arguments: ["--encrypt", "secret", "owner", "256", "--", Self.fixture, dir + "/locked.pdf"],
                                       workDirectory: dir).run()
        XCTAssertTrue(run.succeeded, run.failure)
        var config = pdfConfig()
        config.pages = [.init(title: "Locked", source: .file(path: dir + "/locked.pdf")), .init(title: "Note", source: .builtIn(markdown: "# Still here"))]
        let log = captureLog()
        let (assembly, player) = try makePlayer(config)
        settle(player, at: 0.1)
        XCTAssertTrue(log.lines.contains { $0.contains("locked.pdf") && $0.contains("placeholder") && $0.lowercased().contains("password") }, "\(log.lines)")
        assertColor(player.canvas, width / 2, height - 20, PDFContent.placeholderColor, tolerance: 0)
        assembly.scene.show(page: 1, at: 1)
        player.render(at: 1.1)
        XCTAssertEqual(assembly.scene.currentPage, 1)
    }

    /// The renderer is killed as it starts on a sheet (SIGKILL, as the memory cap or an
    /// operator would): the kiosk shows the placeholder, logs the file and page, and goes
    /// on (the next page shows).
    func testAKilledRendererShowsAPlaceholderAndTheKioskGoesOn() throws {
        let path = try freshCopy(of: Self.fixture, named: "brochure.pdf", in: try temporaryDirectory("killed"))
        var config = pdfConfig()
        config.pages = [.init(title: "Brochure", source: .file(path: path)), .init(title: "Note", source: .builtIn(markdown: "# Still here"))]
        let log = captureLog()
        let queue = PDFRenderQueue.shared
        queue.onRendererStart = { kill($0, SIGKILL) }
        defer { queue.onRendererStart = nil }
        let (assembly, player) = try makePlayer(config)
        settle(player, at: 0.1)
        XCTAssertTrue(log.lines.contains { $0.contains("brochure.pdf page") && $0.contains("placeholder") }, "\(log.lines)")
        assertColor(player.canvas, width / 2, height - 20, PDFContent.placeholderColor, tolerance: 0)
        assembly.scene.show(page: 1, at: 1)
        player.render(at: 1.1)
        XCTAssertEqual(assembly.scene.currentPage, 1, "the kiosk goes on")
    }

    /// A PDF of 100,000 pages: the first pages (the limit) are shown, a log line says so,
    /// and the heap grows by no more than the decoded-picture budget while it is opened,
    /// laid out, rendered and scrolled.
    func testAHundredThousandPagePDFShowsTheFirstPagesWithinTheMemoryBudget() throws {
        let dir = try temporaryDirectory("many")
        let path = dir + "/many.pdf"
        try Data(TestPDFs.manyPages(100_000)).write(to: URL(fileURLWithPath: path))
        var config = pdfConfig()
        config.pages = [.init(title: "Many", source: .file(path: path))]
        let log = captureLog()
        let before = HeapUsage.bytesInUse()
        let (assembly, player) = try makePlayer(config)
        let pdf = try XCTUnwrap(assembly.content.pdf)
        settle(player, at: 0.1)
        XCTAssertTrue(log.lines.contains { $0.contains("many.pdf") && $0.contains("of 100000 pages") }, "\(log.lines)")
        // The sheets are blue (the generator's page content): one is on screen.
        let blue = player.canvas.color(x: width / 2, y: height / 2)!
        XCTAssertGreaterThan(Int(blue.blue), Int(blue.red) + 100, "a rendered sheet, not the placeholder")
        // Scroll through several screens of sheets.
        for k in 0..<4 {
            let t = 1.0 + Double(k)
            player.feed([.down(slot: 0, x: 400, y: 500, time: t), .move(slot: 0, x: 400, y: 300, time: t + 0.05),
                         .move(slot: 0, x: 400, y: 100, time: t + 0.1), .up(slot: 0, time: t + 0.1)])
            player.render(at: t + 0.6)
            settle(player, at: t + 0.7)
        }
        XCTAssertGreaterThan(assembly.scene.vertical.offset(at: 5), Double(height), "scrolled past the first screen")
        let grown = HeapUsage.bytesInUse() - before
        XCTAssertLessThan(grown, 160 << 20, "heap growth \(grown >> 20) MiB: the screen buffers and the 96 MB decoded budget at most")
    }
}

