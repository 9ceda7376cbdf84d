import LecternTestSupport
import Raster
import XCTest
@testable import Typeset

final class GoldenRenderingTests: XCTestCase {
    private func render(_ markdown: String, width: Int, height: Int) throws -> Bitmap {
        var style = TextStyle.pinned([Fonts.dejaVu, Fonts.droid], size: 22)
        style.margins = .init(all: 8)
        style.textColor = .black
        let layout = try Typesetter(style: style).layout(.markdown(markdown), width: width)
        let bitmap = try whiteBitmap(width: width, height: height)
        layout.draw(into: bitmap.canvas, originX: 0, originY: 0, clip: bitmap.canvas.bounds)
        return bitmap
    }

    func testLatinSample() throws {
        let bitmap = try render("AVA Wave *Typeset* **bold** fi café", width: 360, height: 80)
        try GoldenImage.assertMatches(bitmap.canvas, "latin", in: GoldenImage.directory(), tolerance: 24)
    }

    func testCJKSample() throws {
        let bitmap = try render("在触摸屏上显示文章。中文「排版」测试，好。", width: 300, height: 110)
        try GoldenImage.assertMatches(bitmap.canvas, "cjk", in: GoldenImage.directory(), tolerance: 24)
    }

    func testDrawingIsClippedAndRepeatable() throws {
        let a = try render("Clip me 在", width: 200, height: 60)
        let b = try render("Clip me 在", width: 200, height: 60)
        XCTAssertNil(try GoldenImage.compare(a.canvas, to: b.canvas, name: "repeat", tolerance: 0))
    }
}
