import Foundation
import KioskDevice
import LecternLog
import Logging
import Platform
import PlatformEmbedded
import Raster
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
        let clock: ManualClock, system: EmbeddedSystemCalls, sink: MemorySink, runtime: KioskRuntime, loop: DeviceLoop
        func run() throws { do { try loop.run() } catch is EmbeddedRunFinished {} }
    }

    /// A runtime under the loop until `horizon`, touches from `events`, SIGHUP reloading
    /// as the device session does.
    private func rig(horizon: Double, events: [TouchEvent] = []) throws -> Rig {
        let clock = ManualClock(0)
        let system = EmbeddedSystemCalls(clock: clock, horizon: horizon)
        let sink = try MemorySink(width: 320, height: 240)
        let runtime = KioskRuntime(config: try ConfigLoader.load(path: path), configPath: path, log: Logger(sink: { _ in }))
        let loop = try DeviceLoop(system: system, clock: clock, sink: sink, scene: runtime, signals: [1, 15])
        loop.input = ScriptedInput(events, system: system)
        loop.onSignal = { signal in
            guard signal == 1 else { return }
            if case .redraw = runtime.deviceReload(at: clock.now()) { loop.invalidateScene() }
        }
        return Rig(clock: clock, system: system, sink: sink, runtime: runtime, loop: loop)
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
}
