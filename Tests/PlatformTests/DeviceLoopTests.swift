import LecternLog
import Logging
import LoopCore
import PlatformEmbedded
import XCTest
import Raster
import Geometry
import Touch
@testable import Platform

final class FakeNotifier: ServiceNotifier {
    var watchdogInterval: Double?
    var log: [String] = []
    init(watchdogInterval: Double? = nil) { self.watchdogInterval = watchdogInterval }
    func ready() { log.append("READY") }
    func watchdog() { log.append("WATCHDOG") }
    func stopping() { log.append("STOPPING") }
    func status(_ text: String) { log.append("STATUS=\(text)") }
}

final class FakeInput: InputSource {
    let pollDescriptor = FileDescriptor(60)
    var queued: [[TouchEvent]] = []
    func readEvents() throws -> [TouchEvent] { queued.isEmpty ? [] : queued.removeFirst() }
}

final class DeviceLoopTests: XCTestCase {
    let clock = ManualClock(100)
    lazy var system = EmbeddedSystemCalls(clock: clock, horizon: 102)   // two seconds
    let scene = FakeScene()

    func run(_ loop: DeviceLoop) throws {
        do { try loop.run() } catch is EmbeddedRunFinished {}
    }

    /// A reload asks for another rotation and the display applies it, fails half-way
    /// (keeping the new rotation) or refuses (keeping the old): whatever geometry the
    /// display is left in, touch input is made again for it, so drawing and touch never
    /// disagree (the display owns the rotation; input follows it, not the request).
    func testAFailedReconfigureLeavesInputOnTheDisplaysRotation() throws {
        for (failing, refusing, held) in [(false, false, Rotation.r90), (true, false, .r90), (false, true, .r0)] {
            let sink = try FakeSink(system: system, usesFlips: false)
            sink.reconfigureError = failing ? .invalidArgument : nil
            sink.reconfigureRefusal = refusing ? .invalidArgument : nil
            let loop = try DeviceLoop(system: system, clock: clock, sink: sink, scene: scene, signals: [1, 15])
            let delegate = RecordingDelegate()
            delegate.effect = .reconfigure(rotation: .r90, mode: nil)
            loop.delegate = delegate
            loop.attachInput()
            system.horizon = clock.time + 1
            system.sendSignal(1, at: clock.time + 0.5)
            try run(loop)
            XCTAssertEqual(sink.rotation, held)
            XCTAssertEqual(delegate.inputGeometries.count, 2, "input made at start and again after the reconfigure")
            XCTAssertEqual(delegate.inputGeometries.last, sink.geometry,
                           "input made for the display's geometry (failing: \(failing), refusing: \(refusing))")
        }
    }

    func testIdleHasNoWakeUpsOverTwoSeconds() throws {
        let sink = try FakeSink(system: system, usesFlips: true)
        let notifier = FakeNotifier()
        let loop = try DeviceLoop(system: system, clock: clock, sink: sink, scene: scene, notifier: notifier, signals: [15])
        try run(loop)
        XCTAssertEqual(scene.renders, [100], "the first frame only")
        XCTAssertEqual(loop.wakeUps, 1, "the first frame's flip event, then nothing")
        XCTAssertEqual(system.polls.last, -1, "waits forever at rest")
        XCTAssertEqual(notifier.log, ["READY"], "ready once the first flip completed")
        XCTAssertEqual(clock.time, 102)
    }

    func testHeadlessIdleIsZeroWakeUps() throws {
        let sink = try FakeSink(system: system, usesFlips: false)
        let loop = try DeviceLoop(system: system, clock: clock, sink: sink, scene: scene)
        try run(loop)
        XCTAssertEqual(loop.wakeUps, 0)
        XCTAssertEqual(sink.presents, [100])
    }

    func testDeadlineWakesOnceAtItsTime() throws {
        let sink = try FakeSink(system: system, usesFlips: false)
        scene.deadline = 101.25
        let loop = try DeviceLoop(system: system, clock: clock, sink: sink, scene: scene)
        try run(loop)
        XCTAssertEqual(system.polls.first, 1250)
        XCTAssertEqual(loop.wakeUps, 1)
        XCTAssertEqual(scene.reachedAt, [101.25])
    }

    func testFramesFollowFlipsOnlyWhileMoving() throws {
        let sink = try FakeSink(system: system, usesFlips: true)
        scene.restAt = 100.1
        let loop = try DeviceLoop(system: system, clock: clock, sink: sink, scene: scene)
        try run(loop)
        // One frame per flip (1/60 s) from 100 until the scene rests at 100.1.
        XCTAssertEqual(scene.renders.count, 6)
        for (a, b) in zip(scene.renders, scene.renders.dropFirst()) { XCTAssertEqual(b - a, 1.0 / 60, accuracy: 1e-9) }
        XCTAssertLessThan(scene.renders.last!, 100.1)
        XCTAssertEqual(loop.wakeUps, 6, "one per flip event (the last finds the scene at rest), none after")
        XCTAssertEqual(system.polls.filter { $0 != -1 }, [], "no timeouts while flips pace the frames")
    }

    /// Whether a flip is pending is the display's to say (`FrameSink.isBusy`), not a state
    /// the loop keeps beside it: nothing is drawn while it is, even when the scene changed,
    /// and once the display drops the flip (a modeset owed, master lost: no event comes)
    /// the loop's next turn draws.
    func testTheLoopDrawsByTheDisplaysFlipStateOnly() throws {
        let sink = try FakeSink(system: system, usesFlips: true)
        sink.flipDelay = 10  // its event never comes within the run
        scene.deadline = 100.5
        let loop = try DeviceLoop(system: system, clock: clock, sink: sink, scene: scene)
        var dropAt: Double? = 101
        loop.extraTimers.append((deadline: { dropAt }, fire: { _ in sink.isBusy = false; dropAt = nil }))
        try run(loop)
        XCTAssertEqual(scene.reachedAt, [100.5], "the scene changed while the flip was pending")
        XCTAssertEqual(scene.renders, [100, 101], "nothing drawn while the display was busy; drawn at the turn it was not")
    }

    /// With nothing moving, a flip's event brings nothing new: the source is not asked to
    /// describe the frame it just described (a drag did so after every flip). A touch, a
    /// deadline or a caller's change asks it again.
    func testAFlipsEventAloneDoesNotAskTheSourceAgain() throws {
        let sink = try FakeSink(system: system, usesFlips: true)
        let input = FakeInput()
        input.queued = [[.down(slot: 0, x: 3, y: 2, time: 100.5)]]
        system.schedule(input.pollDescriptor, at: 100.5)
        scene.deadline = 101.25
        let loop = try DeviceLoop(system: system, clock: clock, sink: sink, scene: scene)
        loop.input = input
        try run(loop)
        XCTAssertEqual(scene.renders.count, 3, "the first frame, the touch's, the deadline's")
        XCTAssertEqual(scene.asked, scene.renders, "never at a flip's event")
        XCTAssertEqual(scene.asked.last ?? 0, 101.25, accuracy: 0.001, "the deadline (the poll waits whole ms)")
        XCTAssertEqual(loop.wakeUps, 5, "three flips' events, the touch, the deadline")
        system.horizon = 102.5
        do { try loop.run(sourceChanged: false) } catch is EmbeddedRunFinished {}
        XCTAssertEqual(scene.asked.count, 3, "a run that changed nothing asks nothing")
        system.horizon = 103
        loop.sourceMayHaveChanged()
        do { try loop.run(sourceChanged: false) } catch is EmbeddedRunFinished {}
        XCTAssertEqual(scene.asked.last, 102.5, "asked again when the caller says the source may have changed")
    }

    /// Each way something reaches the source other than a touch makes the next turn ask
    /// it for a frame, though only flips' events came since its last one: a wake pipe (or
    /// any extra fd), a timer, a signal, a watchdog ping.
    func testEveryWakeButAFlipsAsksTheSource() throws {
        let sink = try FakeSink(system: system, usesFlips: true)
        let notifier = FakeNotifier(watchdogInterval: 1.5)
        let loop = try DeviceLoop(system: system, clock: clock, sink: sink, scene: scene, notifier: notifier, signals: [1])
        loop.delegate = RecordingDelegate()
        let pipe = FileDescriptor(71)
        system.schedule(pipe, at: 100.25)
        loop.extraSources.append((fd: pipe, handle: {}))
        var timer: Double? = 100.75
        loop.extraTimers.append((deadline: { timer }, fire: { _ in timer = nil }))
        system.sendSignal(1, at: 101.25)
        try run(loop)
        XCTAssertEqual(scene.asked.count, 5, "the first frame, the pipe, the timer, the signal, the ping: \(scene.asked)")
        for (asked, wake) in zip(scene.asked, [100, 100.25, 100.75, 101.25, 101.5]) {
            XCTAssertEqual(asked, wake, accuracy: 0.002)
        }
    }

    func testSynchronousSinkIsPacedByRefresh() throws {
        let sink = try FakeSink(system: system, usesFlips: false)
        scene.restAt = 100.05
        let loop = try DeviceLoop(system: system, clock: clock, sink: sink, scene: scene)
        try run(loop)
        XCTAssertEqual(scene.renders.count, 3)   // 100, 100.017, 100.034 (poll timeouts round up to 17 ms)
        XCTAssertEqual(system.polls.prefix(3), [17, 17, 17])
    }

    func testTouchIsHandledAndRenderedWithLatencyLogged() throws {
        let sink = try FakeSink(system: system, usesFlips: false)
        let input = FakeInput()
        input.queued = [[.down(slot: 0, x: 3, y: 2, time: 100.499), .up(slot: 0, time: 100.5)]]
        system.schedule(input.pollDescriptor, at: 100.5)
        var lines: [String] = []
        let loop = try DeviceLoop(system: system, clock: clock, sink: sink, scene: scene)
        loop.input = input
        loop.metrics = FrameMetrics(log: Logger { lines.append($0) }, secondsSinceStart: { 0.1234 })
        try run(loop)
        XCTAssertEqual(scene.events.count, 2)
        XCTAssertEqual(scene.renders, [100, 100.5])
        XCTAssertEqual(loop.metrics?.samples.count, 1)
        XCTAssertEqual(loop.metrics!.samples[0], 0.001, accuracy: 1e-9)
        XCTAssertEqual(lines, ["lectern: metrics startup_to_first_frame_ms=123.4"])
        loop.metrics?.report()
        XCTAssertEqual(lines.dropFirst().map { $0.split(separator: " ")[2].split(separator: "=")[0] },
                       ["frame_work_ms", "input_work_ms", "touch_to_flip_ms", "event_to_glass_ms", "peak_rss_kib"])
        XCTAssertTrue(lines.contains("lectern: metrics touch_to_flip_ms median=1.0 p99=1.0 samples=1"))
        // Shown at once (no flips): on glass as it is presented.
        XCTAssertTrue(lines.contains("lectern: metrics event_to_glass_ms median=1.0 p99=1.0 max=1.0 samples=1 refresh_ms=16.7"))
        XCTAssertTrue(lines.contains("lectern: metrics input_work_ms median=0.0 p99=0.0 max=0.0 over_20ms=0 samples=1"))
    }

    /// While a frame is drawn no touch is read: the time it takes is reported, so a
    /// soak can tell input lag from a slow frame.
    func testBusyTimePerFrameIsReported() throws {
        let sink = try FakeSink(system: system, usesFlips: false)
        scene.busy = (clock, 0.030)
        scene.restAt = 100.05
        var lines: [String] = []
        let loop = try DeviceLoop(system: system, clock: clock, sink: sink, scene: scene)
        loop.metrics = FrameMetrics(log: Logger { lines.append($0) }, secondsSinceStart: { nil })
        try run(loop)
        let frames = try XCTUnwrap(loop.metrics?.work["frame"])
        XCTAssertEqual(frames.count, scene.renders.count)
        XCTAssertGreaterThan(frames.count, 1)
        for seconds in frames { XCTAssertEqual(seconds, 0.030, accuracy: 1e-9) }
        loop.metrics?.report()
        XCTAssertEqual(lines.first, "lectern: metrics frame_work_ms median=30.0 p99=30.0 max=30.0 over_20ms=\(frames.count) samples=\(frames.count)")
        XCTAssertNil(loop.metrics?.work["frame"], "a report starts the next minute afresh")
    }

    func testSIGTERMStopsAndOtherSignalsReachTheDelegate() throws {
        let sink = try FakeSink(system: system, usesFlips: false)
        system.sendSignal(1, at: 100.1)
        system.sendSignal(10, at: 100.2)
        system.sendSignal(15, at: 100.3)
        let loop = try DeviceLoop(system: system, clock: clock, sink: sink, scene: scene, signals: [15, 2, 1, 10])
        let delegate = RecordingDelegate()
        loop.delegate = delegate
        try loop.run()   // returns normally: no EmbeddedRunFinished
        XCTAssertEqual(delegate.reloads, [100.1], "SIGHUP is a reload")
        XCTAssertEqual(delegate.signals, [10])
        XCTAssertEqual(loop.stopSignal, 15)
        XCTAssertEqual(clock.time, 100.3)
    }

    /// The display came back (VT switch, hotplug): the loop's full redraw is the only
    /// record that everything must be shown again, and it is: the scene, idle and with
    /// nothing new, draws whole and the frame is presented.
    func testAFullRedrawAskedWhileIdleIsDrawnAndPresented() throws {
        let sink = try FakeSink(system: system, usesFlips: false)
        let loop = try DeviceLoop(system: system, clock: clock, sink: sink, scene: scene, signals: [10])
        system.sendSignal(10, at: 100.5)
        let delegate = RecordingDelegate()
        delegate.onSignal = { _, loop in loop.requestFullRedraw() }
        loop.delegate = delegate
        try run(loop)
        XCTAssertEqual(scene.renders, [100, 100.5], "the first frame, then the owed redraw at once")
        XCTAssertEqual(scene.fullRenders, 2)
        XCTAssertEqual(sink.presents.count, 2, "both presented")
        XCTAssertEqual(loop.wakeUps, 1, "the signal's wake-up only")
    }

    /// A display that replaced its buffers while presenting (scan-out memory short, a
    /// driver refusing to pan) has nothing of the frame on screen: the loop draws it all
    /// again at once, though the scene is idle, and presents that.
    func testADisplayThatOwesARedrawGetsOneAtOnce() throws {
        let sink = try FakeSink(system: system, usesFlips: false)
        sink.redrawsOwed = 1
        let loop = try DeviceLoop(system: system, clock: clock, sink: sink, scene: scene)
        try run(loop)
        XCTAssertEqual(scene.renders, [100, 100], "the first frame, then all of it again at once")
        XCTAssertEqual(scene.fullRenders, 2)
        XCTAssertEqual(sink.presents, [100, 100])
    }

    func testWatchdogIsTheOnlyIdleWakeUp() throws {
        let sink = try FakeSink(system: system, usesFlips: false)
        let notifier = FakeNotifier(watchdogInterval: 0.5)
        let loop = try DeviceLoop(system: system, clock: clock, sink: sink, scene: scene, notifier: notifier)
        try run(loop)
        XCTAssertEqual(notifier.log.filter { $0 == "WATCHDOG" }.count, 4)   // 100.5, 101, 101.5, 102
        XCTAssertEqual(loop.wakeUps, 4)
        XCTAssertEqual(scene.renders, [100])
    }

    func testBlankedDisplayIsPoweredOffAndNotDrawn() throws {
        let sink = try FakeSink(system: system, usesFlips: false)
        scene.powered = false
        scene.restAt = 101
        let loop = try DeviceLoop(system: system, clock: clock, sink: sink, scene: scene)
        do { try loop.iterate() } catch is EmbeddedRunFinished {}
        XCTAssertEqual(sink.powerChanges, [false])
        XCTAssertEqual(scene.renders, [])
    }

}

extension DeviceLoopTests {
    func testInstantFlipsAreCappedAtRefreshRate() throws {
        let sink = try FakeSink(system: system, usesFlips: true)
        sink.flipDelay = 0.001   // no vblank: the event comes at once
        scene.restAt = 100.1
        let loop = try DeviceLoop(system: system, clock: clock, sink: sink, scene: scene)
        try run(loop)
        XCTAssertEqual(scene.renders.count, 6, "still one frame per refresh, not one per millisecond")
        for (a, b) in zip(scene.renders, scene.renders.dropFirst()) { XCTAssertGreaterThanOrEqual(b - a, 1.0 / 60 - 1e-9) }
    }
}
