import KioskHeadless
import XCTest
import Raster
import Touch
@testable import Kiosk
@testable import Typeset

/// Pinch to resize text (issue #18), through the whole headless kiosk at 1920×1080.
final class PinchTests: XCTestCase {
    let width = 1920, height = 1080

    private func kiosk(paragraphs: Int = 60) throws -> (KioskAssembly, HeadlessPlayer) {
        let assembly = try KioskAssembly(config: ReadingFixtures.config(markdown: ReadingFixtures.prose(paragraphs: paragraphs)),
                                         width: width, height: height)
        let player = try assembly.player()
        player.render(at: 0)
        return (assembly, player)
    }

    /// Two fingers from `span0` to `span1` apart (horizontally) about (x, y), over 0.4 s.
    private func pinchScript(at start: Double, x: Double = 960, y: Double = 540, from span0: Double, to span1: Double,
                             vertical: Bool = false) -> String {
        func point(_ sign: Double, _ span: Double) -> String {
            vertical ? "\(x) \(y + sign * span / 2)" : "\(x + sign * span / 2) \(y)"
        }
        return """
        \(start) drag 0 \(point(-1, span0)) \(point(-1, span1)) 0.4
        \(start) drag 1 \(point(1, span0)) \(point(1, span1)) 0.4
        """
    }

    private func play(_ script: String, on player: HeadlessPlayer, until end: Double) throws {
        let events = try GestureScript.parse(script).events
        var index = 0
        player.play(events, from: &index, until: end)
    }

    /// The block (paragraph) of the page at screen y, and the line height of the body.
    private func block(atScreenY y: Double, _ assembly: KioskAssembly, at time: Double) -> Int? {
        let scene = assembly.scene
        let layoutY = y - KioskScene.marginTop * scene.scale + scene.vertical.offset(at: time)
        return assembly.content.pageLayout(page: scene.currentPage, width: scene.textWidth).anchor(atY: layoutY)?.block
    }

    func testPinchOutEnlargesTheTextAndKeepsTheParagraphUnderTheFingers() throws {
        for (offset, x, y) in [(3000.0, 960.0, 540.0), (5200, 700, 300), (1200, 1300, 850)] {
            let (assembly, player) = try kiosk()
            let scene = assembly.scene
            scene.carryOver(page: 0, offset: offset, menuPresented: false, at: 0)
            player.render(at: 0.1)
            let before = try XCTUnwrap(block(atScreenY: y, assembly, at: 0.1))
            let sizeBefore = assembly.content.current.style.size
            // 240 px apart to 400 (×1.6 from where the pinch is recognised).
            let script = pinchScript(at: 0.5, x: x, y: y, from: 240, to: 400)
            try play(script, on: player, until: 0.75)
            XCTAssertNotNil(scene.textZoom.pinch, "mid-pinch")
            XCTAssertEqual(assembly.content.textZoom, 1, "no layout while the fingers move: the last frame is drawn scaled")
            try play(script, on: player, until: 1.5)
            XCTAssertNil(scene.textZoom.pinch)
            XCTAssertGreaterThan(assembly.content.textZoom, 1.5)
            XCTAssertLessThan(assembly.content.textZoom, 1.75)
            XCTAssertGreaterThan(assembly.content.current.style.size, sizeBefore * 1.5, "larger body text")
            // The paragraph that was under the fingers' midpoint is still there, within a line.
            let layout = assembly.content.pageLayout(page: 0, width: scene.textWidth)
            let span = try XCTUnwrap(layout.blockSpan(before))
            let top = Double(span.top) + KioskScene.marginTop - scene.vertical.offset(at: 1.5)
            let bottom = Double(span.bottom) + KioskScene.marginTop - scene.vertical.offset(at: 1.5)
            let line = assembly.content.current.style.size * 1.2 * 1.17
            XCTAssertLessThanOrEqual(top, y + line, "paragraph \(before) now spans \(top)…\(bottom), fingers at \(y)")
            XCTAssertGreaterThanOrEqual(bottom, y - line, "paragraph \(before) now spans \(top)…\(bottom), fingers at \(y)")
            XCTAssertFalse(scene.menu.isPresented)
        }
    }

    func testPinchInIsBoundedAndSoIsPinchOut() throws {
        let (assembly, player) = try kiosk(paragraphs: 12)
        try play(pinchScript(at: 0.5, from: 800, to: 80), on: player, until: 1.5)
        XCTAssertEqual(assembly.content.textZoom, 0.75, accuracy: 0.03)
        try play(pinchScript(at: 2, from: 800, to: 80), on: player, until: 3)
        XCTAssertEqual(assembly.content.textZoom, 0.75, accuracy: 0.03, "no smaller than 0.75×")
        XCTAssertGreaterThanOrEqual(assembly.content.current.style.size, (assembly.content.typesetter.style.size * 0.75).rounded(.up))
        for k in 0..<3 {
            try play(pinchScript(at: 4 + Double(k) * 2, from: 100, to: 900), on: player, until: 5.5 + Double(k) * 2)
        }
        XCTAssertEqual(assembly.content.textZoom, 2.5, accuracy: 0.03, "no larger than 2.5×")
        // While pinching past a limit the frame stops growing too.
        try play(pinchScript(at: 12, from: 100, to: 900), on: player, until: 12.3)
        XCTAssertEqual(assembly.scene.textZoom.pinch?.zoom ?? 0, TextZoom.range.upperBound, accuracy: 0.05)
    }

    func testIdleHomeResetsTheTextSize() throws {
        let (assembly, player) = try kiosk(paragraphs: 12)
        try play(pinchScript(at: 0.5, from: 200, to: 420), on: player, until: 1.5)
        XCTAssertGreaterThan(assembly.content.textZoom, 1.5)
        let homeAfter = assembly.config.idle.homeAfter
        player.render(at: 1 + homeAfter - 1)
        XCTAssertGreaterThan(assembly.content.textZoom, 1.5, "not before the idle time")
        player.render(at: 1 + homeAfter + 1)
        XCTAssertEqual(assembly.content.textZoom, 1)
        XCTAssertEqual(assembly.scene.committedZoom, 1)
        XCTAssertEqual(assembly.scene.vertical.offset(at: 2 + homeAfter), 0)
    }

    /// Pinches in every direction and manner: spread, close, vertical, a first finger that
    /// slides sideways before the second lands (as a pull would start), fingers landing 60 ms
    /// apart near the right edge. None opens the menu, taps, or arms the pull.
    func testATwoFingerPinchNeverOpensTheMenu() throws {
        // Each script built in typed steps: Swift 6.2's type checker gives up on one literal.
        let slide: [String] = (1...12).map { (k: Int) -> String in
            let t: Double = 0.5 + Double(k) / 120, x: Double = 1800 - Double(k) * 8.4
            return "\(t) move 0 \(x) 540"
        }
        let spreadAfterSlide: [String] = (1...40).map { (k: Int) -> String in
            let t: Double = 0.6 + Double(k) / 120
            let x0: Double = 1700 + Double(k) * 3, x1: Double = 1500 - Double(k) * 8
            return "\(t) move 0 \(x0) 540\n\(t) move 1 \(x1) 540"
        }
        let nearTheEdge: [String] = (1...30).map { (k: Int) -> String in
            let t: Double = 0.56 + Double(k) / 120
            let x0: Double = 1880 - Double(k) * 2, x1: Double = 1700 - Double(k) * 12
            return "\(t) move 0 \(x0) 500\n\(t) move 1 \(x1) 500"
        }
        let slideThenPinch: String = "0.5 down 0 1800 540\n" + slide.joined(separator: "\n")
            + "\n0.6 move 0 1700 540\n0.6 down 1 1500 540\n" + spreadAfterSlide.joined(separator: "\n") + "\n1.0 up 0\n1.0 up 1"
        let landingApart: String = "0.5 down 0 1880 500\n0.56 down 1 1700 500\n" + nearTheEdge.joined(separator: "\n") + "\n0.9 up 1\n0.9 up 0"
        let scripts: [String] = [
            pinchScript(at: 0.5, from: 300, to: 700),
            pinchScript(at: 0.5, from: 700, to: 200),
            pinchScript(at: 0.5, from: 200, to: 600, vertical: true),
            slideThenPinch,
            landingApart,
        ]
        for script in scripts {
            let (assembly, player) = try kiosk(paragraphs: 12)
            let replay = TouchReplay(player: player)
            replay.play(try GestureScript.parse(script).events.compactMap { if case let .touch(t) = $0 { return t } else { return nil } })
            for t in stride(from: 0.5, through: 2.0, by: 1.0 / 60) {
                player.render(at: t)
                XCTAssertFalse(assembly.scene.menu.isPresented, "menu shown at \(t) by:\n\(script)")
                XCTAssertLessThan(assembly.scene.pullProgress(at: t), 1, "pull armed at \(t) by:\n\(script)")
            }
            XCTAssertTrue(replay.entries.contains { if case .pinchBegan = $0.gesture { return true } else { return false } }, script)
            XCTAssertFalse(replay.entries.contains {
                switch $0.gesture {
                case .tap, .threeFingerTap, .panEnded: return true
                default: return false
                }
            }, script)
            XCTAssertNotEqual(assembly.content.textZoom, 1, "the pinch resized the text:\n\(script)")
        }
    }

    /// While the fingers move, each frame is the frame from the pinch's start scaled about
    /// their first midpoint and moved with them: exactly `Canvas.drawScaled` of it.
    func testPinchFramesAreTheLastFrameScaled() throws {
        let (assembly, player) = try kiosk(paragraphs: 12)
        let before = try Bitmap(width: width, height: height)
        player.render(at: 0.4)
        before.canvas.blit(player.canvas, from: player.canvas.bounds, toX: 0, y: 0)
        try play(pinchScript(at: 0.5, from: 300, to: 500), on: player, until: 0.7)
        let pinch = try XCTUnwrap(assembly.scene.textZoom.pinch)
        let frame = try XCTUnwrap(PinchFrame(pinch))
        let expected = try Bitmap(width: width, height: height)
        expected.canvas.drawScaled(before.canvas, factor: Double(frame.factor) / 1024, sourceX: Double(frame.startX),
                                   sourceY: Double(frame.startY), toX: Double(frame.x), toY: Double(frame.y),
                                   background: assembly.config.theme.background)
        var differing = 0
        for y in 0..<height {
            for x in 0..<width where player.canvas.row(y)[x] & 0xFFFFFF != expected.canvas.row(y)[x] & 0xFFFFFF { differing += 1 }
        }
        XCTAssertEqual(differing, 0)
        XCTAssertGreaterThan(pinch.factor, 1.2)
        // After the lift the page is laid out again and drawn sharp: not the scaled frame.
        try play(pinchScript(at: 0.5, from: 300, to: 500), on: player, until: 1.2)
        XCTAssertNil(assembly.scene.textZoom.pinch)
        XCTAssertGreaterThan(assembly.content.textZoom, 1.4)
    }
}
