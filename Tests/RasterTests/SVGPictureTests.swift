import LecternTestSupport
import Foundation
import XCTest
@testable import Raster

/// SVG through librsvg: drawings written by the tests, rendered at the size they are
/// shown at, and hostile drawings refused or made harmless.
final class SVGPictureTests: XCTestCase {
    private func svg(_ name: String, _ body: String, width: String = "200", height: String = "100") throws -> String {
        try TestPictures.write(name, """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="\(width)" height="\(height)">
            \(body)
            </svg>
            """)
    }

    private func rgb(_ pixel: UInt32?) -> [Int] {
        guard let p = pixel else { return [] }
        return [channel(p, 24), channel(p, 16), channel(p, 8), channel(p, 0)]
    }

    func testADrawingIsShownByItsPixelsAtItsOwnSize() throws {
        let path = try svg("split.svg", """
            <rect x="0" y="0" width="100" height="100" fill="#0000ff"/>
            <rect x="100" y="0" width="100" height="100" fill="#ffff00"/>
            <circle cx="100" cy="50" r="20" fill="#ff0000" fill-opacity="0.5"/>
            """)
        let image = try Image(contentsOfFile: path)
        XCTAssertEqual(image.width, 200); XCTAssertEqual(image.height, 100)
        XCTAssertEqual(rgb(image.canvas.pixel(x: 10, y: 10)), [255, 0, 0, 255])
        XCTAssertEqual(rgb(image.canvas.pixel(x: 190, y: 90)), [255, 255, 255, 0])
        // Half-transparent red over blue: premultiplied, as every picture is kept.
        let mixed = rgb(image.canvas.pixel(x: 90, y: 50))
        XCTAssertEqual(mixed[0], 255); XCTAssertEqual(mixed[1], 128, accuracy: 2); XCTAssertEqual(mixed[3], 127, accuracy: 2)
    }

    func testATransparentBackgroundStaysTransparent() throws {
        let path = try svg("dot.svg", ##"<circle cx="50" cy="50" r="10" fill="#000"/>"##, width: "100", height: "100")
        let image = try Image(contentsOfFile: path)
        XCTAssertEqual(image.canvas.pixel(x: 5, y: 5), 0)
        XCTAssertFalse(image.isOpaque)
    }

    /// A 1-px line at 2× density is rendered as a 2-px line, crisp: a raster picture
    /// scaled up would spread it over 3–4 grey columns.
    func testAnIconAtTwiceTheDensityIsRenderedSharp() throws {
        let path = try svg("line.svg", """
            <rect width="40" height="40" fill="#ffffff"/>
            <rect x="10" y="0" width="1" height="40" fill="#000000"/>
            """, width: "40", height: "40")
        let icon = try Image(contentsOfFile: path, fittingIn: 200, 200, scale: 2)
        XCTAssertEqual(icon.width, 80); XCTAssertEqual(icon.height, 80)
        let columns = (17...24).map { channel(icon.canvas.pixel(x: $0, y: 40) ?? 0, 8) }
        XCTAssertEqual(columns, [255, 255, 255, 0, 0, 255, 255, 255], "columns 17…24 across the line")
        // The same drawing at 1× and scaled up as pixels blurs the line: the sharpness
        // this test asserts is what rendering at the shown size gives.
        let upscaled = try Image(contentsOfFile: path).scaled(width: 80, height: 80)
        let blurred = (17...24).map { channel(upscaled.canvas.pixel(x: $0, y: 40) ?? 0, 8) }
        XCTAssertGreaterThan(blurred.filter { $0 > 0 && $0 < 255 }.count, 1, "upscaled pixels: \(blurred)")
    }

    func testADrawingWithOnlyAViewBoxTakesItsSizeFromIt() throws {
        let path = try TestPictures.write("viewbox.svg", ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 30 60"><rect width="30" height="60" fill="#00f"/></svg>"##)
        let image = try Image(contentsOfFile: path, fittingIn: 120, 120, scale: 2)
        XCTAssertEqual(image.width, 60); XCTAssertEqual(image.height, 120)
        XCTAssertEqual(rgb(image.canvas.pixel(x: 30, y: 60)), [255, 0, 0, 255])
    }

    func testADrawingWithNoSizeIsRefusedSayingWhatToAdd() throws {
        let path = try TestPictures.write("nosize.svg", ##"<svg xmlns="http://www.w3.org/2000/svg"><rect width="30" height="60"/></svg>"##)
        XCTAssertThrowsError(try Image(contentsOfFile: path)) { error in
            XCTAssertTrue("\(error)".hasPrefix(path), "\(error)")
            XCTAssertTrue("\(error)".contains("viewBox"), "\(error)")
        }
    }

    func testHugeDimensionsMeetThePixelCap() throws {
        let path = try svg("huge.svg", ##"<rect width="10" height="10"/>"##, width: "1e9", height: "1e9")
        XCTAssertThrowsError(try Image(contentsOfFile: path, fittingIn: 96, 96)) { error in
            XCTAssertTrue("\(error)".contains("SVG header gives"), "\(error)")
            XCTAssertTrue("\(error)".contains("megapixels"), "\(error)")
        }
    }

    func testTruncatedXMLIsRefusedWithAMessage() throws {
        let whole = """
            <svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><g><rect width="10" height="10" fill="#f00"/></g></svg>
            """
        let path = try TestPictures.write("truncated.svg", String(whole.prefix(70)))
        XCTAssertThrowsError(try Image(contentsOfFile: path)) { error in
            XCTAssertTrue("\(error)".contains("the SVG cannot be read"), "\(error)")
        }
    }

    func testABillionLaughsDrawingIsRefusedQuickly() throws {
        var entities = ##"<!ENTITY lol "lol">"##
        for level in 1...9 {
            let previous = level == 1 ? "lol" : "lol\(level - 1)"
            entities += "\n<!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">"
        }
        let path = try TestPictures.write("laughs.svg", """
            <?xml version="1.0"?>
            <!DOCTYPE svg [\(entities)]>
            <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><text y="20">&lol9;</text></svg>
            """)
        XCTAssertEqual(ImageFormat.detect(try TestPictures.bytes(path)), .svg, "an internal subset does not hide the <svg> element")
        XCTAssertThrowsError(try Image(contentsOfFile: path)) { error in
            XCTAssertTrue("\(error)".contains("the SVG cannot be read"), "\(error)")
        }
    }

    /// Ten levels of ten `<use>` each would draw 10^10 rectangles: librsvg stops at its
    /// cap on referenced elements, and the drawing is refused.
    func testAUseBombIsRefused() throws {
        var groups = [#"<rect id="a0" width="1" height="1"/>"#]
        for level in 1...10 {
            groups.append("<g id=\"a\(level)\">" + String(repeating: "<use xlink:href=\"#a\(level - 1)\"/>", count: 10) + "</g>")
        }
        let path = try svg("use-bomb.svg", "<defs>\(groups.joined(separator: "\n"))</defs><use xlink:href=\"#a10\"/>")
        XCTAssertThrowsError(try Image(contentsOfFile: path, fittingIn: 96, 96)) { error in
            XCTAssertTrue("\(error)".contains("the SVG cannot be drawn"), "\(error)")
        }
    }

    /// No external reference is loaded: not a file beside the drawing, not one above its
    /// folder, not an absolute file: URL, not XInclude, not the network.
    func testExternalReferencesAreNotLoaded() throws {
        let red = try TestPictures.write("red-square.svg", ##"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#f00"/></svg>"##)
        let folder = TestPictures.directory + "/inner"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let references = [
            "<image x=\"0\" y=\"0\" width=\"20\" height=\"20\" xlink:href=\"../red-square.svg\"/>",
            "<image x=\"20\" y=\"0\" width=\"20\" height=\"20\" href=\"file://\(red)\"/>",
            "<image x=\"40\" y=\"0\" width=\"20\" height=\"20\" href=\"\(try TestPictures.split())\"/>",
            "<image x=\"60\" y=\"0\" width=\"20\" height=\"20\" href=\"http://127.0.0.1:9/x.png\"/>",
            "<xi:include xmlns:xi=\"http://www.w3.org/2001/XInclude\" href=\"/etc/passwd\" parse=\"text\"/>",
        ]
        let path = "\(folder)/references.svg"
        try """
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="80" height="20">
            \(references.joined(separator: "\n"))
            </svg>
            """.write(toFile: path, atomically: true, encoding: .utf8)
        let image = try Image(contentsOfFile: path)
        for x in stride(from: 5, to: 80, by: 10) {
            XCTAssertEqual(image.canvas.pixel(x: x, y: 10), 0, "nothing drawn at x = \(x)")
        }
    }

    /// A picture embedded as a data: URL is part of the file, and is drawn.
    func testAnEmbeddedPictureIsDrawn() throws {
        let png = try TestPictures.bytes(try TestPictures.split())
        let path = try svg("embedded.svg", "<image width=\"200\" height=\"100\" href=\"data:image/png;base64,\(Data(png).base64EncodedString())\"/>")
        let image = try Image(contentsOfFile: path)
        // librsvg resamples the embedded pixels: a step or two off.
        for (got, want) in zip(rgb(image.canvas.pixel(x: 50, y: 50)), [255, 0, 0, 255]) { XCTAssertEqual(got, want, accuracy: 3) }
        for (got, want) in zip(rgb(image.canvas.pixel(x: 150, y: 50)), [255, 255, 255, 0]) { XCTAssertEqual(got, want, accuracy: 3) }
    }
}
