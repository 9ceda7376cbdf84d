import XCTest
@testable import Raster

final class FillBlitTests: XCTestCase {
    private let guardColor = Color(red: 0x12, green: 0x34, blue: 0x56)

    /// A 40×40 bitmap painted with a sentinel, and a canvas over its middle 24×24 with a
    /// smaller clip: anything drawn must stay inside `clip`, and the guard band (the rest
    /// of the bitmap) must keep the sentinel.
    private func guarded() throws -> (Bitmap, Canvas, IntRect) {
        let bitmap = try makeBitmap(40, 40, guardColor)
        var canvas = try bitmap.canvas.subCanvas(IntRect(x: 8, y: 8, width: 24, height: 24))
        canvas.clip = IntRect(x: 2, y: 3, width: 18, height: 17)
        // The clip in bitmap coordinates.
        return (bitmap, canvas, IntRect(x: 10, y: 11, width: 18, height: 17))
    }

    private func assertOnlyInside(_ bitmap: Bitmap, _ allowed: IntRect, file: StaticString = #filePath, line: UInt = #line) {
        for y in 0..<40 {
            for x in 0..<40 where !allowed.contains(x: x, y: y) {
                if bitmap.canvas.color(x: x, y: y) != guardColor {
                    XCTFail("pixel \(x),\(y) outside the clip was written", file: file, line: line)
                    return
                }
            }
        }
    }

    func testEveryOperationStaysInsideTheClip() throws {
        let mask = [UInt8](repeating: 200, count: 30 * 30)
        let layer = try makeBitmap(24, 24, .white)
        let icon = Image(bitmap: try makeBitmap(30, 30, .white))
        let operations: [(String, (Canvas) -> Void)] = [
            ("fill", { $0.fill(IntRect(x: -10, y: -10, width: 100, height: 100), color: .white) }),
            ("fill region", { $0.fill(Region(IntRect(x: -3, y: 5, width: 60, height: 60)), color: .white) }),
            ("blend", { $0.blend(color: .white, alpha: 0.5, rect: IntRect(x: -5, y: -5, width: 50, height: 50)) }),
            ("composite", { $0.composite(layer.canvas, alpha: 0.7, rect: IntRect(x: -5, y: -5, width: 50, height: 50)) }),
            ("rounded rect", { $0.fillRoundedRect(x: -4.3, y: -2.7, width: 40.2, height: 35.5, radius: 6, color: .white) }),
            ("circle", { $0.fillCircle(centerX: 20, centerY: 20, radius: 12.5, color: .white, alpha: 0.8) }),
            ("line", { $0.strokeLine(x0: -5, y0: 2, x1: 40, y1: 30, width: 5, color: .white) }),
            ("mask", { c in mask.withUnsafeBufferPointer { c.drawMask($0.baseAddress!, width: 30, height: 30, stride: 30, x: -6, y: -7, color: .white) } }),
            ("image", { $0.drawImage(icon, x: -3, y: 1, alpha: 0.9) }),
            ("blit", { $0.blit(layer.canvas, from: layer.canvas.bounds, toX: -10, y: 5) }),
            ("move", { $0.move($0.bounds, dx: 3, dy: -7) }),
        ]
        for (name, draw) in operations {
            let (bitmap, canvas, allowed) = try guarded()
            draw(canvas)
            assertOnlyInside(bitmap, allowed)
            if name != "move" { XCTAssertNotEqual(bitmap.canvas.color(x: 20, y: 20), guardColor, "\(name) drew nothing") }
        }
    }

    func testSubCanvasWithWideStrideAddressesTheRightPixels() throws {
        let bitmap = try makeBitmap(64, 10, .black)
        XCTAssertGreaterThanOrEqual(bitmap.stride, 256)
        let sub = try bitmap.canvas.subCanvas(IntRect(x: 5, y: 2, width: 3, height: 4))
        sub.fill(sub.bounds, color: .white)
        sub.blend(color: .black, alpha: 0.5, rect: IntRect(x: 1, y: 1, width: 1, height: 1))
        XCTAssertEqual(bitmap.canvas.color(x: 5, y: 2), .white)
        XCTAssertEqual(bitmap.canvas.color(x: 7, y: 5), .white)
        XCTAssertEqual(bitmap.canvas.color(x: 8, y: 5), .black)
        XCTAssertEqual(bitmap.canvas.color(x: 5, y: 6), .black)
        // Black at alpha round(0.5 · 255) = 128 over white: 255 · 127 / 255 = 127.
        XCTAssertEqual(bitmap.canvas.color(x: 6, y: 3)?.red, 127)
    }

    func testFillWritesTheExactWord() throws {
        let bitmap = try makeBitmap(9, 5, .black)
        bitmap.canvas.fill(IntRect(x: 1, y: 1, width: 7, height: 3), color: Color(argb: 0xFF10_2030))
        XCTAssertEqual(bitmap.canvas.pixel(x: 1, y: 1), 0xFF10_2030)
        XCTAssertEqual(bitmap.canvas.pixel(x: 7, y: 3), 0xFF10_2030)
        XCTAssertEqual(bitmap.canvas.pixel(x: 8, y: 3), 0xFF00_0000)
        XCTAssertEqual(bitmap.canvas.pixel(x: 1, y: 4), 0xFF00_0000)
    }

    func testRegionFillCoversEveryRect() throws {
        let bitmap = try makeBitmap(30, 30, .black)
        var region = Region()
        region.add(IntRect(x: 0, y: 0, width: 3, height: 3))
        region.add(IntRect(x: 20, y: 20, width: 4, height: 4))
        bitmap.canvas.fill(region, color: .white)
        XCTAssertEqual(bitmap.canvas.color(x: 2, y: 2), .white)
        XCTAssertEqual(bitmap.canvas.color(x: 23, y: 23), .white)
        XCTAssertEqual(bitmap.canvas.color(x: 10, y: 10), .black)
    }

    /// Each pixel holds its own coordinates, so a move can be checked exactly.
    private func coordinateBitmap(_ w: Int, _ h: Int) throws -> Bitmap {
        let b = try Bitmap(width: w, height: h)
        for y in 0..<h { for x in 0..<w { b.canvas.row(y)[x] = 0xFF00_0000 | UInt32(y << 8 | x) } }
        return b
    }

    func testMoveUpAndDownHandlesOverlap() throws {
        for dy in [-7, 7, -1, 3] {
            for dx in [0, 2, -3] {
                let b = try coordinateBitmap(20, 30)
                b.canvas.move(b.canvas.bounds, dx: dx, dy: dy)
                for y in 0..<30 {
                    for x in 0..<20 {
                        let sx = x - dx, sy = y - dy
                        guard sx >= 0, sx < 20, sy >= 0, sy < 30 else { continue }
                        XCTAssertEqual(b.canvas.pixel(x: x, y: y), 0xFF00_0000 | UInt32(sy << 8 | sx), "dx \(dx) dy \(dy) at \(x),\(y)")
                    }
                }
            }
        }
    }

    func testScrollMovePlusFillOfTheExposedStrip() throws {
        let b = try coordinateBitmap(10, 20)
        b.canvas.move(b.canvas.bounds, dx: 0, dy: -7)
        b.canvas.fill(IntRect(x: 0, y: 13, width: 10, height: 7), color: .white)
        XCTAssertEqual(b.canvas.pixel(x: 4, y: 0), 0xFF00_0000 | UInt32(7 << 8 | 4))
        XCTAssertEqual(b.canvas.pixel(x: 4, y: 12), 0xFF00_0000 | UInt32(19 << 8 | 4))
        XCTAssertEqual(b.canvas.color(x: 4, y: 13), .white)
    }

    func testBlitFromAnotherCanvasClipsTheSource() throws {
        let src = try coordinateBitmap(8, 8)
        let dst = try makeBitmap(8, 8, .black)
        dst.canvas.blit(src.canvas, from: IntRect(x: -2, y: 6, width: 5, height: 5), toX: 1, y: 1)
        // Source pixel (0, 6) lands at (1 + 2, 1) = (3, 1).
        XCTAssertEqual(dst.canvas.pixel(x: 3, y: 1), 0xFF00_0000 | UInt32(6 << 8 | 0))
        XCTAssertEqual(dst.canvas.pixel(x: 5, y: 2), 0xFF00_0000 | UInt32(7 << 8 | 2))
        XCTAssertEqual(dst.canvas.color(x: 2, y: 1), .black)
        XCTAssertEqual(dst.canvas.color(x: 3, y: 3), .black)
    }

    func testInvalidCanvasGeometryThrows() throws {
        let b = try Bitmap(width: 4, height: 4)
        XCTAssertThrowsError(try Canvas(base: b.base, width: 4, height: 4, stride: 12)) {
            XCTAssertEqual($0 as? Canvas.Error, .strideTooSmall(stride: 12, minimum: 16))
            XCTAssertTrue("\($0)".contains("stride"))
        }
        XCTAssertThrowsError(try Canvas(base: b.base, width: 0, height: 4, stride: 16))
        XCTAssertThrowsError(try Canvas(base: b.base, width: 4, height: -1, stride: 16))
        XCTAssertThrowsError(try Bitmap(width: 0, height: 3)) { XCTAssertTrue("\($0)".contains("0x3")) }
        XCTAssertThrowsError(try b.canvas.subCanvas(IntRect(x: 2, y: 2, width: 3, height: 1)))
    }
}

final class ScaledDrawTests: XCTestCase {
    /// A 2× scale about a point: that point stays put, a pixel 10 px right of it lands
    /// 20 px right; what the scaled source leaves uncovered (a 0.5× scale) is background.
    func testScaleAboutAPointAndBackground() throws {
        let source = try Bitmap(width: 100, height: 100)
        source.canvas.fill(source.canvas.bounds, color: .white)
        source.canvas.fill(IntRect(x: 60, y: 40, width: 10, height: 10), color: .black)  // 10 px right of (50, 45)
        let out = try Bitmap(width: 100, height: 100)
        out.canvas.drawScaled(source.canvas, factor: 2, sourceX: 50, sourceY: 45, toX: 50, toY: 45, background: .black)
        XCTAssertEqual(out.canvas.color(x: 50, y: 45), .white)
        XCTAssertEqual(out.canvas.color(x: 75, y: 45), .black, "(62.75, 45.25) of the source")
        XCTAssertEqual(out.canvas.color(x: 95, y: 55), .white, "(72.5, 50): past the square")
        XCTAssertEqual(out.canvas.color(x: 68, y: 45), .white, "(59, 45): left of it")

        let red = Color(red: 255, green: 0, blue: 0)
        out.canvas.drawScaled(source.canvas, factor: 0.5, sourceX: 50, sourceY: 50, toX: 50, toY: 50, background: red)
        XCTAssertEqual(out.canvas.color(x: 10, y: 50), red, "outside the half-size page")
        XCTAssertEqual(out.canvas.color(x: 30, y: 30), .white)
        XCTAssertEqual(out.canvas.color(x: 57, y: 47), .black, "(65, 45) of the source")
    }

    /// Moving the midpoint moves the page with it; the clip is respected.
    func testTranslationAndClip() throws {
        let source = try Bitmap(width: 40, height: 40)
        source.canvas.fill(source.canvas.bounds, color: .white)
        source.canvas.fill(IntRect(x: 0, y: 0, width: 10, height: 10), color: .black)
        let out = try Bitmap(width: 40, height: 40)
        out.canvas.fill(out.canvas.bounds, color: Color(red: 0, green: 0, blue: 255))
        var clipped = out.canvas
        clipped.clip = IntRect(x: 0, y: 0, width: 20, height: 40)
        clipped.drawScaled(source.canvas, factor: 1, sourceX: 0, sourceY: 0, toX: 5, toY: 5, background: .white)
        XCTAssertEqual(out.canvas.color(x: 7, y: 7), .black)
        XCTAssertEqual(out.canvas.color(x: 2, y: 2), .white, "uncovered: background")
        XCTAssertEqual(out.canvas.color(x: 30, y: 30), Color(red: 0, green: 0, blue: 255), "outside the clip: untouched")
    }
}
