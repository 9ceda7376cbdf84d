import LecternTestSupport
import XCTest
@testable import Raster

final class ShapeTests: XCTestCase {
    /// Total coverage (white on black, red channel / 255) and its x centroid.
    private func coverage(_ canvas: Canvas) -> (total: Double, centroidX: Double) {
        var total = 0.0, moment = 0.0
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                let c = Double(canvas.color(x: x, y: y)!.red) / 255
                total += c; moment += c * (Double(x) + 0.5)
            }
        }
        return (total, total > 0 ? moment / total : 0)
    }

    func testRoundedRectCoverageMatchesItsArea() throws {
        for (w, h, r) in [(20.0, 12.0, 4.0), (7.3, 30.1, 3.65), (10.0, 10.0, 5.0), (13.2, 5.5, 0.0), (5.0, 40.0, 100.0)] {
            let b = try makeBitmap(48, 48)
            b.canvas.fillRoundedRect(x: 3.37, y: 2.81, width: w, height: h, radius: r, color: .white)
            let radius = min(r, min(w, h) / 2)
            let area = w * h - (4 - Double.pi) * radius * radius
            XCTAssertEqual(coverage(b.canvas).total, area, accuracy: area * 0.02 + 0.3, "\(w)x\(h) r\(r)")
        }
    }

    func testSubPixelMotionMovesTheCentroidSmoothly() throws {
        // A collapsed affordance dot (circle of diameter 8) moving by 0.1 px steps: the
        // drawn area stays constant and the centroid follows the motion (no shimmer).
        var previous: Double?
        for step in 0..<11 {
            let b = try makeBitmap(24, 24)
            let x = 6 + Double(step) * 0.1
            b.canvas.fillCircle(centerX: x + 4, centerY: 12.3, radius: 4, color: .white)
            let (total, cx) = coverage(b.canvas)
            XCTAssertEqual(total, Double.pi * 16, accuracy: 0.6)
            XCTAssertEqual(cx, x + 4, accuracy: 0.03)
            if let previous { XCTAssertEqual(cx - previous, 0.1, accuracy: 0.03) }
            previous = cx
        }
    }

    func testInteriorIsExactColourAndOutsideUntouched() throws {
        let b = try makeBitmap(30, 30)
        let color = Color(red: 200, green: 50, blue: 25)
        b.canvas.fillRoundedRect(x: 5.5, y: 5.5, width: 20, height: 20, radius: 6, color: color)
        XCTAssertEqual(b.canvas.color(x: 15, y: 15), color)
        XCTAssertEqual(b.canvas.color(x: 6, y: 15), color)
        XCTAssertEqual(b.canvas.color(x: 5, y: 15)?.red, 100, "half-covered edge pixel")
        XCTAssertEqual(b.canvas.color(x: 4, y: 15), .black)
        XCTAssertEqual(b.canvas.color(x: 6, y: 6), .black, "the rounded corner cuts this pixel away")
    }

    func testRadiusIsClampedToHalfTheSmallerSide() throws {
        let a = try makeBitmap(20, 40), b = try makeBitmap(20, 40)
        a.canvas.fillRoundedRect(x: 4.2, y: 3.1, width: 8, height: 30, radius: 100, color: .white)
        b.canvas.fillRoundedRect(x: 4.2, y: 3.1, width: 8, height: 30, radius: 4, color: .white)
        for y in 0..<40 { for x in 0..<20 { XCTAssertEqual(a.canvas.pixel(x: x, y: y), b.canvas.pixel(x: x, y: y)) } }
    }

    func testAlphaScalesCoverage() throws {
        let b = try makeBitmap(10, 10)
        b.canvas.fillRoundedRect(x: 0, y: 0, width: 10, height: 10, radius: 0, color: .white, alpha: 0.5)
        XCTAssertEqual(b.canvas.color(x: 5, y: 5)?.red, 128)
        let c = try makeBitmap(10, 10)
        c.canvas.fillRoundedRect(x: 0, y: 0, width: 10, height: 10, radius: 0, color: Color(red: 255, green: 255, blue: 255, alpha: 128), alpha: 1)
        XCTAssertEqual(c.canvas.color(x: 5, y: 5)?.red, 128)
    }

    func testDegenerateShapesDrawNothing() throws {
        let b = try makeBitmap(10, 10)
        b.canvas.fillRoundedRect(x: 1, y: 1, width: 0, height: 5, radius: 1, color: .white)
        b.canvas.fillRoundedRect(x: .nan, y: 1, width: 3, height: 5, radius: 1, color: .white)
        b.canvas.fillRoundedRect(x: 1, y: 1, width: .infinity, height: 5, radius: 1, color: .white)
        b.canvas.fillCircle(centerX: 5, centerY: 5, radius: -2, color: .white)
        b.canvas.strokeLine(x0: 1, y0: 1, x1: 8, y1: 8, width: .nan, color: .white)
        XCTAssertEqual(coverage(b.canvas).total, 0)
    }

    func testLineCoverageMatchesItsArea() throws {
        let b = try makeBitmap(60, 30)
        b.canvas.strokeLine(x0: 10, y0: 10.5, x1: 50, y1: 20.5, width: 3, color: .white)
        let length = (40.0 * 40 + 10 * 10).squareRoot()
        XCTAssertEqual(coverage(b.canvas).total, length * 3 + Double.pi * 1.5 * 1.5, accuracy: 4)
    }

    func testShapesGolden() throws {
        let b = try makeBitmap(64, 48, Color(red: 30, green: 30, blue: 36))
        let c = b.canvas
        // The three affordance dots: collapsed circle, mid-stretch, expanded pill.
        c.fillRoundedRect(x: 4.3, y: 20.2, width: 8, height: 8, radius: 4, color: Color(red: 160, green: 160, blue: 160))
        c.fillRoundedRect(x: 16.6, y: 10.7, width: 6, height: 27, radius: 3, color: .white)
        c.fillRoundedRect(x: 28.85, y: 2.4, width: 4, height: 43.2, radius: 2, color: Color(red: 255, green: 59, blue: 48))
        // A rounded rectangle at 60% alpha, a circle, a square-cornered box, a line.
        c.fillRoundedRect(x: 36.5, y: 4.25, width: 24, height: 16, radius: 5, color: Color(red: 0, green: 122, blue: 255), alpha: 0.6)
        c.fillCircle(centerX: 48.2, centerY: 33.7, radius: 9.4, color: Color(red: 52, green: 199, blue: 89))
        c.fillRoundedRect(x: 38.3, y: 40.6, width: 6.4, height: 5.2, radius: 0, color: .white)
        c.strokeLine(x0: 2, y0: 45, x1: 62, y1: 30, width: 1.5, color: Color(red: 255, green: 204, blue: 0))
        try GoldenImage.assertMatches(c, "shapes", in: GoldenImage.directory())
    }

    func testBlendsGolden() throws {
        let b = try makeBitmap(48, 32, .white)
        let c = b.canvas
        let layer = try makeBitmap(48, 32, Color(red: 20, green: 20, blue: 20))
        layer.canvas.fillCircle(centerX: 24, centerY: 16, radius: 10, color: Color(red: 255, green: 149, blue: 0))
        c.fill(IntRect(x: 0, y: 0, width: 16, height: 32), color: Color(red: 0, green: 122, blue: 255))
        c.blend(color: .black, alpha: 0.25, rect: IntRect(x: 4, y: 4, width: 40, height: 8))
        c.composite(layer.canvas, alpha: 0.9, rect: IntRect(x: 8, y: 8, width: 32, height: 20))
        var mask = [UInt8](repeating: 0, count: 12 * 12)
        for y in 0..<12 { for x in 0..<12 { mask[y * 12 + x] = UInt8(min(255, (x + y) * 12)) } }
        mask.withUnsafeBufferPointer { c.drawMask($0.baseAddress!, width: 12, height: 12, stride: 12, x: 34, y: 18, color: Color(red: 120, green: 0, blue: 200)) }
        try GoldenImage.assertMatches(c, "blends", in: GoldenImage.directory())
    }
}

final class MaskTests: XCTestCase {
    func testMaskCoverageBlendsAndClipsNegativeOrigins() throws {
        let b = try makeBitmap(4, 4, .black)
        // 3×2 mask with stride 5 (padding bytes must be ignored).
        let mask: [UInt8] = [255, 128, 0, 99, 99,
                             64, 255, 255, 99, 99]
        mask.withUnsafeBufferPointer { b.canvas.drawMask($0.baseAddress!, width: 3, height: 2, stride: 5, x: -1, y: 3, color: .white) }
        XCTAssertEqual(b.canvas.color(x: 0, y: 3)?.red, 128, "mask (1, 0)")
        XCTAssertEqual(b.canvas.color(x: 1, y: 3)?.red, 0, "mask (2, 0)")
        XCTAssertEqual(b.canvas.color(x: 2, y: 3), .black, "beyond the mask")
        for y in 0..<3 { for x in 0..<4 { XCTAssertEqual(b.canvas.color(x: x, y: y), .black) } }
    }

    func testMaskCoverageTimesColourAlpha() throws {
        let b = try makeBitmap(2, 1, .black)
        let mask: [UInt8] = [255, 255]
        mask.withUnsafeBufferPointer {
            b.canvas.drawMask($0.baseAddress!, width: 2, height: 1, stride: 2, x: 0, y: 0, color: Color(red: 255, green: 0, blue: 0, alpha: 51))
        }
        XCTAssertEqual(b.canvas.color(x: 1, y: 0), Color(red: 51, green: 0, blue: 0))
    }

    func testBadMaskGeometryDrawsNothing() throws {
        let b = try makeBitmap(4, 4, .black)
        let mask = [UInt8](repeating: 255, count: 16)
        mask.withUnsafeBufferPointer {
            b.canvas.drawMask($0.baseAddress!, width: 4, height: 4, stride: 3, x: 0, y: 0, color: .white)
            b.canvas.drawMask($0.baseAddress!, width: -1, height: 4, stride: 4, x: 0, y: 0, color: .white)
        }
        XCTAssertEqual(b.canvas.color(x: 0, y: 0), .black)
    }
}
