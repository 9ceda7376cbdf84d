import Foundation
import Glibc
import KioskDevice
import KioskHeadless
import LecternTestSupport
import LoopCore
import Platform
import Raster
import Touch
import XCTest
@testable import Kiosk

/// The one composition root under the headless player: what `lectern run` wires (wake
/// pipes, content watch, metrics file, headphone jack, clock-set watch, speech, status)
/// is wired here from the same code, with the pieces a test passes in.
final class KioskWiringTests: XCTestCase {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../PDFPagesTests/Fixtures/three-pages.pdf").standardizedFileURL.path
    private var dir = ""

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "lectern-wiring-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    /// The renderer's pipe wakes the headless loop as it wakes the device's: the sheet is
    /// collected and drawn without anyone handing the work to the runtime.
    func testAPDFPageShowsItsFirstSheetOnceTheRendererWakesTheLoop() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftocairo"), "poppler-utils is not installed (scripts/install-deps)")
        setenv("LECTERN_PDF_CACHE", TestScratch.directory("lectern-pdf-kiosk"), 0)
        var config = KioskConfig()
        config.pages = [.init(title: "Brochure", source: .file(path: Self.fixture))]
        let player = try HeadlessPlayer(config: config, width: 640, height: 400)
        player.step(to: 0)
        let red = Color(red: 255, green: 0, blue: 0)
        XCTAssertEqual(player.canvas.pixelCount(near: red), 0, "the first frame: the sheets are still loading")
        player.waitForBackgroundWork()
        XCTAssertTrue(player.wiring.backgroundWorkSettled)
        XCTAssertGreaterThan(player.canvas.pixelCount(near: red), 640 * 400 / 5, "the first sheet (red) is on screen")
        XCTAssertLessThan(player.time, 0.5, "a moment later: a refresh per wake-up")
        let settled = player.time
        player.waitForBackgroundWork()
        XCTAssertEqual(player.time, settled, "nothing pending: no wait, the clock unmoved")
    }

    /// Without any background work the wait returns at once and moves nothing.
    func testWaitingWithoutBackgroundWorkIsNoStep() throws {
        let player = try HeadlessPlayer(config: .builtIn, width: 640, height: 400)
        player.step(to: 1)
        let frames = player.redrawCount
        player.waitForBackgroundWork()
        XCTAssertEqual(player.time, 1)
        XCTAssertEqual(player.redrawCount, frames)
    }

    /// Headless frames go by atomic commits where the driver offers them, as on the device.
    func testHeadlessFramesGoByAtomicCommits() throws {
        let player = try HeadlessPlayer(config: .builtIn, width: 640, height: 400)
        player.feed([.down(slot: 0, x: 320, y: 300, time: 0.5), .move(slot: 0, x: 320, y: 200, time: 0.6), .up(slot: 0, time: 0.7)])
        player.step(to: 2)
        XCTAssertEqual(player.display.presentPath, .atomic)
        XCTAssertGreaterThanOrEqual(player.redrawCount, 2, "the first frame's modeset, then commits")
    }

    /// Everything the device wires around the kiosk, wired by the same root headless: the
    /// metrics file written at start and after a reload, the content watch following a
    /// reload, the headphone jack turning speech mode on, the clock-set watch in the loop,
    /// the status line.
    func testTheRootWiresWhatTheEnvironmentOffers() throws {
        let path = dir + "/lectern.toml"
        try Data("# Welcome\n\nThe museum is open daily.\n".utf8).write(to: URL(fileURLWithPath: dir + "/welcome.md"))
        try Data("""
            [[page]]
            title = "Welcome"
            content = "welcome.md"

            [metrics]
            path = "\(dir)/lectern.prom"
            """.utf8).write(to: URL(fileURLWithPath: path))
        let jack = FakeHeadphoneSwitch()
        let clockSet = FakePolledDevice()
        let speech = SilentSpeech()
        var status: [String] = []
        let environment = KioskEnvironment(
            wallClock: FixedWallClock(1_800_000_000), speech: { _, _ in speech }, fileWatch: LinuxFileWatchCalls(),
            writeFileAtomically: { try AtomicFile.write($0, to: $1) }, headphoneJack: { jack }, clockSetWatch: { clockSet },
            status: { status.append($0) })
        let player = try HeadlessPlayer(config: try ConfigLoader.load(path: path), configPath: path, width: 640, height: 400,
                                        environment: environment)
        XCTAssertTrue(player.runtime.speechOutput === speech)
        XCTAssertTrue(jack.attached === player.loop, "the jack is in the player's loop")
        XCTAssertTrue(clockSet.attached === player.loop, "the clock-set watch is in the player's loop")
        let watch = try XCTUnwrap(player.wiring.watch, "[watch] is on by default")
        XCTAssertTrue(player.delegate.watch === watch)
        let metrics = try XCTUnwrap(player.wiring.metrics, "[metrics] is on by default")
        XCTAssertTrue(metrics.siteReload === player.delegate.siteReload)
        player.step(to: 0.5)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/lectern.prom"), "the metrics file, written at start")
        XCTAssertEqual(status.last, "showing page 1 of 1: Welcome")

        jack.onChange(true)
        XCTAssertEqual(player.scene.speech?.isOn, true, "headphones plugged in: speech mode")

        let version = watch.version
        try Data("# Welcome\n\nThe museum is open every day.\n".utf8).write(to: URL(fileURLWithPath: dir + "/welcome.md"))
        player.system.sendSignal(SIGHUP, at: 1)
        player.step(to: 1.5)
        XCTAssertNotEqual(watch.version, version, "the watch follows a SIGHUP reload")
        XCTAssertEqual(metrics.lastReload?.ok, true)
        XCTAssertEqual(metrics.lastReload?.wallTime, 1_800_000_000)
    }

    /// Headless by default: none of the device's surroundings.
    func testNothingOutsideTheLoopByDefault() throws {
        let player = try HeadlessPlayer(config: .builtIn, width: 640, height: 400)
        XCTAssertNil(player.wiring.watch)
        XCTAssertNil(player.wiring.metrics, "a snapshot writes no metrics file, whatever [metrics] says")
        XCTAssertNil(player.runtime.wallClock, "no opening hours")
    }
}

private final class FakeHeadphoneSwitch: HeadphoneSwitch {
    let devicePaths = ["/dev/input/event7"]
    var onChange: (Bool) -> Void = { _ in }
    weak var attached: DeviceLoop?
    func attach(to loop: DeviceLoop) { attached = loop }
}

private final class FakePolledDevice: PolledDevice {
    weak var attached: DeviceLoop?
    func attach(to loop: DeviceLoop) { attached = loop }
}

private final class SilentSpeech: SpeechOutput {
    func speak(_ texts: [SpokenText]) {}
    func stop() {}
}
