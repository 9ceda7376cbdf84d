import XCTest
@testable import Raster

final class BlendTests: XCTestCase {
    /// The reference: a·p + (1−a)·q rounded, for the 8-bit alpha the kernels use.
    private func reference(_ p: Int, _ q: Int, _ a: Int) -> Int {
        Int((Double(p * a + q * (255 - a)) / 255).rounded())
    }

    func testCompositeAtPointNineOverBlackGives230() throws {
        let dst = try makeBitmap(16, 4, .black), layer = try makeBitmap(16, 4, .white)
        dst.canvas.composite(layer.canvas, alpha: 0.9, rect: dst.canvas.bounds)
        for x in 0..<16 {
            let c = dst.canvas.color(x: x, y: 2)!
            XCTAssertEqual(Int(c.red), 230, accuracy: 1)
            XCTAssertEqual(c.red, c.green); XCTAssertEqual(c.green, c.blue)
        }
    }

    func testMixPixelIsCorrectlyRoundedForAllInputs() {
        for a in stride(from: 0, through: 255, by: 5) {
            for p in 0...255 {
                for q in stride(from: 0, through: 255, by: 3) {
                    let word = mixPixel(UInt32(p) * 0x0101_0101, UInt32(q) * 0x0101_0101, UInt32(a))
                    let expected = reference(p, q, a)
                    for shift: UInt32 in [0, 8, 16, 24] where channel(word, shift) != expected {
                        XCTFail("mix(\(p), \(q), a=\(a)) byte \(shift / 8) = \(channel(word, shift)), want \(expected)")
                        return
                    }
                }
            }
        }
    }

    func testVectorCompositeMatchesReferenceOnEveryPixel() throws {
        // 37 wide: exercises the 8-pixel vector loop and the scalar tail.
        let w = 37, h = 9
        let dst = try Bitmap(width: w, height: h), layer = try Bitmap(width: w, height: h)
        var seed: UInt32 = 12345
        func next() -> UInt32 { seed = seed &* 1_664_525 &+ 1_013_904_223; return seed }
        for y in 0..<h { for x in 0..<w { dst.canvas.row(y)[x] = next(); layer.canvas.row(y)[x] = next() } }
        let before = (0..<h).map { y in (0..<w).map { dst.canvas.row(y)[$0] } }
        for alpha in [0.1, 0.5, 0.9, 0.33] {
            for y in 0..<h { for x in 0..<w { dst.canvas.row(y)[x] = before[y][x] } }
            dst.canvas.composite(layer.canvas, alpha: alpha, rect: dst.canvas.bounds)
            let a = Int((alpha * 255).rounded())
            for y in 0..<h {
                for x in 0..<w {
                    let got = dst.canvas.row(y)[x], l = layer.canvas.row(y)[x], d = before[y][x]
                    for shift: UInt32 in [0, 8, 16, 24] {
                        XCTAssertEqual(channel(got, shift), reference(channel(l, shift), channel(d, shift), a),
                                       "pixel \(x),\(y) alpha \(alpha)")
                    }
                }
            }
        }
    }

    func testBlendColorMatchesColorMixed() throws {
        let bg = Color(red: 10, green: 200, blue: 77)
        let fg = Color(red: 250, green: 3, blue: 128)
        let bitmap = try makeBitmap(21, 3, bg)
        bitmap.canvas.blend(color: fg, alpha: 0.4, rect: IntRect(x: 0, y: 1, width: 21, height: 1))
        let want = fg.mixed(over: bg, alpha: 0.4)
        for x in 0..<21 {
            let got = bitmap.canvas.color(x: x, y: 1)!
            XCTAssertEqual(Int(got.red), Int(want.red), accuracy: 1)
            XCTAssertEqual(Int(got.green), Int(want.green), accuracy: 1)
            XCTAssertEqual(Int(got.blue), Int(want.blue), accuracy: 1)
            XCTAssertEqual(bitmap.canvas.color(x: x, y: 0), bg, "row outside the rect changed")
        }
    }

    func testAlphaZeroAndOneAreNoOpAndCopy() throws {
        let dst = try makeBitmap(8, 8, .black), layer = try makeBitmap(8, 8, Color(red: 1, green: 2, blue: 3))
        dst.canvas.composite(layer.canvas, alpha: 0, rect: dst.canvas.bounds)
        XCTAssertEqual(dst.canvas.color(x: 3, y: 3), .black)
        dst.canvas.composite(layer.canvas, alpha: .nan, rect: dst.canvas.bounds)
        XCTAssertEqual(dst.canvas.color(x: 3, y: 3), .black)
        dst.canvas.composite(layer.canvas, alpha: 1, rect: dst.canvas.bounds)
        XCTAssertEqual(dst.canvas.color(x: 3, y: 3), Color(red: 1, green: 2, blue: 3))
    }

    func testCompositeIsClippedToClipAndLayer() throws {
        let dst = try makeBitmap(20, 20, .black), layer = try makeBitmap(10, 10, .white)
        var canvas = dst.canvas
        canvas.clip = IntRect(x: 2, y: 2, width: 16, height: 16)
        canvas.composite(layer.canvas, alpha: 0.5, rect: IntRect(x: -5, y: -5, width: 40, height: 40))
        XCTAssertEqual(canvas.color(x: 1, y: 5), .black, "outside the clip")
        XCTAssertEqual(canvas.color(x: 12, y: 5), .black, "outside the layer")
        XCTAssertEqual(canvas.color(x: 5, y: 5)?.red, 128)
    }
}
