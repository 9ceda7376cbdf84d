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
            ("fill region", { $0.fill(Region(IntRect(x: -3, y: -2, width: 60, height: 60)), color: .white) }),
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
