import XCTest
import Raster

final class PixelSizeTests: XCTestCase {
    func testTheOneWxHParser() {
        XCTAssertEqual(PixelSize(parsing: "1280x800"), PixelSize(width: 1280, height: 800))
        XCTAssertEqual(PixelSize(parsing: "1920X1080")?.description, "1920x1080")
        for bad in ["1280", "0x800", "x800", "1280x", "12 80x800", "-1x5", "1e3x800", "١٢٨٠x800", "1280x800x2", "40000x10"] {
            XCTAssertNil(PixelSize(parsing: bad), bad)
        }
    }
}
