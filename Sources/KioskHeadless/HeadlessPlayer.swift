import Foundation
import Kiosk
import KioskDevice
import LecternLog
import Logging
import LoopCore
import Display
import PlatformEmbedded
import Raster
import Touch

/// The headless kiosk: the real `KioskRuntime` under the real `DeviceLoop`, with the
/// embedded clock, touches and a memory sink (the NIOEmbedded pattern). `lectern demo`,
/// `snapshot`, `soak`, `replay` and the tests run exactly what runs on the display;
/// only time is simulated, so a minute of kiosk plays in milliseconds.
///
/// The kiosk is built by the same composition root as on the device (`KioskWiring`):
/// the player passes its embedded system calls and scripted touches, and whatever of
/// the world outside the loop a tool or test asks for (`KioskEnvironment`; nothing by
/// default). Background workers (PDF sheets, hyphenation dictionaries, pictures) wake the loop
/// through its pipes as on the device; `waitForBackgroundWork` waits for them.
///
/// Frames are drawn when the loop would draw them: at once after a touch, at the
/// refresh rate while something moves, never at rest. The display is the real
/// `KMSDisplay` over memory buffers (`MemoryKMSDevice`, a driver that pans, with atomic
/// commits), so the compositor pans, copies and writes frames straight into a scan-out
/// buffer exactly as on the device. `canvas` is what the screen shows at the player's
/// time: the buffer presented last.
public final class HeadlessPlayer {
    /// The kiosk and what is wired around it, as `lectern run` builds them.
    public let wiring: KioskWiring
    public var runtime: KioskRuntime { wiring.runtime }
    public let clock: ManualClock
    public let system: EmbeddedSystemCalls
    /// The display, over memory buffers, and the device under it.
    public let display: KMSDisplay
    public let device: MemoryKMSDevice
    public let sink: ObservedSink
    public let loop: DeviceLoop
    public let input: ScriptedInput
    /// The kiosk's loop delegate, as on the device: reload, and touch input (the scripted
    /// touches, given in logical pixels).
    public var delegate: KioskLoopDelegate { wiring.delegate }
    /// Called after the kiosk handled each touch (`lectern replay` notes the gestures).
    public var onTouch: (TouchEvent) -> Void {
        get { observer.onTouch }
        set { observer.onTouch = newValue }
    }
    /// Called after each turn the loop asked for a frame, with its time and whether the
    /// frame changed anything (non-empty damage): the latency tests.
    public var onFrameOffered: ((_ time: Double, _ drew: Bool) -> Void)? {
        get { loop.onFrameOffered }
        set { loop.onFrameOffered = newValue }
    }
    /// Called with each frame the loop presents, at its time (tests compare it with a
    /// full redraw of the same moment).
    /// (Optional: without a listener no frame's canvas is looked up, as in the bench.)
    public var onFrame: ((_ time: Double, _ canvas: Canvas) -> Void)?
    /// The time of the frame on screen (the last one presented).
    public private(set) var shownTime: Double?
    private let observer: ObservedRuntime
    private var damageSinceRender = Region()

    /// - Parameter start: the configuration (and its file) or the assembled kiosk.
    /// - Parameter driver: the driver the memory display acts as: "bochs-drm" (panning by
    ///   offset framebuffers, the default) or "copy" (a driver not known to pan).
    /// - Parameter overlay: a YUV overlay plane the memory display offers (as vc4's), for
    ///   clips scanned out from it; none by default (as bochs and virtio-gpu).
    /// - Parameter environment: the world outside the loop (a content watch's inotify, a
    ///   metrics file, a wall clock, speech, dictionary loading); nothing by default.
    /// - Parameter log: where the runtime's lines go (silent by default: the tools print
    ///   their own summaries).
    public init(_ start: KioskWiring.Start, width: Int, height: Int, startTime: Double = 0, driver: String = "bochs-drm",
                overlay: MemoryOverlayPlane? = nil, environment: KioskEnvironment = KioskEnvironment(), log: Logger = Logger(sink: { _ in })) throws {
        clock = ManualClock(startTime)
        system = EmbeddedSystemCalls(clock: clock, horizon: startTime)
        system.recordsPolls = false
        input = ScriptedInput(system: system)
        wiring = KioskWiring(start, system: system, touch: ScriptedInputMaker(input), environment: environment, log: log)
        device = MemoryKMSDevice(width: width, height: height, driverName: driver, system: system)
        device.atomicSupported = true
        device.overlay = overlay
        // The display as the configuration tunes it, as on the device; "copy" acts as a
        // driver not known to pan.
        let config = wiring.runtime.config.display
        display = KMSDisplay(device: device, rotation: config.rotation, tuning: config.scanout, log: Logger(sink: { _ in }))
        guard try display.start() else { throw HeadlessSetupError.noDisplay }
        sink = ObservedSink(display)
        observer = ObservedRuntime(wiring.runtime)
        // Signals reach the loop as on the device: `system.sendSignal(SIGHUP, at:)` reloads.
        loop = try DeviceLoop(system: system, clock: clock, sink: sink, scene: observer, signalFD: system.signalDescriptor, log: log)
        loop.delegate = wiring.delegate
        wiring.attach(to: loop)
        loop.attachInput()
        sink.onPresent = { [unowned self] damage in
            damageSinceRender.add(damage)
            shownTime = clock.time
            onFrame?(clock.time, canvas)
        }
    }

    /// A player for `config` (and its file, for reloads and the content watch).
    public convenience init(config: KioskConfig, configPath: String? = nil, width: Int, height: Int, startTime: Double = 0,
                            driver: String = "bochs-drm", overlay: MemoryOverlayPlane? = nil, environment: KioskEnvironment = KioskEnvironment(),
                            log: Logger = Logger(sink: { _ in })) throws {
        try self.init(.configuration(config, path: configPath), width: width, height: height, startTime: startTime,
                      driver: driver, overlay: overlay, environment: environment, log: log)
    }

    public var assembly: KioskAssembly {
        guard let assembly = runtime.assembly else { preconditionFailure("the kiosk could not be assembled") }
        return assembly
    }
    public var scene: KioskScene { assembly.scene }
    public var renderer: SceneRenderer { assembly.renderer }
    /// What the panel shows: the buffer presented last (frames written straight into a
    /// buffer never reach the shadow).
    public var canvas: Canvas {
        guard let shown = display.shownCanvas ?? display.canvas else { preconditionFailure("the memory display has no output") }
        return shown
    }
    /// How the compositor made each frame so far (panned, moved, straight to scan-out, ...).
    public var compositor: Compositor { loop.compositor }
    /// The loop's clock.
    public var time: Double { clock.time }
    /// Frames presented so far (the "zero redraws at rest" checks).
    public var redrawCount: Int { loop.framesPresented }

    /// Queues touches; they are handled when the loop's clock reaches their times.
    public func feed(_ events: [TouchEvent]) { input.append(events) }

    /// Runs the loop until its clock reads `t`: every touch and deadline due by then is
    /// handled and every frame the device would have drawn is drawn. `changedOutside`:
    /// false when nothing but the touches fed changed since the last step (the bench's
    /// frames), so the loop turns exactly as the device's does; true (a test that acted
    /// on the scene directly) makes the first turn ask for a frame.
    public func step(to t: Double, changedOutside: Bool = true) {
        guard t >= clock.time else { return }
        system.horizon = t
        do {
            try loop.run(sourceChanged: changedOutside)
        } catch is EmbeddedRunFinished {
        } catch {
            // The embedded poll's spin check, or a sink error: a bug, not bad input.
            preconditionFailure("embedded loop: \(error) (repaint \(loop.repaint))")
        }
    }

    /// Waits, in real time, for the background work the frames depend on (PDF sheets
    /// being rendered, hyphenation dictionaries loading, pictures decoded): each time a worker wakes the
    /// loop, the loop runs on by one refresh, collects what finished and draws with it,
    /// as the device shows it a moment later. Returns at once when nothing is pending
    /// (the clock unmoved), or once `timeout` seconds have passed (a worker that never
    /// wakes the loop: the frame shows what it has).
    public func waitForBackgroundWork(timeout: Double = 60) {
        let limit = Date(timeIntervalSinceNow: timeout)
        while !wiring.backgroundWorkSettled {
            let left = limit.timeIntervalSinceNow
            guard left > 0, system.waitUntilWoken(timeout: left) else { return }
            step(to: clock.time + sink.frameInterval)
        }
    }

    /// Runs the loop until `t` and returns the damage presented since the last call.
    @discardableResult
    public func render(at t: Double) -> Region {
        step(to: t)
        defer { damageSinceRender.removeAll() }
        return damageSinceRender
    }

    /// Plays script events up to and including `end`: touches are fed to the loop,
    /// `onCapture` gets the screen at each capture's time.
    public func play(_ events: [ScriptEvent], from index: inout Int, until end: Double,
                     onCapture: (String, Canvas) throws -> Void) rethrows {
        while index < events.count, events[index].time <= end {
            let event = events[index]
            index += 1
            switch event {
            case let .touch(touch): feed([touch])
            case let .capture(name, t):
                step(to: t)
                try onCapture(name, canvas)
            case .wait: break
            }
        }
        step(to: end)
    }

    /// Plays script events up to `end`, ignoring captures.
    public func play(_ events: [ScriptEvent], from index: inout Int, until end: Double) {
        play(events, from: &index, until: end) { _, _ in }
    }
}

enum HeadlessSetupError: Error { case noDisplay }

extension KioskAssembly {
    /// A headless player over this kiosk, its screen the assembly's size as the visitor
    /// sees it: the panel's mode is that size turned by the configured rotation (a
    /// portrait 800×1280 kiosk on a panel mounted at 90° has a 1280×800 mode), so the
    /// canvas, upright, is the assembly's size. `environment`: as the player's.
    public func player(environment: KioskEnvironment = KioskEnvironment(), log: Logger = Logger(sink: { _ in })) throws -> HeadlessPlayer {
        let width = Int(scene.width), height = Int(scene.height)
        let sideways = config.display.rotation == .r90 || config.display.rotation == .r270
        return try HeadlessPlayer(.assembly(self), width: sideways ? height : width, height: sideways ? width : height, environment: environment, log: log)
    }
}

/// The runtime as the loop sees it, telling the player about each touch handled.
private final class ObservedRuntime: FrameSource {
    let runtime: KioskRuntime
    var onTouch: (TouchEvent) -> Void = { _ in }
    init(_ runtime: KioskRuntime) { self.runtime = runtime }
    func handle(_ event: TouchEvent) {
        runtime.handle(event)
        onTouch(event)
    }
    func frame(at time: Double, for request: FrameRequest?) -> FrameReport { runtime.frame(at: time, for: request) }
}
