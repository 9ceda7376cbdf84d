import Foundation
import LecternTestSupport
import XCTest
@testable import Raster

final class GoldenImageTests: XCTestCase {
    func testGoldenMismatchWritesADiffImage() throws {
        let a = try makeBitmap(6, 4, .black), b = try makeBitmap(6, 4, .black)
        b.canvas.fill(IntRect(x: 2, y: 1, width: 2, height: 2), color: .white)
        b.canvas.row(0)[0] = 0xFF00_0002 // within tolerance
        XCTAssertNil(try GoldenImage.compare(a.canvas, to: a.canvas, name: "same"))
        let message = try XCTUnwrap(try GoldenImage.compare(b.canvas, to: a.canvas, name: "selftest"))
        XCTAssertTrue(message.contains("4 pixels differ"), message)
        let path = try XCTUnwrap(message.components(separatedBy: "diff image: ").last)
        addTeardownBlock {
            // The directory too, unless a real mismatch left its diff there.
            try? FileManager.default.removeItem(atPath: path)
            rmdir((path as NSString).deletingLastPathComponent)
        }
        let diff = try Image(contentsOfFile: path)
        XCTAssertEqual(diff.width, 18, "expected | actual | differences")
        XCTAssertEqual(diff.canvas.pixel(x: 12 + 2, y: 1), 0xFFFF_0000, "differing pixel marked red")
        XCTAssertNotEqual(diff.canvas.pixel(x: 12, y: 0), 0xFFFF_0000, "pixel within tolerance not marked")
    }
}
