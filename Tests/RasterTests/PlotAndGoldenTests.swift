import Foundation
import LecternTestSupport
import XCTest
@testable import Raster

final class PlotAndGoldenTests: XCTestCase {
    func testGoldenMismatchWritesADiffImage() throws {
        let a = try makeBitmap(6, 4, .black), b = try makeBitmap(6, 4, .black)
        b.canvas.fill(IntRect(x: 2, y: 1, width: 2, height: 2), color: .white)
        b.canvas.row(0)[0] = 0xFF00_0002 // within tolerance
        XCTAssertNil(try GoldenImage.compare(a.canvas, to: a.canvas, name: "same"))
        let message = try XCTUnwrap(try GoldenImage.compare(b.canvas, to: a.canvas, name: "selftest"))
        XCTAssertTrue(message.contains("4 pixels differ"), message)
        let path = try XCTUnwrap(message.components(separatedBy: "diff image: ").last)
        let diff = try Image(contentsOfFile: path)
        XCTAssertEqual(diff.width, 18, "expected | actual | differences")
        XCTAssertEqual(diff.canvas.pixel(x: 12 + 2, y: 1), 0xFFFF_0000, "differing pixel marked red")
        XCTAssertNotEqual(diff.canvas.pixel(x: 12, y: 0), 0xFFFF_0000, "pixel within tolerance not marked")
    }

    func testLinePlotDrawsBackgroundAxesReferenceAndCurve() throws {
        var plot = LinePlot()
        plot.width = 200; plot.height = 100; plot.margin = 10
        // A step-like curve from 0 to 1 with the reference at 1.
        let samples = (0...100).map { Point(x: Double($0) / 100, y: 1 - exp(-Double($0) / 10)) }
        let bitmap = try plot.render(samples: samples, reference: 1, baseline: 0)
        let c = bitmap.canvas
        XCTAssertEqual(c.color(x: 199, y: 0), .white, "background")
        XCTAssertEqual(c.color(x: 100, y: 50), .white, "no curve mid-air")
        XCTAssertNotEqual(c.color(x: 10, y: 50), .white, "y axis at the left margin")
        // The curve's right end sits at the reference line: plot colour there.
        let end = try XCTUnwrap((0..<100).compactMap { y -> Color? in
            let color = c.color(x: 185, y: y)!
            return color.blue > 150 && color.red < 100 ? color : nil
        }.first, "curve pixel near the right end")
        XCTAssertEqual(Int(end.blue), Int(plot.curveColor.blue), accuracy: 60)
        XCTAssertThrowsError(try plot.render(samples: [Point(x: 0, y: .nan)], reference: 0, baseline: 0))
    }
}
