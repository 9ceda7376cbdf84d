import XCTest
@testable import Kiosk

/// The size the kiosk is laid out for has one owner inside the kiosk (`ScreenSize`, taken
/// up by `KioskScene.resize` from the frame the loop hands down): the PDF pages that lay
/// out at the screen's width read it there and keep no copy a resize could leave stale.
final class ScreenSizeTests: XCTestCase {
    func testTheSceneAndItsPDFPagesReadOneScreenSize() throws {
        var config = KioskConfig.builtIn
        var leaflet = KioskConfig.Page(title: "Leaflet", source: .file(path: "/nonexistent/leaflet.pdf"))
        leaflet.pdfWidth = .screen
        config.pages.append(leaflet)
        let page = config.pages.count - 1
        let assembly = try KioskAssembly(config: config, width: 400, height: 300)
        let pdf = try XCTUnwrap(assembly.content.pdf)
        XCTAssertTrue(pdf.screen === assembly.scene.screen, "one size, shared")
        XCTAssertEqual(pdf.baseFrame(page: page, width: 300).width, 400, "edge to edge on the screen laid out for")

        let runtime = KioskRuntime(assembly: assembly)
        runtime.resize(width: 640, height: 480, at: 1)
        XCTAssertEqual([assembly.scene.width, assembly.scene.height], [640, 480])
        XCTAssertEqual(pdf.baseFrame(page: page, width: 300).width, 640, "the PDF pages follow the resize without being told")
        XCTAssertEqual(assembly.scene.vertical.viewport, 480, "the page's scroller laid out for the new height")
    }
}
