import Foundation
import LecternTestSupport
import Raster
import XCTest
@testable import Kiosk

/// A page icon drawn as SVG is rendered at the size the ring shows it: sharp at 2×.
final class SVGIconTests: XCTestCase {
    func testAnSVGPageIconIsSharpAtTwiceTheDensity() throws {
        let icon = try TestPictures.write("icon-line.svg", """
            <svg xmlns="http://www.w3.org/2000/svg" width="48" height="48">
            <rect width="48" height="48" fill="#ffffff"/><rect x="20" width="1" height="48" fill="#000000"/>
            </svg>
            """)
        let cache = IconCache(pages: [.init(title: "Icon", source: .builtIn(markdown: "# Icon\n"), icon: icon)], scale: 2)
        // The ring's 96-px item at 2×: 192 device px, and the 48-px drawing at 2× is 96.
        let image = try XCTUnwrap(cache.image(page: 0, selected: false, size: 192))
        XCTAssertEqual(image.width, 96); XCTAssertEqual(image.height, 96)
        let greens = (38...43).map { Int((image.canvas.pixel(x: $0, y: 48) ?? 0) >> 8 & 0xFF) }
        XCTAssertEqual(greens, [255, 255, 0, 0, 255, 255], "the 1-px line is two crisp device pixels")
        XCTAssertTrue(cache.problems.isEmpty, "\(cache.problems)")
    }
}
