import XCTest
import KioskHeadless
import Touch
@testable import Kiosk

/// The scene's interaction modes (Scene/InteractionMode.swift): each derived from the
/// one owner of its fact, each gesture handled by its mode, where the old checks were
/// inconsistent the visitor's expectation kept.
final class InteractionModeTests: LinkTestCase {
    /// Two fingers about (400, 300), from `span0` to `span1` apart over 0.4 s from `start`.
    func pinch(at start: Double, from span0: Double = 160, to span1: Double = 300) -> String {
        """
        \(start) drag 0 \(400 - span0 / 2) 300 \(400 - span1 / 2) 300 0.4
        \(start) drag 1 \(400 + span0 / 2) 300 \(400 + span1 / 2) 300 0.4
        """
    }

    func testModeFollowsTheOwnersOfItsFacts() throws {
        let (assembly, player) = try makePlayer(try linkConfig())
        let scene = assembly.scene
        XCTAssertEqual(scene.mode, .browsing)
        let link = try center(of: Self.webAddress, in: assembly)
        try play("0.5 tap 1 \(link.x) \(link.y)\n1.0 wait", on: player)
        XCTAssertEqual(scene.mode, .card, "LinkCard says the card shows")
        try play("1.5 tap 1 20 20\n2.0 wait", on: player)
        XCTAssertEqual(scene.mode, .browsing, "a tap outside the card closed it")
        scene.carryOver(page: 0, offset: 0, menuPresented: true, at: 2.1)
        XCTAssertEqual(scene.mode, .menu, "MenuFade says the menu shows")
        let run = try ScriptRun(pinch(at: 3), on: player)
        scene.carryOver(page: 0, offset: 0, menuPresented: false, at: 2.2)
        run.play(until: 3.2)
        XCTAssertEqual(scene.mode, .pinching)
        run.play()
        player.step(to: 3.6)
        XCTAssertEqual(scene.mode, .browsing)
    }

    /// The card is modal (LinkCard's contract): a pinch on it used to zoom the page under
    /// it (the pinch checked only the menu), reflowing the text the visitor could not see.
    func testAPinchOnTheLinkCardLeavesTheTextSizeAlone() throws {
        let (assembly, player) = try makePlayer(try linkConfig())
        let scene = assembly.scene
        // The same pinch on the page zooms it: the fingers below are a real pinch.
        try play(pinch(at: 0.5) + "\n1.2 wait", on: player)
        XCTAssertGreaterThan(assembly.content.textZoom, 1.3)
        let (carded, cardPlayer) = try makePlayer(try linkConfig())
        let link = try center(of: Self.webAddress, in: carded)
        let run = try ScriptRun("0.5 tap 1 \(link.x) \(link.y)\n" + pinch(at: 1.2) + "\n2.0 wait", on: cardPlayer)
        run.play(until: 1.4)
        XCTAssertEqual(carded.scene.mode, .card)
        XCTAssertNil(carded.scene.textZoom.pinch, "no pinch begins on the card")
        run.play()
        XCTAssertEqual(carded.content.textZoom, 1)
        XCTAssertTrue(carded.scene.links.card.isPresented, "the card stays until a tap outside it")
        XCTAssertEqual(scene.mode, .browsing)
    }

    /// Speech mode's two-finger hold can complete after the fingers pinched a little (they
    /// may move 20 px and still be "still"). The pinch used to stay in the scene: speech mode
    /// dropped its end, so the page stayed drawn scaled and the mode stuck at pinching.
    func testSpeechTurnedOnDuringAPinchUndoesThePinch() throws {
        let output = RecordingSpeech()
        let assembly = try KioskAssembly(config: try linkConfig(), width: width, height: height, speech: output)
        let player = try assembly.player()
        player.render(at: 0)
        let scene = assembly.scene
        // Each finger moves 15 px outwards (the distance grows by 30 px, past the pinch
        // slop; within the hold's 20 px), then both rest until the hold completes.
        player.feed([.down(slot: 0, x: 300, y: 300, time: 0.5), .down(slot: 1, x: 500, y: 300, time: 0.5)]
                    + (1...5).flatMap { i -> [TouchEvent] in
                        let t = 0.5 + Double(i) * 0.02, d = Double(i) * 3
                        return [.move(slot: 0, x: 300 - d, y: 300, time: t), .move(slot: 1, x: 500 + d, y: 300, time: t)]
                    })
        player.step(to: 0.7)
        XCTAssertEqual(scene.mode, .pinching, "the fingers pinched")
        player.step(to: 2.2)
        XCTAssertEqual(scene.speech?.isOn, true, "the hold completed")
        XCTAssertNil(scene.textZoom.pinch, "the pinch is undone with the rest of the sighted sequence")
        XCTAssertEqual(scene.mode, .speech)
        player.feed([.up(slot: 0, time: 2.5), .up(slot: 1, time: 2.5)])
        player.step(to: 2.6)
        XCTAssertEqual(assembly.content.textZoom, 1)
        XCTAssertEqual(assembly.renderer.frame(at: 2.6).frame.content, .page, "the page is drawn as it is, not scaled")
    }
}
