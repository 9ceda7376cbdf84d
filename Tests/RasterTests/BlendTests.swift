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

final class BlendOverTests: XCTestCase {
    /// A uniform colour blended over a base equals compositing a layer of that colour,
    /// byte for byte, and the base is left untouched.
    func testColourOverBaseEqualsUniformLayerComposite() throws {
        let base = try Bitmap(width: 37, height: 5), layer = try Bitmap(width: 37, height: 5)
        for y in 0..<5 { for x in 0..<37 { base.canvas.row(y)[x] = 0xFF00_0000 | UInt32(truncatingIfNeeded: (x * 7919 + y * 104_729) & 0xFF_FFFF) } }
        let colour = Color(red: 0x15, green: 0x18, blue: 0x1c)
        layer.canvas.fill(layer.canvas.bounds, color: colour)
        let a = try Bitmap(width: 37, height: 5), b = try Bitmap(width: 37, height: 5)
        let rect = IntRect(x: 1, y: 1, width: 35, height: 3)
        a.canvas.composite(layer.canvas, over: base.canvas, alpha: 0.9, rect: rect)
        b.canvas.blend(color: colour, alpha: 0.9, over: base.canvas, rect: rect)
        for y in 0..<5 { for x in 0..<37 { XCTAssertEqual(a.canvas.pixel(x: x, y: y), b.canvas.pixel(x: x, y: y), "at \(x),\(y)") } }
        XCTAssertEqual(b.canvas.color(x: 5, y: 2), colour.mixed(over: base.canvas.color(x: 5, y: 2)!, alpha: 230.0 / 255))
        XCTAssertEqual(b.canvas.pixel(x: 0, y: 0), 0, "outside the rect nothing is written")
    }
}

final class MaskKernelTests: XCTestCase {
    /// The vectorised glyph-mask kernel equals the scalar definition for every pixel,
    /// with odd widths (vector body and scalar tail), zero and full coverage, and a
    /// translucent colour.
    func testMaskMatchesScalarDefinition() throws {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt8 { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return UInt8(truncatingIfNeeded: seed >> 33) }
        for colour in [Color(red: 0x22, green: 0x22, blue: 0x22), Color(red: 0xd0, green: 0x34, blue: 0x2c, alpha: 0x80)] {
            let w = 27, h = 9
            var mask = [UInt8](repeating: 0, count: w * h)
            for i in mask.indices { let r = next(); mask[i] = r < 60 ? 0 : (r > 200 ? 255 : r) }
            let bitmap = try Bitmap(width: w + 4, height: h + 2)
            for y in 0..<bitmap.height { for x in 0..<bitmap.width { bitmap.canvas.row(y)[x] = 0xFF00_0000 | UInt32(next()) << 16 | UInt32(next()) << 8 | UInt32(next()) } }
            var before: [UInt32] = []
            for y in 0..<bitmap.height { for x in 0..<bitmap.width { before.append(bitmap.canvas.row(y)[x]) } }
            mask.withUnsafeBufferPointer { bitmap.canvas.drawMask($0.baseAddress!, width: w, height: h, stride: w, x: 2, y: 1, color: colour) }
            for y in 0..<bitmap.height {
                for x in 0..<bitmap.width {
                    let d = before[y * bitmap.width + x]
                    var expected = d
                    if (2..<2 + w).contains(x), (1..<1 + h).contains(y) {
                        let c = UInt32(mask[(y - 1) * w + (x - 2)])
                        let ca = UInt32(colour.alpha)
                        let a = ca == 255 ? c : ((c * ca + 128) + ((c * ca + 128) >> 8)) >> 8
                        if a > 0 {
                            let word = colour.argb | 0xFF00_0000
                            expected = 0
                            for shift in stride(from: 0, to: 32, by: 8) {
                                let t = ((word >> UInt32(shift)) & 0xFF) * a + ((d >> UInt32(shift)) & 0xFF) * (255 - a) + 128
                                expected |= (((t + (t >> 8)) >> 8) & 0xFF) << UInt32(shift)
                            }
                        }
                    }
                    XCTAssertEqual(bitmap.canvas.row(y)[x], expected, "at \(x),\(y) colour \(colour)")
                }
            }
        }
    }
}
