import Display
import Foundation
import KioskDevice
import Logging
import LoopCore
import PlatformEmbedded
import Raster
import Geometry
import Touch
import XCTest
@testable import Kiosk

/// A reload asks the real display (`KMSDisplay` over memory buffers) for a rotation and a
/// mode the panel does not offer: the modeset fails, and display and touch must still
/// agree: the display keeps the geometry it had, its canvas is that geometry's size, and
/// the kiosk's delegate makes touch input for it, not for the rotation asked for.
final class FailedReconfigureTests: XCTestCase {
    private var dir = ""
    private var path: String { dir + "/lectern.toml" }
    private let pages = "[[page]]\ntitle = \"Long\"\ncontent = \"long.md\"\n"

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "lectern-reconfigure-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let long = (1...200).map { "Paragraph \($0), long enough to wrap on a small screen at least once." }.joined(separator: "\n\n")
        try Data(long.utf8).write(to: URL(fileURLWithPath: dir + "/long.md"))
        try Data(pages.utf8).write(to: URL(fileURLWithPath: path))
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    func testAFailedReconfigureKeepsDisplayAndTouchOnOneGeometry() throws {
        let clock = ManualClock(0)
        let system = EmbeddedSystemCalls(clock: clock, horizon: 6)
        let device = MemoryKMSDevice(width: 320, height: 240, driverName: "bochs-drm", system: system)
        let display = KMSDisplay(device: device, log: Logger(sink: { _ in }))
        display.tuning.atomic = false
        XCTAssertTrue(try display.start())
        let runtime = KioskRuntime(config: try ConfigLoader.load(path: path), configPath: path, log: Logger(sink: { _ in }))
        let loop = try DeviceLoop(system: system, clock: clock, sink: display, scene: runtime, signals: [1, 15])
        // A fast drag down the panel's native y axis, after the reload: on the panel as
        // it stays (unrotated) that is the page's axis, so it must scroll the page.
        var events: [TouchEvent] = [.down(slot: 0, x: 160, y: 220, time: 3.0)]
        for i in 1...10 { events.append(.move(slot: 0, x: 160, y: 220 - Double(i) * 15, time: 3.0 + Double(i) * 0.01)) }
        events.append(.up(slot: 0, time: 3.12))
        let maker = ScriptedInputMaker(ScriptedInput(events, system: system), nativeCoordinates: true)
        loop.delegate = KioskLoopDelegate(runtime: runtime, touch: maker)
        loop.attachInput()
        system.sendSignal(1, at: 1)
        try Data(("[display]\nrotation = 90\nmode = \"1234x567\"\n" + pages).utf8).write(to: URL(fileURLWithPath: path))
        do { try loop.run() } catch is EmbeddedRunFinished {}

        XCTAssertEqual(runtime.config.display.rotation, .r90, "the reload itself was applied")
        let geometry = try XCTUnwrap(display.geometry)
        XCTAssertEqual(geometry, DisplayGeometry(nativeWidth: 320, nativeHeight: 240, rotation: .r0),
                       "the display kept the geometry it had, not the one asked for")
        XCTAssertEqual(maker.made.geometries.count, 2, "input made at start and again after the failed reconfigure")
        XCTAssertEqual(maker.made.geometries.last, geometry, "touch input made for the display's geometry")
        let canvas = try XCTUnwrap(display.canvas)
        XCTAssertEqual([canvas.width, canvas.height], [geometry.logicalWidth, geometry.logicalHeight])
        let scene = try XCTUnwrap(runtime.scene)
        XCTAssertEqual([scene.width, scene.height], [320, 240], "the kiosk laid out for the screen it has")
        XCTAssertGreaterThan(scene.vertical.offset(at: 6), 50, "the drag along the panel's own axis scrolled the page")
    }

    /// The display, not the last configuration, says whether a reload changes it: after a
    /// reconfigure that failed (a mode the panel does not offer), the same file reloaded
    /// once the panel offers the mode is applied, display and touch alike. Comparing the
    /// file with the one before would see nothing new and never ask again.
    func testTheSameFileRetriesARotationAFailedReconfigureLeftUnapplied() throws {
        let clock = ManualClock(0)
        let system = EmbeddedSystemCalls(clock: clock, horizon: 1.5)
        let device = MemoryKMSDevice(width: 320, height: 240, driverName: "bochs-drm", system: system)
        let display = KMSDisplay(device: device, log: Logger(sink: { _ in }))
        XCTAssertTrue(try display.start())
        let runtime = KioskRuntime(config: try ConfigLoader.load(path: path), configPath: path, log: Logger(sink: { _ in }))
        let loop = try DeviceLoop(system: system, clock: clock, sink: display, scene: runtime, signals: [1, 15])
        let maker = ScriptedInputMaker(ScriptedInput([], system: system), nativeCoordinates: true)
        loop.delegate = KioskLoopDelegate(runtime: runtime, touch: maker)
        loop.attachInput()
        try Data(("[display]\nrotation = 90\nmode = \"400x300\"\n" + pages).utf8).write(to: URL(fileURLWithPath: path))
        system.sendSignal(1, at: 1)
        do { try loop.run() } catch is EmbeddedRunFinished {}
        XCTAssertEqual(display.geometry, DisplayGeometry(nativeWidth: 320, nativeHeight: 240, rotation: .r0), "400x300 is not offered")

        // The panel now offers the mode (another monitor on the connector); the file is
        // the same and SIGHUP reloads it.
        device.connectorList[0].modes.append(DisplayMode(width: 400, height: 300))
        system.horizon = 3
        system.sendSignal(1, at: 2)
        do { try loop.run() } catch is EmbeddedRunFinished {}

        let geometry = try XCTUnwrap(display.geometry)
        XCTAssertEqual(geometry, DisplayGeometry(nativeWidth: 400, nativeHeight: 300, rotation: .r90),
                       "the rotation and mode the file asks for, applied by the second reload of it")
        XCTAssertEqual(maker.made.geometries.last, geometry, "touch input made for the display's new geometry")
        let scene = try XCTUnwrap(runtime.scene)
        XCTAssertEqual([scene.width, scene.height], [300, 400], "the kiosk laid out for the rotated screen")
    }

    /// A reload that asks for what the display has already makes no modeset and keeps
    /// the touch input it has.
    func testAReloadAskingForTheDisplayItHasChangesNothingOnIt() throws {
        let clock = ManualClock(0)
        let system = EmbeddedSystemCalls(clock: clock, horizon: 2)
        let device = MemoryKMSDevice(width: 320, height: 240, driverName: "bochs-drm", system: system)
        let display = KMSDisplay(device: device, log: Logger(sink: { _ in }))
        XCTAssertTrue(try display.start())
        let runtime = KioskRuntime(config: try ConfigLoader.load(path: path), configPath: path, log: Logger(sink: { _ in }))
        let loop = try DeviceLoop(system: system, clock: clock, sink: display, scene: runtime, signals: [1, 15])
        let maker = ScriptedInputMaker(ScriptedInput([], system: system), nativeCoordinates: true)
        loop.delegate = KioskLoopDelegate(runtime: runtime, touch: maker)
        loop.attachInput()
        let buffers = display.buffers.map(\.handle)
        try Data(("[theme]\naccent = \"#ff0000\"\n" + pages).utf8).write(to: URL(fileURLWithPath: path))
        system.sendSignal(1, at: 1)
        do { try loop.run() } catch is EmbeddedRunFinished {}
        XCTAssertEqual(runtime.config.theme.accent, Color(hex: "#ff0000"), "the reload was applied")
        XCTAssertEqual(display.buffers.map(\.handle), buffers, "no new buffers: no modeset")
        XCTAssertEqual(maker.made.geometries.count, 1, "the touch input made at start is kept")
    }
}
