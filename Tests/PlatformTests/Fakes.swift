import Display
import Frames
import LecternLog
import Logging
import LoopCore
import PlatformEmbedded
import Raster
import Geometry
import Touch

func connector(_ id: UInt32, _ name: String, connected: Bool = true, modes: [DisplayMode], crtcs: Set<Int> = [0, 1],
               current: UInt32? = nil) -> ConnectorInfo {
    ConnectorInfo(id: id, name: name, connected: connected, modes: modes, possibleCRTCs: crtcs, currentCRTC: current)
}

/// A scene that records what the loop asks of it. It "moves" until `restAt`.
final class FakeScene: FrameSource {
    var renders: [Double] = []
    var fullRenders = 0
    var events: [TouchEvent] = []
    var restAt: Double = -1
    var deadline: Double?
    var reachedAt: [Double] = []
    var powered = true
    /// Makes each drawn frame take this long on `clock` (a slow frame).
    var busy: (clock: ManualClock, seconds: Double)?
    /// Something changed since the last frame (a touch, a deadline): like the real
    /// renderer, the scene draws only then, when full, or while it moves.
    private var changed = false

    /// Every turn the loop offered a canvas in (drawn or not).
    var asked: [Double] = []

    func handle(_ event: TouchEvent) { events.append(event); changed = true }
    func frame(at time: Double, for request: FrameRequest?) -> FrameReport {
        if request != nil { asked.append(time) }
        if let deadline, deadline <= time { reachedAt.append(time); self.deadline = nil; changed = true }
        var painter: FramePainter?
        if let request, powered, request.full || changed || time < restAt {
            changed = false
            renders.append(time)
            if request.full { fullRenders += 1 }
            painter = NumberedFramePainter(number: renders.count, width: request.width, height: request.height)
            if let busy { busy.clock.time += busy.seconds }
        }
        return FrameReport(painter: painter, moving: time < restAt, nextDeadline: deadline, displayOn: powered)
    }
}

/// A frame that draws its number into the first pixel: equal to no other frame, so the
/// compositor draws every one.
struct NumberedFramePainter: FramePainter {
    let number: Int
    let frame: FrameDescription

    init(number: Int, width: Int, height: Int) {
        self.number = number
        frame = FrameDescription(content: .whole(key: number), page: .init(generation: 0, page: 0, width: width, height: height),
                                 scrollY: 0, shiftX: 0, decorations: Decorations(), overlays: .init(key: .init(), direct: true))
    }

    func drawWhole(into canvas: Canvas) { canvas.row(0)[0] = UInt32(number) }
    // A whole frame has no page layer and no overlays: never asked for.
    func drawPage(clip: IntRect, into canvas: Canvas, shiftX: Int) {}
    func composeOverlays(over page: Canvas, into destination: PixelDestination, region: Region) {}
}

/// A sink with no device: synchronous presents, or flips completing through a fake fd.
final class FakeSink: FrameSink {
    let bitmap: Bitmap
    let system: EmbeddedSystemCalls
    let usesFlips: Bool
    var pollFD: FileDescriptor? { usesFlips ? FileDescriptor(50) : nil }
    var canvas: Canvas? { bitmap.canvas }
    var isBusy = false
    let frameInterval = 1.0 / 60
    /// Seconds from a flip to its event (a driver without vblank: nearly 0).
    var flipDelay = 1.0 / 60
    var presents: [Double] = []
    var powerChanges: [Bool] = []
    private(set) var poweredOn = true
    /// The canvas is the geometry's logical size (as every sink's is).
    var geometry: DisplayGeometry? {
        let (w, h) = rotation.swapsAxes ? (bitmap.height, bitmap.width) : (bitmap.width, bitmap.height)
        return DisplayGeometry(nativeWidth: w, nativeHeight: h, rotation: rotation)
    }
    private(set) var rotation = Rotation.r0
    /// `reconfigure` takes the new rotation, then fails with this (a modeset the driver
    /// refused half-way, say).
    var reconfigureError: Errno?
    /// `reconfigure` fails with this and keeps the rotation it had (as `KMSDisplay` does
    /// when the mode asked for is not offered).
    var reconfigureRefusal: Errno?

    init(system: EmbeddedSystemCalls, usesFlips: Bool, width: Int = 8, height: Int = 4) throws {
        self.system = system
        self.usesFlips = usesFlips
        bitmap = try Bitmap(width: width, height: height)
    }

    /// Presents answered `.redrawOwed` (a display that replaced its buffers) before the
    /// next one is shown.
    var redrawsOwed = 0

    func present(_ frame: ComposedFrame) throws -> PresentOutcome {
        presents.append(system.clock.time)
        if redrawsOwed > 0 { redrawsOwed -= 1; return .redrawOwed }
        guard usesFlips else { return .shown }
        isBusy = true
        system.schedule(FileDescriptor(50), at: system.clock.time + flipDelay)
        return .queued
    }

    func handleReadable() throws -> Int { isBusy = false; return 1 }
    func setPower(on: Bool) { powerChanges.append(on); poweredOn = on }
    func reconfigure(rotation: Rotation, mode: (width: Int, height: Int)?) throws -> Bool {
        if let reconfigureRefusal { throw reconfigureRefusal }
        guard rotation != self.rotation else { return false }
        self.rotation = rotation
        if let reconfigureError { throw reconfigureError }
        return true
    }
}

/// A loop delegate that records what the loop asks of it.
final class RecordingDelegate: DeviceLoopDelegate {
    var reloads: [Double] = []
    var effect = ReloadEffect.nothing
    var signals: [Int32] = []
    /// The geometry each touch input was made for, oldest first.
    var inputGeometries: [DisplayGeometry] = []
    var onSignal: (Int32, DeviceLoop) -> Void = { _, _ in }

    func reload(at time: Double) -> ReloadEffect {
        reloads.append(time)
        return effect
    }

    func makeInput(for geometry: DisplayGeometry) -> InputSource? {
        inputGeometries.append(geometry)
        return nil
    }

    func handleSignal(_ signal: Int32, in loop: DeviceLoop) {
        signals.append(signal)
        onSignal(signal, loop)
    }
}

/// A display over a fake device named after `driver` (scrolling by offset on, atomic
/// commits where `atomic`), `configure`d before it starts, logging into `log`.
func startedFakeDisplay(driver: String, width: Int, height: Int, atomic: Bool = false,
                        configure: (MemoryKMSDevice) -> Void = { _ in },
                        log: @escaping (String) -> Void) throws -> (KMSDisplay, MemoryKMSDevice) {
    let mode = DisplayMode(width: width, height: height, refresh: 60, preferred: true)
    let device = MemoryKMSDevice.recordingCard(connectors: [connector(5, "Virtual-1", modes: [mode])])
    device.driverName = driver
    device.atomicSupported = atomic
    configure(device)
    let display = KMSDisplay(device: device, log: Logger(sink: log))
    try display.start()
    return (display, device)
}
