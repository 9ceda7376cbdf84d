import Foundation
import KioskHeadless
import Logging
import Platform
import Touch
import XCTest
@testable import Kiosk

/// The attract screen (`[idle] attract`): shown at start and when the idle timer goes
/// home; the first touch brings the first page and does nothing else; nothing moves on it.
final class AttractTests: XCTestCase {
    let width = 800, height = 600

    func makePlayer(homeAfter: Double = 5) throws -> (KioskAssembly, HeadlessPlayer) {
        var config = KioskConfig.builtIn
        config.idle.attract = config.pages[2].title
        config.idle.homeAfter = homeAfter
        config.idle.blankAfter = 0
        let assembly = try KioskAssembly(config: config, width: width, height: height)
        return (assembly, try assembly.player())
    }

    func play(_ script: String, on player: HeadlessPlayer) throws {
        let events = try GestureScript.parse(script).events
        var index = 0
        player.play(events, from: &index, until: events.last?.time ?? 0)
    }

    func testTheKioskStartsOnTheAttractPageAndTheFirstTouchOnlyGoesHome() throws {
        let (assembly, player) = try makePlayer()
        player.step(to: 0.5)
        XCTAssertEqual(assembly.scene.currentPage, 2)
        XCTAssertTrue(assembly.scene.idle.attracting)
        // Three fingers would open the menu; on the attract page they only go home.
        try play("1.0 tap 3 400 300\n1.6 wait", on: player)
        XCTAssertEqual(assembly.scene.currentPage, 0)
        XCTAssertFalse(assembly.scene.idle.attracting)
        XCTAssertFalse(assembly.scene.menu.isPresented, "the first touch does nothing else")
        // The next touch acts: the same three fingers open the menu.
        try play("2.0 tap 3 400 300\n2.6 wait", on: player)
        XCTAssertTrue(assembly.scene.menu.isPresented)
    }

    func testADragOnTheAttractPageDoesNotScroll() throws {
        let (assembly, player) = try makePlayer()
        try play("0.5 drag 0 400 500 400 100 0.2\n1.5 wait", on: player)
        XCTAssertEqual(assembly.scene.currentPage, 0)
        XCTAssertEqual(assembly.scene.vertical.offset(at: 1.5), 0, "the swallowed drag moved nothing")
        try play("2.0 drag 0 400 500 400 100 0.2\n3.5 wait", on: player)
        XCTAssertGreaterThan(assembly.scene.vertical.offset(at: 3.5), 100, "the next drag scrolls the first page")
    }

    func testIdleShowsTheAttractPageAndThenNothingRuns() throws {
        let (assembly, player) = try makePlayer()
        let second = assembly.scene.ring.center(of: 1)
        try play("0.5 tap 1 400 300\n1.0 tap 3 400 300\n2.0 tap 1 \(second.x) \(second.y)\n2.5 wait", on: player)
        XCTAssertEqual(assembly.scene.currentPage, 1)
        player.step(to: 9)
        XCTAssertEqual(assembly.scene.currentPage, 2, "home_after (5 s) shows the attract page")
        XCTAssertTrue(assembly.scene.idle.attracting)
        XCTAssertEqual(assembly.scene.vertical.offset(at: 9), 0)
        let frames = player.loop.framesPresented, wakeUps = player.loop.wakeUps
        player.step(to: 3600)
        XCTAssertEqual(player.loop.wakeUps, wakeUps, "an hour on the attract page: no wake-up")
        XCTAssertEqual(player.loop.framesPresented, frames)
        XCTAssertNil(assembly.scene.nextDeadline())
    }

    func testWithoutAnAttractPageIdleGoesToTheFirstPage() throws {
        var config = KioskConfig.builtIn
        config.idle.homeAfter = 5
        let assembly = try KioskAssembly(config: config, width: width, height: height)
        XCTAssertFalse(assembly.scene.idle.attracting)
        XCTAssertEqual(assembly.scene.currentPage, 0)
    }

    /// A reload (SIGHUP or a content update) while the attract page shows: the new kiosk
    /// shows the new attract page, and its first touch still only goes home.
    func testAReloadKeepsTheAttractScreen() throws {
        let dir = NSTemporaryDirectory() + "lectern-attract-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data("# Home\n".utf8).write(to: URL(fileURLWithPath: dir + "/home.md"))
        try Data("# Touch me\n".utf8).write(to: URL(fileURLWithPath: dir + "/touch.md"))
        let toml = { (accent: String) in
            "[theme]\naccent = \"\(accent)\"\n[idle]\nattract = \"Touch me\"\n[[page]]\ntitle = \"Home\"\ncontent = \"home.md\"\n[[page]]\ntitle = \"Touch me\"\ncontent = \"touch.md\"\n"
        }
        let path = dir + "/lectern.toml"
        try Data(toml("#d0342c").utf8).write(to: URL(fileURLWithPath: path))
        let runtime = KioskRuntime(config: try ConfigLoader.load(path: path), configPath: path, log: Logger(sink: { _ in }))
        runtime.resize(width: 320, height: 240, at: 0)
        XCTAssertEqual(runtime.scene?.currentPage, 1)
        XCTAssertEqual(runtime.scene?.idle.attracting, true)
        try Data(toml("#ff0000").utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(runtime.reload(at: 1), .applied(changes: ["theme"], displayChanged: false))
        XCTAssertEqual(runtime.scene?.currentPage, 1)
        XCTAssertEqual(runtime.scene?.idle.attracting, true)
        runtime.handle(.down(slot: 0, x: 160, y: 120, time: 2))
        runtime.handle(.up(slot: 0, time: 2.05))
        XCTAssertEqual(runtime.scene?.currentPage, 0)
        XCTAssertEqual(runtime.scene?.idle.attracting, false)
    }

    func testTheAttractPageMayComeBeforeThePagesAndMustBeOne() throws {
        let good = try ConfigLoader.parse("[idle]\nattract = \"Map\"\n[[page]]\ntitle = \"Home\"\ncontent = \"a.md\"\n[[page]]\ntitle = \"Map\"\ncontent = \"b.md\"",
                                          file: "k.toml", baseDirectory: ".")
        XCTAssertEqual(good.idle.attractIndex(in: good.pages), 1)
        do {
            _ = try ConfigLoader.parse("[idle]\nattract = \"Mop\"\n[[page]]\ntitle = \"Home\"\ncontent = \"a.md\"", file: "k.toml", baseDirectory: ".")
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error.errors.count, 1)
            let first = try XCTUnwrap(error.errors.first)
            XCTAssertEqual(first.line, 2)
            XCTAssertEqual(first.key, "idle.attract")
            XCTAssertTrue(first.description.contains("no [[page]] has the title \"Mop\": write one of \"Home\""), first.description)
        }
    }
}
