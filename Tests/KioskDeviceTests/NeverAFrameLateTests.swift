import KioskHeadless
import Logging
import LoopCore
import PlatformEmbedded
import Touch
import XCTest
@testable import Kiosk

/// Never a frame late: the real kiosk under the real `DeviceLoop` on a display with a
/// vertical blank every 16.7 ms (`MemoryKMSDevice.vblankInterval`), the embedded clock
/// standing still while a frame is drawn (zero frame work). Proved for a drag, a pull
/// and the first frame after waking:
/// - a touch that arrives before a frame's work starts is in that frame;
/// - no refresh is waited that was not needed: when a flip completes and anything is
///   owed, the next frame starts at that moment, not a refresh later;
/// - so from the kernel's event time to the flip that shows it is at most two refreshes
///   (the frame in progress, then its own), and the loop's event-to-glass figures are
///   exactly those the flips' timestamps give.
final class NeverAFrameLateTests: XCTestCase {
    static let refresh = 1.0 / 60
    let width = 480, height = 360

    /// Touches handled; turns the loop offered a frame in (drawn or found unchanged);
    /// frames presented.
    private enum Entry { case touch(time: Double), offered(time: Double, drew: Bool), frame(start: Double, movingAtFlip: Bool) }

    /// A player on the long built-in page whose display blanks every `refresh`, and the
    /// log of what the loop did, in order: touches handled, frames presented.
    private final class Rig {
        let assembly: KioskAssembly
        let player: HeadlessPlayer
        let metrics = FrameMetrics(log: Logger(sink: { _ in }), secondsSinceStart: { nil })
        fileprivate var log: [Entry] = []
        var frameStarts: [Double] { log.compactMap { if case let .frame(s, _) = $0 { return s } else { return nil } } }
        /// Whether the scene, as that frame described it, still moved when its flip came
        /// (asked then: springs started by later touches say nothing of earlier times).
        var movingAtFlips: [Bool] { log.compactMap { if case let .frame(_, m) = $0 { return m } else { return nil } } }
        var touchTimes: [Double] { log.compactMap { if case let .touch(t) = $0 { return t } else { return nil } } }

        init(width: Int, height: Int) throws {
            var config = KioskConfig.builtIn
            config.pages = [config.pages[2]] + config.pages  // a long page first
            assembly = try KioskAssembly(config: config, width: width, height: height)
            player = try assembly.player()
            player.device.vblankInterval = NeverAFrameLateTests.refresh
            player.render(at: 0)          // the first frame is a modeset, not a flip
            player.device.recordsFlips = true
            player.loop.metrics = metrics
            player.onTouch = { [unowned self] event in log.append(.touch(time: event.time)) }
            player.onFrame = { [unowned self] time, _ in
                let flip = MemoryKMSDevice.nextBlank(after: time, interval: NeverAFrameLateTests.refresh)
                log.append(.frame(start: time, movingAtFlip: assembly.scene.isAnimating(at: flip)))
            }
            player.onFrameOffered = { [unowned self] time, drew in log.append(.offered(time: time, drew: drew)) }
        }
    }

    /// Touches twice a refresh (120 a second, a common panel's report rate) along a
    /// line; with `start` on a blank, every other touch arrives exactly as a flip
    /// completes (both fds readable at once: the touch must be read before the frame).
    private func stroke(from: (Double, Double), to: (Double, Double), start: Double, duration: Double) -> [TouchEvent] {
        let steps = Int(duration * 120)
        var events: [TouchEvent] = [.down(slot: 0, x: from.0, y: from.1, time: start)]
        let onGrid = abs((start / (Self.refresh / 2)).rounded() * (Self.refresh / 2) - start) < 1e-12
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            // Half-refresh multiples computed as such, so they equal the blanks exactly.
            let time = onGrid ? Double(Int((start / (Self.refresh / 2)).rounded()) + i) * (Self.refresh / 2) : start + Double(i) / 120
            events.append(.move(slot: 0, x: from.0 + (to.0 - from.0) * f, y: from.1 + (to.1 - from.1) * f, time: time))
        }
        events.append(.up(slot: 0, time: start + duration))
        return events
    }

    /// The three properties over everything the rig logged.
    private func checkNeverLate(_ rig: Rig, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let frames = rig.frameStarts, flips = rig.player.device.flipCompletions
        XCTAssertGreaterThan(frames.count, 5, "\(what): frames drawn", file: file, line: line)
        XCTAssertEqual(flips.count, frames.count, "\(what): every frame was a flip, and each completed", file: file, line: line)
        guard flips.count == frames.count else { return }
        // 1. A touch arriving before a frame's work starts is in that frame: no frame that
        //    starts at or after a touch's time is logged before the touch was handled.
        var framesSoFar: [Double] = []
        for entry in rig.log {
            switch entry {
            case .offered: break
            case let .frame(start, _): framesSoFar.append(start)
            case let .touch(time):
                if let early = framesSoFar.first(where: { $0 >= time }) {
                    XCTFail("\(what): the touch at \(time) missed the frame started at \(early)", file: file, line: line)
                }
            }
        }
        // 2. No refresh waited without need: each frame's flip completes at the first blank
        //    after its start, and when anything was owed at that blank (a touch arrived
        //    meanwhile, or the scene still moves) the loop offers the next frame right then.
        let offers = rig.log.compactMap { if case let .offered(t, _) = $0 { return t } else { return nil } }
        for (i, start) in frames.enumerated() {
            XCTAssertEqual(flips[i], MemoryKMSDevice.nextBlank(after: start, interval: Self.refresh), accuracy: 1e-9,
                           "\(what): the frame started at \(start) is on glass at the next blank", file: file, line: line)
            let touchedMeanwhile = rig.touchTimes.contains { $0 > start && $0 <= flips[i] + 1e-9 }
            let moving = rig.movingAtFlips[i]
            if touchedMeanwhile || moving {
                XCTAssertTrue(offers.contains { abs($0 - flips[i]) < 1e-9 },
                              "\(what): owed a frame when the flip of \(start) completed at \(flips[i]) (touched: \(touchedMeanwhile), moving: \(moving)), none offered",
                              file: file, line: line)
            }
        }
        // 3. Event to glass: the oldest touch of each frame to its flip, as the loop reports
        //    it, and never more than two refreshes with zero frame work.
        var expected: [Double] = []
        var oldest: Double?
        var frameIndex = 0
        for entry in rig.log {
            switch entry {
            case let .touch(time): oldest = oldest ?? time
            case let .offered(_, drew):
                // A frame that changed nothing shows no touch: the loop forgets it too.
                if !drew { oldest = nil }
            case .frame:
                if let t = oldest { expected.append(flips[frameIndex] - t) }
                oldest = nil
                frameIndex += 1
            }
        }
        XCTAssertEqual(rig.metrics.glassSamples.count, expected.count, "\(what): one figure per touch frame", file: file, line: line)
        for (got, want) in zip(rig.metrics.glassSamples, expected) {
            XCTAssertEqual(got, want, accuracy: 1e-9, "\(what): event-to-glass from the flip's timestamp", file: file, line: line)
        }
        XCTAssertLessThanOrEqual(rig.metrics.glassSamples.max() ?? 0, 2 * Self.refresh + 1e-9,
                                 "\(what): a touch waits at most the frame in progress and its own", file: file, line: line)
    }

    func testADragIsNeverAFrameLate() throws {
        let rig = try Rig(width: width, height: height)
        // On the blank grid: half the touches arrive exactly as a flip completes.
        rig.player.feed(stroke(from: (240, 320), to: (240, 40), start: 24 * Self.refresh, duration: 0.25))
        rig.player.render(at: 3)
        XCTAssertGreaterThan(rig.assembly.scene.vertical.offset(at: rig.player.time), 100, "the drag moved the page")
        checkNeverLate(rig, "drag")
    }

    func testAPullIsNeverAFrameLate() throws {
        let rig = try Rig(width: width, height: height)
        // Off the grid: every touch arrives between two blanks, while a frame is in flight.
        rig.player.feed(stroke(from: (440, 180), to: (140, 180), start: 0.4 + 0.005, duration: 0.2))
        rig.player.render(at: 3)
        XCTAssertTrue(rig.assembly.scene.menu.isPresented, "the long pull opened the menu")
        checkNeverLate(rig, "pull")
    }

    /// Idle for seconds (no frame, no wake-up), then a touch between two blanks: its
    /// frame starts at the touch itself, not at the next blank, and is on glass at the
    /// first blank after it.
    func testTheFirstFrameAfterWakingStartsAtTheTouch() throws {
        let rig = try Rig(width: width, height: height)
        rig.player.step(to: 5)
        XCTAssertTrue(rig.frameStarts.isEmpty, "idle: nothing drawn")
        let wakeUps = rig.player.loop.wakeUps
        rig.player.step(to: 5.2)
        XCTAssertEqual(rig.player.loop.wakeUps, wakeUps, "idle: no wake-up")
        let touch = 5.2 + 0.0071
        rig.player.feed(stroke(from: (240, 300), to: (240, 200), start: touch, duration: 0.1))
        rig.player.render(at: 8)
        let first = try XCTUnwrap(rig.frameStarts.first)
        XCTAssertEqual(first, touch, accuracy: 1e-9, "the first frame after waking starts when the touch arrives")
        let glass = try XCTUnwrap(rig.metrics.glassSamples.first)
        XCTAssertEqual(glass, MemoryKMSDevice.nextBlank(after: touch, interval: Self.refresh) - touch, accuracy: 1e-9)
        XCTAssertLessThan(glass, Self.refresh, "on glass at the first blank after the touch")
        checkNeverLate(rig, "wake")
    }
}
