import Raster
import XCTest

extension XCTestCase {
    /// The pixel at (x, y) has `expected`'s colour, each channel within `tolerance`.
    func assertColor(_ canvas: Canvas, _ x: Int, _ y: Int, _ expected: Color, tolerance: Int = 1,
                     file: StaticString = #filePath, line: UInt = #line) {
        guard let c = canvas.color(x: x, y: y) else { return XCTFail("(\(x),\(y)) is outside", file: file, line: line) }
        let ok = abs(Int(c.red) - Int(expected.red)) <= tolerance && abs(Int(c.green) - Int(expected.green)) <= tolerance
            && abs(Int(c.blue) - Int(expected.blue)) <= tolerance
        XCTAssertTrue(ok, "pixel (\(x),\(y)) is \(c), expected \(expected) ±\(tolerance)", file: file, line: line)
    }
}
