import LecternTestSupport
import XCTest
@testable import Raster

/// Phone photos carry an EXIF Orientation tag instead of turned pixels. The eight files
/// `exif-orientation-N.jpg` (Tests/Images/README.md) store the same 64×32 picture
/// (red | green over blue | yellow) turned so that ImageMagick's `-auto-orient` shows it
/// upright; each must be drawn upright here too.
final class JPEGOrientationTests: XCTestCase {
    private let quadrants: [(name: String, rgb: (Int, Int, Int))] = [
        ("red top left", (0xE0, 0x1B, 0x24)), ("green top right", (0x2E, 0xC2, 0x7E)),
        ("blue bottom left", (0x1C, 0x71, 0xD8)), ("yellow bottom right", (0xF6, 0xD3, 0x2D)),
    ]

    private func assertUpright(_ image: Image, width: Int, height: Int, _ what: String,
                               file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(image.width, width, "width of \(what)", file: file, line: line)
        XCTAssertEqual(image.height, height, "height of \(what)", file: file, line: line)
        guard image.width == width, image.height == height else { return }
        // Quadrant centres, away from JPEG's blurred colour edges.
        let points = [(width / 4, height / 4), (3 * width / 4, height / 4), (width / 4, 3 * height / 4), (3 * width / 4, 3 * height / 4)]
        for ((x, y), quadrant) in zip(points, quadrants) {
            guard let p = image.canvas.pixel(x: x, y: y) else { XCTFail("no pixel", file: file, line: line); continue }
            let rgb = (Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF))
            let close = abs(rgb.0 - quadrant.rgb.0) <= 12 && abs(rgb.1 - quadrant.rgb.1) <= 12 && abs(rgb.2 - quadrant.rgb.2) <= 12
            XCTAssertTrue(close, "\(what): \(quadrant.name) expected, got \(String(p, radix: 16)) at \(x),\(y)", file: file, line: line)
        }
    }

    func testLibexifReadsEveryOrientation() throws {
        for n in 1...8 {
            let bytes = try FileBytes.read(TestImages.path("exif-orientation-\(n).jpg"), limit: 1 << 20)
            XCTAssertEqual(JPEGOrientation.read(bytes).rawValue, n, "orientation of exif-orientation-\(n).jpg")
        }
        // No EXIF at all (stripped by ImageMagick): upright.
        XCTAssertEqual(JPEGOrientation.read(try FileBytes.read(TestImages.path("icon-64.jpg"), limit: 1 << 20)), .upright)
    }

    func testAllEightOrientationsAreDrawnUprightAtNaturalSize() throws {
        for n in 1...8 {
            let image = try Image(contentsOfFile: TestImages.path("exif-orientation-\(n).jpg"))
            assertUpright(image, width: 64, height: 32, "exif-orientation-\(n).jpg")
        }
    }

    func testTheFitIsOfTheUprightPicture() throws {
        // Orientation 6 (a portrait phone photo) stores 32×64; upright it is 64×32 and a
        // 32×32 box holds it at 32×16, not 16×32.
        for n in 1...8 {
            let image = try Image(contentsOfFile: TestImages.path("exif-orientation-\(n).jpg"), fittingIn: 32, 32)
            assertUpright(image, width: 32, height: 16, "exif-orientation-\(n).jpg in 32×32")
        }
    }

    func testAWrongBoxIsNotTurnedAround() throws {
        // A 64×16 box: the upright 64×32 picture is fitted by height (32×16).
        let image = try Image(contentsOfFile: TestImages.path("exif-orientation-6.jpg"), fittingIn: 64, 16)
        assertUpright(image, width: 32, height: 16, "orientation 6 in 64×16")
    }
}
