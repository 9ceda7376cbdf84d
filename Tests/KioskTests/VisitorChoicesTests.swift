import Foundation
import KioskHeadless
import Raster
import XCTest
@testable import Kiosk

/// The visitor's switches in the menu (high contrast, the larger-text step): tapped as a
/// visitor would, through the real loop and compositor; kept by the runtime through a
/// reload (SIGHUP); reset at idle; spoken in speech mode.
final class VisitorChoicesTests: XCTestCase {
    let width = 640, height = 480

    func makePlayer(speech: RecordingSpeech? = nil) throws -> (KioskRuntime, HeadlessPlayer, String) {
        let dir = NSTemporaryDirectory() + "lectern-visitor-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/lectern.toml"
        try Data("""
            [[page]]
            title = "One"
            content = "one.md"

            [[page]]
            title = "Two"
            content = "one.md"

            [idle]
            home_after = 60
            blank_after = 0
            """.utf8).write(to: URL(fileURLWithPath: path))
        let text = String(repeating: "The museum is open every day from ten until six, and on Thursdays until nine. ", count: 30)
        try Data("# One\n\n\(text)\n".utf8).write(to: URL(fileURLWithPath: dir + "/one.md"))
        let player = try HeadlessPlayer(config: try ConfigLoader.load(path: path), configPath: path, width: width, height: height)
        player.runtime.speechOutput = speech
        player.step(to: 0.1)
        return (player.runtime, player, path)
    }

    func tap(_ player: HeadlessPlayer, x: Double, y: Double, at time: Double) {
        player.feed([.down(slot: 0, x: x, y: y, time: time), .up(slot: 0, time: time + 0.08)])
        player.step(to: time + 0.1)
    }

    func openMenu(_ player: HeadlessPlayer, at time: Double) {
        player.feed([.down(slot: 0, x: 200, y: 200, time: time), .down(slot: 1, x: 300, y: 200, time: time),
                     .down(slot: 2, x: 400, y: 200, time: time), .up(slot: 0, time: time + 0.05),
                     .up(slot: 1, time: time + 0.05), .up(slot: 2, time: time + 0.05)])
        player.step(to: time + 0.5)
    }

    /// The screen equals the current kiosk drawn from scratch: the compositor kept no
    /// pixel of the kiosk it replaced.
    func assertScreenIsFresh(_ player: HeadlessPlayer, at time: Double, file: StaticString = #filePath, line: UInt = #line) throws {
        let fresh = try Bitmap(width: width, height: height)
        SceneRenderer(scene: player.scene).renderWhole(into: fresh.canvas, at: time)
        var differing = 0
        for y in 0..<height {
            let a = fresh.canvas.row(y), b = player.canvas.row(y)
            for x in 0..<width where a[x] & 0xFFFFFF != b[x] & 0xFFFFFF { differing += 1 }
        }
        XCTAssertEqual(differing, 0, "pixels differing from a fresh drawing", file: file, line: line)
    }

    func testHighContrastFromTheMenuStaysThroughAReloadUntilIdle() throws {
        let (runtime, player, _) = try makePlayer()
        let config = runtime.config
        XCTAssertNotEqual(config.theme.background, config.highContrastTheme.background)
        assertColor(player.canvas, 2, 2, config.theme.background)
        openMenu(player, at: 1)
        XCTAssertTrue(player.scene.menu.isPresented)
        let contrast = player.scene.menuSwitches.center(of: .contrast)
        tap(player, x: contrast.x, y: contrast.y, at: 2)
        XCTAssertEqual(runtime.visitor.theme, .highContrast)
        XCTAssertTrue(player.scene.menu.isPresented, "the menu stays, so the visitor sees the change")
        XCTAssertEqual(player.assembly.config.theme, config.highContrastTheme)
        XCTAssertEqual(runtime.config.theme, config.theme, "the file's configuration is not changed")
        // The switch shows it is on: the accent, mixed into the overlay.
        player.step(to: 3)
        try assertScreenIsFresh(player, at: 3)
        tap(player, x: 20, y: 20, at: 3)  // closes the menu
        player.step(to: 4)
        XCTAssertFalse(player.scene.menu.isPresented)
        assertColor(player.canvas, 2, 2, config.highContrastTheme.background)
        try assertScreenIsFresh(player, at: 4)

        XCTAssertEqual(runtime.reload(at: 5), .applied(changes: [], displayChanged: false))
        player.loop.requestFullRedraw()
        player.step(to: 5.5)
        XCTAssertEqual(runtime.visitor.theme, .highContrast, "a reload keeps the visitor's choice")
        assertColor(player.canvas, 2, 2, config.highContrastTheme.background)

        player.step(to: 4 + 61)  // idle: home_after = 60
        XCTAssertEqual(runtime.visitor, VisitorChoices(), "the idle reset clears it")
        player.step(to: 66)
        assertColor(player.canvas, 2, 2, config.theme.background)
        try assertScreenIsFresh(player, at: 66)
    }

    func testTheTextStepCyclesAndStaysThroughAReload() throws {
        let (runtime, player, _) = try makePlayer()
        let base = player.assembly.bodySize
        let pageLength = player.scene.pageLength(of: 0)
        openMenu(player, at: 1)
        let size = player.scene.menuSwitches.center(of: .textSize)
        tap(player, x: size.x, y: size.y, at: 2)
        XCTAssertEqual(runtime.visitor.textStep, .larger)
        XCTAssertEqual(player.assembly.bodySize, (base * 1.3).rounded())
        XCTAssertGreaterThan(player.scene.pageLength(of: 0), pageLength * 1.2, "the page is laid out larger")
        player.step(to: 3)
        try assertScreenIsFresh(player, at: 3)
        tap(player, x: size.x, y: size.y, at: 3)
        XCTAssertEqual(player.assembly.bodySize, (base * 1.6).rounded())
        XCTAssertEqual(runtime.reload(at: 4), .applied(changes: [], displayChanged: false))
        XCTAssertEqual(player.assembly.bodySize, (base * 1.6).rounded(), "a reload keeps the step")
        tap(player, x: size.x, y: size.y, at: 5)
        XCTAssertEqual(runtime.visitor.textStep, .normal, "the third tap goes back to the configured size")
        XCTAssertEqual(player.assembly.bodySize, base)
        tap(player, x: size.x, y: size.y, at: 6)
        player.step(to: 6.2 + 61)
        XCTAssertEqual(player.assembly.bodySize, base, "the idle reset goes back to the configured size")
    }

    func testASwitchKeepsThePageAndItsPlace() throws {
        let (_, player, _) = try makePlayer()
        tap(player, x: 20, y: 20, at: 0.5)
        openMenu(player, at: 1)
        let two = player.scene.ring.center(of: 1)
        tap(player, x: two.x, y: two.y, at: 2)
        XCTAssertEqual(player.scene.currentPage, 1)
        player.feed([.down(slot: 0, x: 300, y: 400, time: 3), .move(slot: 0, x: 300, y: 300, time: 3.1),
                     .move(slot: 0, x: 300, y: 200, time: 3.2), .up(slot: 0, time: 3.6)])
        player.step(to: 6)
        let offset = player.scene.vertical.offset(at: 6)
        XCTAssertGreaterThan(offset, 100)
        openMenu(player, at: 6)
        let contrast = player.scene.menuSwitches.center(of: .contrast)
        tap(player, x: contrast.x, y: contrast.y, at: 7)
        XCTAssertEqual(player.scene.currentPage, 1, "the same page")
        XCTAssertEqual(player.scene.vertical.offset(at: 7.2), offset, accuracy: 1, "at the same place")
    }

    func testSpeechModeSaysTheSwitchAndADoubleTapChangesIt() throws {
        let speech = RecordingSpeech()
        let (runtime, player, _) = try makePlayer(speech: speech)
        // Two fingers held still: speech mode on.
        player.feed([.down(slot: 0, x: 200, y: 300, time: 1), .down(slot: 1, x: 300, y: 300, time: 1.02),
                     .up(slot: 0, time: 3), .up(slot: 1, time: 3.02)])
        player.step(to: 3.1)
        XCTAssertEqual(player.scene.speech?.isOn, true)
        // A two-finger tap: the menu.
        player.feed([.down(slot: 0, x: 200, y: 300, time: 4), .down(slot: 1, x: 300, y: 300, time: 4.01),
                     .up(slot: 0, time: 4.1), .up(slot: 1, time: 4.11)])
        player.step(to: 4.3)
        XCTAssertTrue(player.scene.menu.isPresented)
        let contrast = player.scene.menuSwitches.center(of: .contrast)
        tap(player, x: contrast.x, y: contrast.y, at: 5)
        XCTAssertEqual(speech.lastText, "High contrast off. Double tap to change it.")
        XCTAssertEqual(runtime.visitor.theme, .standard, "exploring changes nothing")
        tap(player, x: contrast.x, y: contrast.y, at: 5.25)
        XCTAssertEqual(runtime.visitor.theme, .highContrast)
        XCTAssertEqual(speech.lastText, "High contrast on.")
        XCTAssertEqual(player.scene.speech?.isOn, true, "speech mode carried into the new kiosk")
        XCTAssertTrue(player.scene.menu.isPresented)
        let size = player.scene.menuSwitches.center(of: .textSize)
        tap(player, x: size.x, y: size.y, at: 6)
        XCTAssertEqual(speech.lastText, "Text size 1 of 3. Double tap to change it.")
        tap(player, x: size.x, y: size.y, at: 6.25)
        XCTAssertEqual(speech.lastText, "Text size 2 of 3.")
        XCTAssertEqual(runtime.visitor.textStep, .larger)
    }

    /// The search switch's magnifier is drawn, not a character: U+2315 is in few fonts (not
    /// DejaVu Sans), and a kiosk without one showed an empty box and made fontconfig log
    /// "No writable cache directories" on a read-only system.
    func testTheSearchSwitchDrawsItsMagnifierWithoutAFont() throws {
        let (_, player, _) = try makePlayer()
        openMenu(player, at: 0.5)
        let scene = player.scene
        XCTAssertTrue(scene.menuSwitches.items.contains(.search))
        XCTAssertNil(MenuLayer.switchGlyph(.search))
        let c = scene.menuSwitches.center(of: .search)
        let shape = MenuLayer.MagnifierShape(centerX: c.x, centerY: c.y, size: MenuLayer.switchGlyphSize(scene))
        func brightness(_ x: Double, _ y: Double) throws -> Int {
            let color = try XCTUnwrap(player.canvas.color(x: Int(x), y: Int(y)))
            return (Int(color.red) + Int(color.green) + Int(color.blue)) / 3
        }
        let rim = [try brightness(shape.lensX - shape.lensRadius, shape.lensY), try brightness(shape.lensX, shape.lensY - shape.lensRadius),
                   try brightness(shape.lensX + shape.lensRadius, shape.lensY)]
        let start = shape.lensRadius / 2.0.squareRoot() + 0.3 * shape.stroke
        let handle = try brightness((shape.lensX + start + shape.handleEnd.x) / 2, (shape.lensY + start + shape.handleEnd.y) / 2)
        let glass = try brightness(shape.lensX, shape.lensY)
        let outside = try brightness(shape.lensX - shape.lensRadius, shape.handleEnd.y)
        for value in rim + [handle] { XCTAssertGreaterThan(value, glass + 100, "the lens's rim and the handle are white over the switch") }
        XCTAssertEqual(glass, outside, accuracy: 2, "the lens is see-through: the switch's own fill inside it")
    }

    func testTheSwitchesAreThereOnlyWhenTheRingLeavesRoom() {
        XCTAssertTrue(MenuSwitchLayout(width: 800, height: 480, scale: 1).isShown, "a 7-inch 800x480 panel")
        XCTAssertTrue(MenuSwitchLayout(width: 1920, height: 1080, scale: 2).isShown)
        let tiny = MenuSwitchLayout(width: 320, height: 240, scale: 1)
        XCTAssertFalse(tiny.isShown, "the ring's items would cover them")
        XCTAssertNil(tiny.item(atX: 160 - 40, y: 120))
        let shown = MenuSwitchLayout(width: 800, height: 480, scale: 1)
        XCTAssertEqual(shown.items, [.contrast, .textSize, .search])
        for item in shown.items {
            let c = shown.center(of: item)
            let dx = c.x - 400, dy = c.y - 240, d = (dx * dx + dy * dy).squareRoot()
            XCTAssertEqual(shown.item(atX: c.x, y: c.y), item)
            XCTAssertEqual(shown.item(atX: c.x + dx / d * (28 + 9), y: c.y + dy / d * (28 + 9)), item, "9 px beyond its edge")
        }
        XCTAssertNil(shown.item(atX: 400, y: 240), "the very centre closes the menu, as before")
        // Where they are shown, no switch's hit area reaches a ring item's.
        for (w, h) in [(800.0, 480.0), (1280.0, 800.0), (480.0, 800.0)] {
            let switches = MenuSwitchLayout(width: w, height: h, scale: 1)
            for count in 1...8 {
                let ring = RingLayout(width: w, height: h, count: count, scale: 1)
                for i in 0..<count {
                    let c = ring.center(of: i)
                    XCTAssertNil(switches.item(atX: c.x, y: c.y))
                    for item in switches.items {
                        let s = switches.center(of: item)
                        XCTAssertNil(ring.item(atX: s.x, y: s.y), "\(w)x\(h), \(count) items")
                    }
                }
            }
        }
    }
}
