import XCTest
@testable import Raster

/// A glyph drawn from its tint (rows copied where the destination is the background the
/// tint was made over) gives the same bytes as the glyph mixed pixel by pixel, whatever
/// lies under it: the same colour over the same plain background, ink of another glyph in
/// some rows, another colour, another background, clipped at any edge, at the canvas's
/// right edge where the vector steps have no room.
final class MaskTintTests: XCTestCase {
    private var seed: UInt64 = 0x2545_F491_4F6C_DD1D
    private func next() -> UInt32 { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return UInt32(truncatingIfNeeded: seed >> 33) }

    private func randomMask(_ w: Int, _ h: Int) -> [UInt8] {
        (0..<w * h).map { _ in let r = next() & 0xFF; return r < 90 ? 0 : (r > 210 ? 255 : UInt8(r)) }
    }

    private func pixels(_ b: Bitmap) -> [UInt32] {
        (0..<b.height).flatMap { y in (0..<b.width).map { b.canvas.row(y)[$0] } }
    }

    /// Draws `mask` at (x, y) on two equal bitmaps, with and without `tint`; they must match.
    private func assertSame(_ mask: [UInt8], _ w: Int, _ h: Int, x: Int, y: Int, color: Color, tint: MaskTint,
                            on a: Bitmap, _ b: Bitmap, clip: IntRect? = nil, _ what: String, line: UInt = #line) {
        var ca = a.canvas, cb = b.canvas
        if let clip { ca.clip = clip; cb.clip = clip }
        mask.withUnsafeBufferPointer {
            ca.drawMask($0.baseAddress!, width: w, height: h, stride: w, x: x, y: y, color: color, tint: tint)
            cb.drawMask($0.baseAddress!, width: w, height: h, stride: w, x: x, y: y, color: color)
        }
        let differing = zip(pixels(a), pixels(b)).filter { $0 != $1 }.count
        XCTAssertEqual(differing, 0, "\(what): pixels differing from the glyph mixed pixel by pixel", line: line)
    }

    private func pair(_ width: Int, _ height: Int, _ background: Color) throws -> (Bitmap, Bitmap) {
        let a = try makeBitmap(width, height, background), b = try makeBitmap(width, height, background)
        return (a, b)
    }

    func testTintedGlyphsEqualMixedGlyphsOverAnything() throws {
        let page = Color(red: 0xfa, green: 0xf7, blue: 0xf0)
        let ink = Color(red: 0x22, green: 0x22, blue: 0x22)
        for (w, h) in [(7, 11), (16, 16), (17, 5), (33, 20), (1, 1)] {
            let mask = randomMask(w, h)
            let tint = MaskTint(width: w, height: h, budget: TintBudget(limit: 1 << 20))
            let (a, b) = try pair(80, 40, page)
            // First draw over the plain page: the tint is made, and the glyph is the same.
            assertSame(mask, w, h, x: 3, y: 2, color: ink, tint: tint, on: a, b, "\(w)x\(h) first draw")
            XCTAssertTrue(tint.isMade, "\(w)x\(h): a glyph over a plain background makes its tint")
            // Again elsewhere over the plain page: rows copied from the tint.
            assertSame(mask, w, h, x: 40, y: 15, color: ink, tint: tint, on: a, b, "\(w)x\(h) from the tint")
            // Over the first glyph's ink (overlapping boxes, as kerned pairs do): some rows mixed.
            assertSame(mask, w, h, x: 3 + w / 2, y: 2 + h / 3, color: ink, tint: tint, on: a, b, "\(w)x\(h) over ink")
            // Another colour, and over a shaded block: mixed, since the tint does not fit.
            assertSame(mask, w, h, x: 20, y: 20, color: Color(red: 0x1a, green: 0x5f, blue: 0xb4), tint: tint, on: a, b, "\(w)x\(h) other colour")
            assertSame(mask, w, h, x: 20, y: 20, color: Color(red: 0x22, green: 0x22, blue: 0x22, alpha: 0x80), tint: tint, on: a, b,
                       "\(w)x\(h) translucent colour")
            for c in [a.canvas, b.canvas] { c.fill(IntRect(x: 50, y: 0, width: 30, height: 40), color: Color(red: 0xee, green: 0xee, blue: 0xee)) }
            assertSame(mask, w, h, x: 52, y: 1, color: ink, tint: tint, on: a, b, "\(w)x\(h) over a shaded block")
            // Half over the shade, half over the page: a row is copied only where all of it is page.
            assertSame(mask, w, h, x: 50 - w / 2, y: 22, color: ink, tint: tint, on: a, b, "\(w)x\(h) across the shade's edge")
            // Clipped on every side, and at the right edge where a 16-pixel step has no room.
            assertSame(mask, w, h, x: -2, y: -3, color: ink, tint: tint, on: a, b, "\(w)x\(h) clipped top-left")
            assertSame(mask, w, h, x: 80 - w + 1, y: 40 - h + 2, color: ink, tint: tint, on: a, b, "\(w)x\(h) clipped bottom-right")
            assertSame(mask, w, h, x: 10, y: 5, color: ink, tint: tint, on: a, b,
                       clip: IntRect(x: 12, y: 6, width: 4, height: 3), "\(w)x\(h) clipped inside")
            assertSame(mask, w, h, x: 80 - w, y: 30, color: ink, tint: tint, on: a, b, "\(w)x\(h) at the right edge")
        }
    }

    /// A tint is made only over a plain background (three corners of the box agree), and
    /// is then used: drawing over the same background twice copies rows from it.
    func testTheTintIsMadeOverAPlainBackgroundOnly() throws {
        let mask = randomMask(9, 9)
        let tint = MaskTint(width: 9, height: 9, budget: TintBudget(limit: 1 << 20))
        let (a, b) = try pair(40, 20, .white)
        for c in [a.canvas, b.canvas] { c.fill(IntRect(x: 0, y: 0, width: 5, height: 20), color: .black) }
        assertSame(mask, 9, 9, x: 2, y: 2, color: .black, tint: tint, on: a, b, "straddling two backgrounds")
        XCTAssertFalse(tint.isMade, "a box whose corners differ makes no tint")
        assertSame(mask, 9, 9, x: 20, y: 2, color: .black, tint: tint, on: a, b, "over the page")
        XCTAssertTrue(tint.isMade)
        XCTAssertEqual(tint.background, Color.white.argb | 0xFF00_0000)
    }

    /// Tints share a budget: one that would not fit is not made (the glyph is mixed, the
    /// same bytes), and a tint's bytes come back when it goes.
    func testTintsStayWithinTheirBudgetAndGiveItBack() throws {
        let mask = randomMask(20, 10)
        let budget = TintBudget(limit: MaskTint(width: 20, height: 10, budget: TintBudget(limit: 0)).byteCount)
        var first: MaskTint? = MaskTint(width: 20, height: 10, budget: budget)
        let second = MaskTint(width: 20, height: 10, budget: budget)
        let (a, b) = try pair(60, 30, .white)
        assertSame(mask, 20, 10, x: 2, y: 2, color: .black, tint: first!, on: a, b, "the first tint")
        XCTAssertTrue(first!.isMade)
        XCTAssertEqual(budget.bytes, first!.byteCount)
        assertSame(mask, 20, 10, x: 30, y: 15, color: .black, tint: second, on: a, b, "over budget: mixed")
        XCTAssertFalse(second.isMade, "a tint past the budget is not made")
        first = nil
        XCTAssertEqual(budget.bytes, 0, "a tint's bytes come back when it goes")
        assertSame(mask, 20, 10, x: 5, y: 18, color: .black, tint: second, on: a, b, "room again (over plain page)")
        XCTAssertTrue(second.isMade)
    }

    /// A tint serves only a mask of the size it was made for: another mask's is mixed.
    func testATintOfAnotherSizeIsNotUsed() throws {
        let small = randomMask(8, 8), large = randomMask(30, 12)
        let tint = MaskTint(width: 8, height: 8, budget: TintBudget(limit: 1 << 20))
        let (a, b) = try pair(60, 30, .white)
        assertSame(small, 8, 8, x: 2, y: 2, color: .black, tint: tint, on: a, b, "its own mask")
        XCTAssertTrue(tint.isMade)
        assertSame(large, 30, 12, x: 20, y: 10, color: .black, tint: tint, on: a, b, "another mask's size")
    }

    /// A tint made for a colour drawn first (a link) follows the colour drawn most (the
    /// body text): made again after `remakeAfter` draws running in the other colour.
    func testATintFollowsTheColourDrawnMost() throws {
        let mask = randomMask(10, 10)
        let link = Color(red: 0x1a, green: 0x5f, blue: 0xb4), body = Color(red: 0x22, green: 0x22, blue: 0x22)
        let budget = TintBudget(limit: 1 << 20)
        let tint = MaskTint(width: 10, height: 10, budget: budget)
        let (a, b) = try pair(200, 20, .white)
        assertSame(mask, 10, 10, x: 2, y: 2, color: link, tint: tint, on: a, b, "the link first")
        XCTAssertEqual(tint.color, link.argb | 0xFF00_0000)
        for i in 0..<MaskTint.remakeAfter {
            assertSame(mask, 10, 10, x: 20 + 12 * i, y: 2, color: body, tint: tint, on: a, b, "body text \(i)")
        }
        XCTAssertEqual(tint.color, body.argb | 0xFF00_0000, "made again for the body text")
        XCTAssertEqual(budget.bytes, tint.byteCount, "the old tint's bytes given back")
        assertSame(mask, 10, 10, x: 150, y: 2, color: link, tint: tint, on: a, b, "a link again: mixed")
        XCTAssertEqual(tint.color, body.argb | 0xFF00_0000, "one link does not take the tint back")
    }
}
