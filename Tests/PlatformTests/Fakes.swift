import Frames
import LecternLog
import Logging
import LoopCore
import Platform
import PlatformEmbedded
import Raster
import Touch

/// A KMS device that records calls; dumb buffers are plain memory with a pitch wider
/// than width × 4 whose padding starts as a sentinel.
final class FakeKMSDevice: KMSDevice {
    static let padding: UInt32 = 0xDEAD_BEEF
    let fd = FileDescriptor(40)
    let path = "/dev/dri/card9"
    var driverName = "fake"
    var maxFramebufferHeight = 4096
    /// Errors for `addFramebuffer` (a driver that refuses offsets).
    var addFramebufferError: Errno?
    /// Framebuffers from `addFramebuffer` still registered: id → (buffer handle, first row, first column).
    var offsetFramebuffers: [UInt32: (handle: UInt32, rows: Int, columns: Int)] = [:]
    private var nextOffsetFB: UInt32 = 5000
    /// What the CRTC scans out: the framebuffer, x and y of the last SetCrtc / flip.
    private(set) var onScreen: (framebuffer: UInt32, x: Int, y: Int)?
    private(set) var buffersByHandle: [UInt32: DumbBuffer] = [:]
    var crtcs: [UInt32] = [31, 32]
    var connectorList: [ConnectorInfo]
    var calls: [String] = []
    var flipError: Errno?
    var dirtyError: Errno?
    var setCRTCError: Errno?
    var pendingFlips = 0
    /// Called when a flip is queued (the embedded loop makes its event readable).
    var onFlip: () -> Void = {}
    var extraPitch = 64
    var saved = SavedCRTC(crtc: 31, framebuffer: 7, mode: DisplayMode(width: 640, height: 480))
    private var nextHandle: UInt32 = 100
    private(set) var allocations: [UnsafeMutableRawPointer] = []

    init(connectors: [ConnectorInfo]) { connectorList = connectors }

    deinit { for a in allocations { a.deallocate() } }

    func crtcIDs() throws -> [UInt32] { crtcs }
    func connectors() throws -> [ConnectorInfo] { connectorList }
    func saveCRTC(_ crtc: UInt32) -> SavedCRTC? { calls.append("saveCRTC \(crtc)"); return saved }

    /// Buffers wider than this are refused (a driver short of scan-out memory).
    var refuseBuffersWiderThan = Int.max

    func createDumbBuffer(width: Int, height: Int) throws -> DumbBuffer {
        if width > refuseBuffersWiderThan { throw Errno(12 /* ENOMEM */) }
        let pitch = width * 4 + extraPitch
        let size = pitch * height
        let memory = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 64)
        memory.initializeMemory(as: UInt32.self, repeating: Self.padding, count: size / 4)
        allocations.append(memory)
        nextHandle += 1
        calls.append("create \(width)x\(height)")
        let buffer = DumbBuffer(handle: nextHandle, framebuffer: nextHandle + 1000, width: width, height: height,
                                pitch: pitch, size: size, pixels: memory)
        buffersByHandle[nextHandle] = buffer
        liveBytes[nextHandle] = size
        return buffer
    }

    func destroyDumbBuffer(_ buffer: DumbBuffer) {
        liveBytes[buffer.handle] = nil
        calls.append("destroy fb \(buffer.framebuffer)")
    }

    /// Scan-out memory: showing a frame while the live buffers need more fails with
    /// ENOMEM (bochs pins them in its video memory when a flip or modeset shows one).
    var scanoutMemory = Int.max
    private var liveBytes: [UInt32: Int] = [:]
    private func pin() throws {
        if liveBytes.values.reduce(0, +) > scanoutMemory { throw Errno(12 /* ENOMEM */) }
    }

    func setCRTC(_ crtc: UInt32, framebuffer: UInt32, connector: UInt32, mode: DisplayMode, x: Int, y: Int) throws {
        if let setCRTCError { throw setCRTCError }
        try pin()
        calls.append("setCRTC \(crtc) fb \(framebuffer) conn \(connector) \(mode)" + (x != 0 ? " x \(x)" : "") + (y != 0 ? " y \(y)" : ""))
        onScreen = (framebuffer, x, y)
    }

    func addFramebuffer(over buffer: DumbBuffer, rows: Int, columns: Int, width: Int, height: Int) throws -> UInt32 {
        if let addFramebufferError { throw addFramebufferError }
        precondition(rows >= 0 && rows + height <= buffer.height, "offset framebuffer outside its buffer")
        precondition(columns >= 0 && columns + width <= buffer.width, "offset framebuffer outside its buffer")
        nextOffsetFB += 1
        offsetFramebuffers[nextOffsetFB] = (buffer.handle, rows, columns)
        calls.append("addFB \(nextOffsetFB) over \(buffer.handle) rows \(rows)" + (columns != 0 ? " columns \(columns)" : ""))
        return nextOffsetFB
    }

    /// Framebuffers removed while the CRTC still scanned them out (a driver would turn
    /// the CRTC off): must stay empty.
    private(set) var removedWhileOnScreen: [UInt32] = []

    func removeFramebuffer(_ framebuffer: UInt32) {
        if onScreen?.framebuffer == framebuffer || (pendingFlips > 0 && shownBeforeFlip == framebuffer) {
            removedWhileOnScreen.append(framebuffer)
        }
        offsetFramebuffers[framebuffer] = nil
        calls.append("rmFB \(framebuffer)")
    }

    func restoreCRTC(_ saved: SavedCRTC, connector: UInt32) throws {
        calls.append("restoreCRTC \(saved.crtc) fb \(saved.framebuffer) conn \(connector)")
    }

    /// Whether `enableAtomic` finds a primary plane, and an error for `atomicFlip`.
    var atomicSupported = false
    var atomicError: Errno?
    func enableAtomic(crtc: UInt32, crtcIndex: Int) -> Bool { atomicSupported }
    func atomicFlip(crtc: UInt32, framebuffer: UInt32, sourceX: Int, sourceY: Int, width: Int, height: Int,
                    damage: [(x: Int, y: Int, width: Int, height: Int)]) throws {
        if let atomicError { throw atomicError }
        try pin()
        shownBeforeFlip = onScreen?.framebuffer
        precondition(atomicSupported, "atomic commit without atomic modesetting")
        pendingFlips += 1
        onFlip()
        calls.append("atomic \(crtc) fb \(framebuffer)" + (sourceX != 0 ? " srcX \(sourceX)" : "") + " srcY \(sourceY) \(width)x\(height) damage "
                     + damage.map { "\($0.width)x\($0.height)+\($0.x)+\($0.y)" }.joined(separator: ","))
        onScreen = (framebuffer, sourceX, sourceY)
    }

    /// The framebuffer the panel scans out until the queued flip completes.
    private(set) var shownBeforeFlip: UInt32?

    func pageFlip(_ crtc: UInt32, framebuffer: UInt32) throws {
        if let flipError { throw flipError }
        try pin()
        shownBeforeFlip = onScreen?.framebuffer
        pendingFlips += 1
        onFlip()
        calls.append("pageFlip \(crtc) fb \(framebuffer)")
        onScreen = (framebuffer, onScreen?.x ?? 0, onScreen?.y ?? 0)
    }

    func dirtyFramebuffer(_ framebuffer: UInt32, rects: [(x: Int, y: Int, width: Int, height: Int)]) throws {
        calls.append("dirtyFB \(framebuffer) \(rects.map { "\($0.width)x\($0.height)+\($0.x)+\($0.y)" }.joined(separator: ","))")
        if let dirtyError { throw dirtyError }
    }

    func readFlipEvents() throws -> Int { let n = pendingFlips; pendingFlips = 0; return n }
    func dropMaster() throws { calls.append("dropMaster") }
    /// How many more `setMaster` calls fail with EBUSY (another program is master).
    var masterBusyFor = 0
    func setMaster() throws {
        calls.append("setMaster")
        if masterBusyFor > 0 { masterBusyFor -= 1; throw Errno(16 /* EBUSY */) }
    }
    func setPower(connector: UInt32, on: Bool) throws { calls.append("power \(connector) \(on ? "on" : "off")") }

    /// The pixel the screen shows at (x, y), as a driver that honours both framebuffer
    /// offsets and the CRTC's (or plane's source) x and y would scan it out.
    func screenPixel(x: Int, y: Int) -> UInt32? {
        guard let onScreen else { return nil }
        var handle = onScreen.framebuffer - 1000, rows = onScreen.y, columns = onScreen.x
        if let offset = offsetFramebuffers[onScreen.framebuffer] { handle = offset.handle; rows += offset.rows; columns += offset.columns }
        guard let buffer = buffersByHandle[handle] else { return nil }
        return pixel(buffer, x: columns + x, y: rows + y)
    }

    func pixel(_ buffer: DumbBuffer, x: Int, y: Int) -> UInt32 {
        (buffer.pixels + y * buffer.pitch + x * 4).load(as: UInt32.self)
    }
}

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

    func handle(_ event: TouchEvent) { events.append(event); changed = true }
    func frame(at time: Double, for request: FrameRequest?) -> FrameReport {
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
    var geometry: DisplayGeometry? { DisplayGeometry(nativeWidth: bitmap.canvas.width, nativeHeight: bitmap.canvas.height, rotation: rotation) }
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
    func reconfigure(rotation: Rotation, mode: (width: Int, height: Int)?) throws {
        if let reconfigureRefusal { throw reconfigureRefusal }
        self.rotation = rotation
        if let reconfigureError { throw reconfigureError }
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
                        configure: (FakeKMSDevice) -> Void = { _ in },
                        log: @escaping (String) -> Void) throws -> (KMSDisplay, FakeKMSDevice) {
    let mode = DisplayMode(width: width, height: height, refresh: 60, preferred: true)
    let device = FakeKMSDevice(connectors: [connector(5, "Virtual-1", modes: [mode])])
    device.driverName = driver
    device.atomicSupported = atomic
    configure(device)
    let display = KMSDisplay(device: device, log: Logger(sink: log))
    display.panOverride = "on"
    try display.start()
    return (display, device)
}
