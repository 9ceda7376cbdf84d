import Foundation
import Kiosk
@testable import Benchmarks
@testable import Typeset
import XCTest

/// The dense bench pages are as dense as `docs/performance.md` says: the glyphs a
/// 1920×1080 screen shows of them, counted from the layout the kiosk draws.
final class BenchPagesTests: XCTestCase {
    private func markdown(_ page: KioskConfig.Page) throws -> String {
        guard case let .builtIn(markdown) = page.source else { throw XCTSkip("not built in") }
        return markdown
    }

    /// Glyphs on the lines a screen `height` px tall shows from the top of `page`, laid
    /// out by the kiosk with the frame scenes' configuration at `measure`.
    private func visibleGlyphs(_ page: KioskConfig.Page, width: Int, height: Int, measure: Double = 0) throws -> Int {
        let assembly = try KioskAssembly(config: FrameScene.config(pages: [page], measure: measure), width: width, height: height)
        let layout = assembly.content.pageLayout(page: 0, width: assembly.scene.textWidth)
        let visible = layout.lines(between: 0, and: height - Int(KioskScene.marginTop))
        return layout.lines[visible].reduce(0) { $0 + Int($1.glyphEnd - $1.glyphStart) }
    }

    func testDenseTextFillsA1080pScreenWithAtLeast2500Glyphs() throws {
        let glyphs = try visibleGlyphs(BenchPages.denseText(), width: 1920, height: 1080)
        XCTAssertGreaterThanOrEqual(glyphs, 2500)
        let light = try visibleGlyphs(KioskConfig.builtIn.pages[0], width: 1920, height: 1080)
        XCTAssertLessThan(light, 1000, "the light Welcome page, for comparison")
        // At the default 70-character measure the same screen holds about three quarters.
        let measured = try visibleGlyphs(BenchPages.denseText(), width: 1920, height: 1080, measure: 70)
        XCTAssertGreaterThan(measured, 1700)
        XCTAssertLessThan(measured, 2000)
    }

    /// The pinch's reflow scene lays out a page of 20 KB (the size the issue asks for).
    func testProsePageIsTwentyKilobytes() throws {
        let bytes = try markdown(BenchPages.prose(kilobytes: 20)).utf8.count
        XCTAssertGreaterThanOrEqual(bytes, 20 * 1024)
        XCTAssertLessThan(bytes, 22 * 1024)
    }

    func testLongPageSpansSeveralScreensAndHasImages() throws {
        let dir = NSTemporaryDirectory() + "lectern-bench-test-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let text = try markdown(try BenchPages.longWithImages(directory: dir))
        var style = TextStyle(size: 20)
        style.margins = .init(all: 0)
        let layout = try Typesetter(style: style).layout(.markdown(text), width: 1920 - 96)
        XCTAssertGreaterThan(layout.height, 8 * 1080)
        XCTAssertGreaterThanOrEqual(layout.images.count, 10)
    }
}

/// Under its table, `lectern bench` says per frame scene how many picture decodes its
/// frames caused and how many left a picture unpainted: the figures of `frame.scroll`
/// move with the first, and a frame that leaves a picture out is not faster.
final class PictureWaitsTests: XCTestCase {
    func testAScenesDecodesAndUnpaintedFramesAreReportedAndQuietScenesAreNot() {
        let waits = PictureWaits()
        waits.finished(.init(scene: "frame.scroll 1920x1080", frames: 1005, unpainted: 0, decodes: 18))
        waits.finished(.init(scene: "frame.images 1920x1080", frames: 40, unpainted: 3, decodes: 2))
        waits.finished(.init(scene: "frame.first 1920x1080", frames: 300, unpainted: 0, decodes: 0))
        let lines = waits.report.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2, waits.report)
        XCTAssertTrue(lines[0].hasPrefix("frame.scroll 1920x1080: in 1005 frames, 18 picture decodes"), lines[0])
        XCTAssertTrue(lines[0].hasSuffix("none left a picture's area unpainted"), lines[0])
        XCTAssertTrue(lines[1].hasSuffix("3 left a picture's area unpainted"), lines[1])
        XCTAssertFalse(waits.report.contains("frame.first"))
    }
}
