import Foundation
import Raster
import XCTest
@testable import lectern

/// The spring chart `lectern spring --plot` draws (drawn by the CLI, tested here directly).
final class LinePlotTests: XCTestCase {
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
