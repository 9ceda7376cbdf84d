import XCTest
import KioskHeadless
import Raster
import Touch
@testable import Kiosk

/// Speech mode in the running scene, headless: touches fed to the loop as a visitor's
/// fingers would make them, what was said recorded by a fake output, the focus ring
/// read back from the screen.
final class SpeechSceneTests: LinkTestCase {
    func makeSpeaking(_ config: KioskConfig? = nil) throws -> (KioskAssembly, HeadlessPlayer, RecordingSpeech) {
        let output = RecordingSpeech()
        let assembly = try KioskAssembly(config: try config ?? linkConfig(), width: width, height: height, speech: output)
        let player = try assembly.player()
        player.render(at: 0)
        return (assembly, player, output)
    }

    /// Two fingers held still for 2 s from `time` (the speech-mode toggle).
    func twoFingerHold(_ player: HeadlessPlayer, at time: Double) {
        player.feed([.down(slot: 0, x: 300, y: 300, time: time), .down(slot: 1, x: 400, y: 300, time: time + 0.02),
                     .up(slot: 0, time: time + 2), .up(slot: 1, time: time + 2.02)])
        player.step(to: time + 2.1)
    }

    func tap(_ player: HeadlessPlayer, x: Double, y: Double, at time: Double) {
        player.feed([.down(slot: 0, x: x, y: y, time: time), .up(slot: 0, time: time + 0.08)])
        player.step(to: time + 0.1)
    }

    func testTwoFingerHoldTurnsSpeechOnAndOff() throws {
        let (assembly, player, output) = try makeSpeaking()
        let scene = assembly.scene
        XCTAssertEqual(scene.speech?.isOn, false)
        twoFingerHold(player, at: 0.5)
        XCTAssertEqual(scene.speech?.isOn, true)
        XCTAssertTrue(output.lastText.hasPrefix("Speech on."), output.lastText)
        XCTAssertEqual(scene.vertical.offset(at: 2.6), 0, "the hold moved nothing")
        XCTAssertFalse(scene.menu.isPresented)
        twoFingerHold(player, at: 3)
        XCTAssertEqual(scene.speech?.isOn, false)
        XCTAssertEqual(output.lastText, "Speech off.")
    }

    func testSpeechCannotStartWhenDisabled() throws {
        var config = try linkConfig()
        config.speech.enabled = false
        let (assembly, player, output) = try makeSpeaking(config)
        XCTAssertNil(assembly.scene.speech)
        twoFingerHold(player, at: 0.5)
        XCTAssertTrue(output.said.isEmpty)
    }

    func testAFingerOverTheHeadingFocusesItSaysItAndDrawsTheRing() throws {
        let (assembly, player, output) = try makeSpeaking()
        let scene = assembly.scene
        twoFingerHold(player, at: 0.5)
        let heading = try XCTUnwrap(assembly.content.speechPage(0, width: scene.textWidth).blocks.first)
        XCTAssertEqual(heading.role, .heading(level: 1))
        let origin = scene.pageOrigin(at: 3)
        let y = Double(origin.y + heading.rect.y + heading.rect.height / 2)
        player.feed([.down(slot: 0, x: 200, y: y, time: 3), .move(slot: 0, x: 260, y: y, time: 3.2)])
        player.step(to: 3.3)
        XCTAssertEqual(output.lastText, "heading level 1, Alpha")
        XCTAssertEqual(output.said.filter { $0.first?.text == "heading level 1, Alpha" }.count, 1, "said once while the finger stays on it")
        XCTAssertEqual(scene.speech?.focusedBlock, 0)
        // The ring: accent down its left side, which lies outside the text.
        let box = assembly.renderer.focusBox(pullX: 0, scrollY: 0)
        XCTAssertFalse(box.isEmpty)
        let theme = assembly.config.theme
        assertColor(player.canvas, box.x + 1, box.y + box.height / 2, theme.accent, tolerance: 2)
        assertColor(player.canvas, box.x + Int(3 * scene.scale) + 1, box.y + box.height / 2, theme.background, tolerance: 2)
        player.feed([.up(slot: 0, time: 3.4)])
        player.step(to: 3.5)
        // Speech off: the ring goes, and its pixels with it.
        twoFingerHold(player, at: 4)
        assertColor(player.canvas, box.x + 1, box.y + box.height / 2, theme.background, tolerance: 2)
    }

    func testDoubleTapOnTheFocusedLinkNavigatesAndSaysTheTitle() throws {
        let (assembly, player, output) = try makeSpeaking()
        let scene = assembly.scene
        twoFingerHold(player, at: 0.5)
        let link = try center(of: "b.md", in: assembly)
        tap(player, x: Double(link.x), y: Double(link.y), at: 3)
        XCTAssertEqual(output.lastText, "link, the beta page")
        XCTAssertEqual(scene.currentPage, 0, "one tap only focuses")
        tap(player, x: Double(link.x), y: Double(link.y), at: 3.25)
        XCTAssertEqual(scene.currentPage, 1)
        XCTAssertEqual(output.lastText, "Beta", "the new page's title")
        XCTAssertNil(scene.speech?.focusedBlock, "focus cleared on the new page")
    }

    func testDoubleTapOnAWebLinkOpensTheCardAndReadsIt() throws {
        let (assembly, player, output) = try makeSpeaking()
        twoFingerHold(player, at: 0.5)
        let link = try center(of: Self.webAddress, in: assembly)
        tap(player, x: Double(link.x), y: Double(link.y), at: 3)
        tap(player, x: Double(link.x), y: Double(link.y), at: 3.25)
        XCTAssertTrue(assembly.scene.links.card.isPresented)
        XCTAssertEqual(output.lastText, "QR code for the web, address \(Self.webAddress). Double tap to close.")
    }

    func testTwoFingerSwipeScrollsAScreenAndSaysWhere() throws {
        let (assembly, player, output) = try makeSpeaking()
        let scene = assembly.scene
        twoFingerHold(player, at: 0.5)
        var events: [TouchEvent] = [.down(slot: 0, x: 300, y: 450, time: 3), .down(slot: 1, x: 400, y: 450, time: 3)]
        for step in 1...5 {
            let t = 3 + Double(step) * 0.04, y = 450 - Double(step) * 50
            events += [.move(slot: 0, x: 300, y: y, time: t), .move(slot: 1, x: 400, y: y, time: t)]
        }
        events += [.up(slot: 0, time: 3.25), .up(slot: 1, time: 3.26)]
        player.feed(events)
        player.step(to: 6)
        let pages = Int((scene.pageLength(of: 0) / Double(height)).rounded(.up))
        XCTAssertGreaterThan(pages, 2)
        XCTAssertEqual(output.lastText, "page 2 of \(pages)")
        XCTAssertEqual(scene.vertical.offset(at: 6), Double(height), accuracy: 0.5, "a screen down")
        XCTAssertFalse(scene.menu.isPresented)
    }

    func testTheMenuIsSpokenItemByItemAndADoubleTapOpensTheItem() throws {
        let (assembly, player, output) = try makeSpeaking()
        let scene = assembly.scene
        twoFingerHold(player, at: 0.5)
        player.feed([.down(slot: 0, x: 300, y: 300, time: 3), .down(slot: 1, x: 400, y: 300, time: 3.01),
                     .up(slot: 0, time: 3.1), .up(slot: 1, time: 3.11)])
        player.step(to: 3.2)
        XCTAssertTrue(scene.menu.isPresented, "a two-finger tap opens the menu")
        XCTAssertEqual(output.lastText, "Alpha, item 1 of 2")
        let beta = scene.ring.center(of: 1)
        tap(player, x: beta.x, y: beta.y, at: 4)
        XCTAssertEqual(output.lastText, "Beta, item 2 of 2")
        tap(player, x: beta.x, y: beta.y, at: 4.25)
        XCTAssertFalse(scene.menu.isPresented)
        XCTAssertEqual(scene.currentPage, 1)
        XCTAssertEqual(output.lastText, "Beta")
    }

    func testIdleResetWaitsLongerWarnsAndEndsSpeechMode() throws {
        var config = try linkConfig()
        config.idle.homeAfter = 30
        config.idle.blankAfter = 0
        let (assembly, player, output) = try makeSpeaking(config)
        let scene = assembly.scene
        twoFingerHold(player, at: 0.5)
        let link = try center(of: "b.md", in: assembly)
        tap(player, x: Double(link.x), y: Double(link.y), at: 3)
        tap(player, x: Double(link.x), y: Double(link.y), at: 3.25)
        XCTAssertEqual(scene.currentPage, 1)
        let lastTouch = 3.25 + 0.08
        player.step(to: lastTouch + 31)
        XCTAssertEqual(scene.currentPage, 1, "30 s is not enough in speech mode")
        player.step(to: lastTouch + 90 - 20 + 0.5)
        XCTAssertTrue(output.lastText.hasPrefix("No one has touched the screen for a while. The kiosk starts again in 20 seconds"), output.lastText)
        player.step(to: lastTouch + 91)
        XCTAssertEqual(scene.currentPage, 0)
        XCTAssertEqual(scene.speech?.isOn, false, "speech mode ends with the visitor")
    }

    func testSightedGesturesAreUnchangedWhileSpeechModeIsOff() throws {
        let script = "0.0 hold-drag 0 400 400 400 250 0.3 0.2\n0.6 drag 0 400 450 400 300 0.1\n3.0 wait"
        let (plain, plainPlayer) = try makePlayer(try linkConfig())
        let (speaking, speakingPlayer, output) = try makeSpeaking()
        try play(script, on: plainPlayer)
        try play(script, on: speakingPlayer)
        for t in [0.4, 0.8, 1.2, 3.0] {
            XCTAssertEqual(speaking.scene.vertical.offset(at: t), plain.scene.vertical.offset(at: t), "at \(t) s")
        }
        XCTAssertGreaterThan(plain.scene.vertical.offset(at: 3), 150, "the pull and the fling scrolled")
        XCTAssertTrue(output.said.isEmpty, "nothing is said while speech mode is off")
        // A tap on a link still follows it at once.
        let link = try center(of: "b.md", in: speaking, at: 3)
        tap(speakingPlayer, x: Double(link.x), y: Double(link.y), at: 3.5)
        XCTAssertEqual(speaking.scene.currentPage, 1)
    }

    /// The ring moving from block to block and scrolling with the page: every frame the
    /// compositor presents equals the same moment drawn from scratch.
    func testEveryFrameWithTheRingEqualsAFreshDrawing() throws {
        let (assembly, player, _) = try makeSpeaking()
        let fresh = try Bitmap(width: width, height: height)
        var frames = 0, differing = 0
        player.onFrame = { [width, height] t, canvas in
            frames += 1
            SceneRenderer(scene: assembly.scene).renderWhole(into: fresh.canvas, at: t)
            for y in 0..<height {
                let a = fresh.canvas.row(y), b = canvas.row(y)
                for x in 0..<width where a[x] & 0xFFFFFF != b[x] & 0xFFFFFF { differing += 1 }
            }
        }
        twoFingerHold(player, at: 0.5)
        var events: [TouchEvent] = [.down(slot: 0, x: 200, y: 60, time: 3)]
        for step in 1...30 { events.append(.move(slot: 0, x: 200, y: 60 + Double(step) * 15, time: 3 + Double(step) * 0.03)) }
        events.append(.up(slot: 0, time: 4))
        // With the last block focused, two fingers swipe up: the ring scrolls with the page.
        events += [.down(slot: 0, x: 300, y: 450, time: 4.5), .down(slot: 1, x: 400, y: 450, time: 4.5)]
        for step in 1...5 {
            let t = 4.5 + Double(step) * 0.04, y = 450 - Double(step) * 50
            events += [.move(slot: 0, x: 300, y: y, time: t), .move(slot: 1, x: 400, y: y, time: t)]
        }
        events += [.up(slot: 0, time: 4.75), .up(slot: 1, time: 4.76)]
        player.feed(events)
        player.step(to: 7)
        XCTAssertNotNil(assembly.scene.speech?.focusedBlock)
        XCTAssertGreaterThan(assembly.scene.vertical.offset(at: 7), 0)
        XCTAssertGreaterThan(frames, 10)
        XCTAssertEqual(differing, 0, "pixels differing from fresh drawings over \(frames) frames")
    }
}
