import Foundation
import KioskDevice
import LecternLog
import Logging
import LoopCore
import PlatformEmbedded
import Raster
import Geometry
import Touch
import XCTest
@testable import Kiosk

/// The real `KioskRuntime` driven by the real `DeviceLoop`, with the embedded clock,
/// touches and sink: what runs on the device, minus the device.
final class RuntimeUnderLoopTests: XCTestCase {
    private var dir = ""
    private var path: String { dir + "/lectern.toml" }
    private let pages = "[[page]]\ntitle = \"Long\"\ncontent = \"long.md\"\n[[page]]\ntitle = \"Short\"\ncontent = \"short.md\"\n"

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "lectern-loop-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let long = (1...200).map { "Paragraph \($0), long enough to wrap on a small screen at least once." }.joined(separator: "\n\n")
        try Data(long.utf8).write(to: URL(fileURLWithPath: dir + "/long.md"))
        try Data("# Short\n".utf8).write(to: URL(fileURLWithPath: dir + "/short.md"))
        try Data(pages.utf8).write(to: URL(fileURLWithPath: path))
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    private struct Rig {
        let clock: ManualClock, system: EmbeddedSystemCalls, sink: MemoryFrameSink, runtime: KioskRuntime, loop: DeviceLoop
        let input: ScriptedInput
        func run() throws { do { try loop.run() } catch is EmbeddedRunFinished {} }
    }

    /// A runtime under the loop until `horizon`, touches from `events` (in the panel's
    /// native coordinates), SIGHUP reloading as on the device.
    private func rig(horizon: Double, events: [TouchEvent] = []) throws -> Rig {
        let clock = ManualClock(0)
        let system = EmbeddedSystemCalls(clock: clock, horizon: horizon)
        let sink = try MemoryFrameSink(width: 320, height: 240)
        let runtime = KioskRuntime(config: try ConfigLoader.load(path: path), configPath: path, log: Logger(sink: { _ in }))
        let loop = try DeviceLoop(system: system, clock: clock, sink: sink, scene: runtime, signals: [1, 15])
        let input = ScriptedInput(events, system: system)
        // The kiosk's own delegate, as `lectern run` wires it: SIGHUP reloads, touches
        // are given in the panel's native coordinates and follow its rotation.
        loop.delegate = KioskLoopDelegate(runtime: runtime, touch: ScriptedInputMaker(input, nativeCoordinates: true))
        loop.attachInput()
        return Rig(clock: clock, system: system, sink: sink, runtime: runtime, loop: loop, input: input)
    }

    /// A fast upward drag released at 1.0 s: a fling that runs for seconds.
    private var fling: [TouchEvent] {
        var events: [TouchEvent] = [.down(slot: 0, x: 160, y: 200, time: 0.9)]
        for i in 1...10 {
            let step = Double(i)
            events.append(.move(slot: 0, x: 160, y: 200 - step * 15, time: 0.9 + step * 0.01))
        }
        events.append(.up(slot: 0, time: 1.0))
        return events
    }

    func testAnIdleLoopMakesNoWakeUps() throws {
        let rig = try self.rig(horizon: 30)
        try rig.run()
        XCTAssertEqual(rig.sink.presents, 1, "the first frame, then nothing")
        XCTAssertEqual(rig.loop.wakeUps, 0)
        // One wait, until the only thing due: blanking after 600 s idle (already home).
        XCTAssertEqual(rig.system.polls, [600_000])
    }

    func testAGoodReloadDuringAFlingKeepsTheScrollPosition() throws {
        let rig = try self.rig(horizon: 10, events: fling)
        rig.system.sendSignal(1, at: 1.3)
        try Data(("[theme]\naccent = \"#0000ff\"\n" + pages).utf8).write(to: URL(fileURLWithPath: path))
        var oldScene: KioskScene?
        rig.sink.onPresent = { _ in if rig.clock.time < 1.3 { oldScene = rig.runtime.scene } }
        try rig.run()
        let old = try XCTUnwrap(oldScene)
        let kept = old.vertical.offset(at: 1.3)
        XCTAssertGreaterThan(kept, 50, "the fling had moved the page")
        XCTAssertFalse(rig.runtime.scene === old, "the reload assembled a new kiosk")
        XCTAssertEqual(rig.runtime.scene!.vertical.offset(at: 10), kept, accuracy: 0.001)
        XCTAssertEqual(rig.runtime.config.theme.accent, Color(red: 0, green: 0, blue: 255))
    }

    func testABadReloadChangesNoPixel() throws {
        let rig = try self.rig(horizon: 10, events: fling)
        rig.system.sendSignal(1, at: 8)
        var before: [UInt32] = []
        var presentsBefore = 0
        rig.sink.onPresent = { _ in
            guard rig.clock.time < 8 else { return }
            let c = rig.sink.frame.canvas
            before = (0..<c.height).flatMap { y in (0..<c.width).map { c.pixel(x: $0, y: y)! } }
            presentsBefore = rig.sink.presents
        }
        // The new file is bad: written before the signal arrives.
        try Data("[theme]\naccent = \"blue\"\n".utf8).write(to: URL(fileURLWithPath: path))
        try rig.run()
        let c = rig.sink.frame.canvas
        let after = (0..<c.height).flatMap { y in (0..<c.width).map { c.pixel(x: $0, y: y)! } }
        XCTAssertFalse(before.isEmpty)
        XCTAssertTrue(after == before, "a rejected reload changed pixels")
        XCTAssertEqual(rig.sink.presents, presentsBefore, "a rejected reload drew a frame")
        XCTAssertEqual(rig.runtime.config.theme.accent, KioskConfig().theme.accent)
    }

    /// A reload that turns the panel a quarter: the canvas the loop draws into is rotated
    /// (240 × 320), the kiosk lays out for it, and a touch at the panel's native
    /// x axis moves along the logical y axis.
    func testARotationChangeAppliesToDrawingAndTouch() throws {
        // A fast drag along the panel's native x axis, which is the logical y axis
        // after a quarter turn: it must scroll the page vertically.
        var events: [TouchEvent] = [.down(slot: 0, x: 20, y: 120, time: 3.0)]
        for i in 1...10 { events.append(.move(slot: 0, x: 20 + Double(i) * 15, y: 120, time: 3.0 + Double(i) * 0.01)) }
        events.append(.up(slot: 0, time: 3.12))
        let rig = try self.rig(horizon: 6, events: events)
        rig.system.sendSignal(1, at: 1)
        try Data(("[display]\nrotation = 90\n" + pages).utf8).write(to: URL(fileURLWithPath: path))
        try rig.run()
        XCTAssertEqual(rig.sink.rotation, .r90)
        XCTAssertEqual(rig.sink.reconfigurations, 1)
        let canvas = rig.sink.frame.canvas
        XCTAssertEqual([canvas.width, canvas.height], [240, 320], "the canvas is the rotated screen")
        let scene = try XCTUnwrap(rig.runtime.scene)
        XCTAssertEqual([scene.width, scene.height], [240, 320], "the kiosk laid out for the rotated screen")
        // The page was drawn for the new size: the background fills the whole rotated canvas.
        XCTAssertEqual(canvas.color(x: 239, y: 319), rig.runtime.config.theme.background)
        // Dragging along native +x is dragging logical -y after a 90° turn (finger up):
        // the page scrolled forward.
        XCTAssertGreaterThan(scene.vertical.offset(at: 6), 50, "the drag along the rotated axis scrolled the page")
    }

    /// A finger resting on the glass past `home_after` (120 s by default) is not idle:
    /// the loop sleeps until the finger lifts instead of polling a deadline already
    /// past (a busy loop before this was fixed), and home comes 120 s after the lift.
    func testAFingerHeldPastTheIdleTimeDoesNotSpin() throws {
        let rig = try self.rig(horizon: 300, events: [.down(slot: 0, x: 100, y: 100, time: 1), .up(slot: 0, time: 150)])
        try rig.run()   // throws EmbeddedLoopSpins if the loop polls without waiting
        XCTAssertLessThan(rig.loop.wakeUps, 20)
        XCTAssertEqual(rig.runtime.scene?.nextDeadline() ?? 0, 600 + 150, accuracy: 1, "next: blanking, 600 s after the lift")
    }
}
