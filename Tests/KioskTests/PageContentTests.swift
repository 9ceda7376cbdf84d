import XCTest
import Raster
import Touch
@testable import Kiosk

/// `PageContent` is one reference the scene holds: content that only measures and draws
/// (no links, tables, zoom or text to speak) is a whole scene's content, the other
/// parts answering their defaults.
final class PageContentTests: XCTestCase {
    /// Each page a block of one colour as tall as the page is said to be.
    final class ColourBlocks: PageContent {
        let heights: [Double]
        let colour = Color(red: 200, green: 30, blue: 30)
        init(heights: [Double]) { self.heights = heights }

        func height(page: Int, width: Double) -> Double { heights[page] }
        func draw(page: Int, width: Double, into canvas: Canvas, originX: Int, originY: Int, clip: IntRect) {
            canvas.fill(IntRect(x: originX, y: originY, width: Int(width), height: Int(heights[page])).intersection(clip), color: colour)
        }
        func drawLabel(_ text: String, size: Double, color: Color, centerX: Int, centerY: Int, into canvas: Canvas) -> IntRect {
            labelBounds(text, size: size, centerX: centerX, centerY: centerY)
        }
        func labelBounds(_ text: String, size: Double, centerX: Int, centerY: Int) -> IntRect {
            IntRect(x: centerX, y: centerY, width: 0, height: 0)
        }
    }

    func testContentThatOnlyDrawsIsAWholeScenesContent() throws {
        var config = KioskConfig()
        config.pages = [.init(title: "One", source: .builtIn(markdown: "")), .init(title: "Two", source: .builtIn(markdown: ""))]
        let content = ColourBlocks(heights: [2000, 100])
        let scene = KioskScene(config: config, content: content, screen: ScreenSize(width: 400, height: 300), scale: 1,
                               gestureConfig: GestureConfig(), time: 0)
        XCTAssertEqual(scene.pageLength(of: 0), 2000 + KioskScene.marginTop + KioskScene.marginBottom, "heights from the content")
        XCTAssertEqual(scene.committedZoom, 1)
        // A drag scrolls the page by its content's height; a tap finds no link.
        scene.handle(.down(slot: 0, x: 200, y: 250, time: 0.1))
        for i in 1...10 { scene.handle(.move(slot: 0, x: 200, y: 250 - Double(i) * 20, time: 0.1 + Double(i) * 0.02)) }
        scene.handle(.up(slot: 0, time: 0.35))
        XCTAssertGreaterThan(scene.vertical.offset(at: 0.35), 150)
        scene.handle(.down(slot: 0, x: 200, y: 150, time: 3))
        scene.handle(.up(slot: 0, time: 3.05))
        XCTAssertEqual(scene.currentPage, 0)
        XCTAssertEqual(scene.mode, .browsing)
        // A pinch ends at the zoom the content keeps (none: 1), nothing laid out again.
        let generation = scene.contentGeneration
        scene.handle(.down(slot: 0, x: 150, y: 150, time: 4))
        scene.handle(.down(slot: 1, x: 250, y: 150, time: 4))
        for i in 1...10 {
            let t = 4 + Double(i) * 0.02
            scene.handle(.move(slot: 0, x: 150 - Double(i) * 5, y: 150, time: t))
            scene.handle(.move(slot: 1, x: 250 + Double(i) * 5, y: 150, time: t))
        }
        XCTAssertEqual(scene.mode, .pinching)
        scene.handle(.up(slot: 0, time: 4.3))
        scene.handle(.up(slot: 1, time: 4.3))
        XCTAssertEqual(scene.mode, .browsing)
        XCTAssertEqual(scene.committedZoom, 1)
        XCTAssertEqual(scene.contentGeneration, generation)
        // Drawn by the content where the text goes, the theme's background above it.
        let bitmap = try Bitmap(width: 400, height: 300)
        SceneRenderer(scene: scene).renderWhole(into: bitmap.canvas, at: 10)
        assertColor(bitmap.canvas, 200, 200, content.colour, tolerance: 0)
        let scrolled = Int(scene.vertical.offset(at: 10).rounded())
        XCTAssertGreaterThan(scrolled, Int(KioskScene.marginTop), "the margin scrolled away")
        XCTAssertEqual(scene.content.speechPage(0, width: scene.textWidth).blocks, [])
        XCTAssertNil(scene.link(atX: 200, y: 200, at: 10))
    }
}
