import Display
import LoopCore

/// The one KMS device without a kernel: dumb buffers are plain memory, and it keeps what a
/// driver would show. The headless kiosk and the bench drive the real `KMSDisplay` (per-buffer
/// damage, panning, re-centres, frames written straight into a buffer) and the real
/// compositor through it, so they run the paths the device runs, minus the kernel calls;
/// the display's tests set it up as a card that records every call and refuses on demand
/// (`recordingCard`).
///
/// Named after a driver so the display picks that driver's scrolling method ("bochs-drm"
/// pans by offset framebuffers; "copy" is a driver not known to pan). A page flip completes
/// at once, as on drivers without vblank (bochs, virtio-gpu): with `system`, its event is
/// readable on `fd` through the embedded poll. With `vblankInterval` set it completes at the
/// next vertical blank instead (a blank every interval from time 0), as on a panel with
/// vblank: the latency tests use it.
public final class MemoryKMSDevice: KMSDevice {
    /// What a recording card fills its buffers with, so a write past a row shows.
    public static let padding: UInt32 = 0xDEAD_BEEF

    public let fd: FileDescriptor
    public let path: String
    public var driverName: String
    public var maxFramebufferHeight = 8192
    public var crtcs: [UInt32]
    public var connectorList: [ConnectorInfo]
    /// What `saveCRTC` answers (what the CRTC showed before Lectern).
    public var saved: SavedCRTC?
    private let system: EmbeddedSystemCalls?

    // How buffers are laid out: a pitch of `width × 4 + extraPitch` rounded up to
    // `pitchAlignment` bytes, every byte `fill` at first.
    public var extraPitch = 0
    public var pitchAlignment = 256
    public var fill: UInt32 = 0
    private var nextHandle: UInt32 = 100
    private var nextOffsetFramebuffer: UInt32 = 5000
    private var memory: [UInt32: UnsafeMutableRawPointer] = [:]
    public private(set) var buffersByHandle: [UInt32: DumbBuffer] = [:]
    /// Framebuffers from `addFramebuffer` still registered: id → (buffer handle, first row, first column).
    public private(set) var offsetFramebuffers: [UInt32: (handle: UInt32, rows: Int, columns: Int)] = [:]

    // What is shown.
    /// What the CRTC scans out: the framebuffer, x and y of the last SetCrtc / flip.
    public private(set) var onScreen: (framebuffer: UInt32, x: Int, y: Int)?
    /// The framebuffer the panel scans out until the queued flip completes.
    public private(set) var shownBeforeFlip: UInt32?
    /// Frames shown so far (mode sets and flips).
    public private(set) var shown = 0
    public private(set) var powered = true
    /// Framebuffers removed while the CRTC still scanned them out (a driver would turn
    /// the CRTC off): must stay empty.
    public private(set) var removedWhileOnScreen: [UInt32] = []

    // Flips.
    /// Seconds between vertical blanks; nil: flips complete at once.
    public var vblankInterval: Double?
    /// When each flip queued and not yet read completes.
    private var flipsDue: [Double] = []
    /// When each flip read so far completed (the flip events' timestamps), kept while
    /// `recordsFlips` (off by default: a soak would grow it without end).
    public private(set) var flipCompletions: [Double] = []
    public var recordsFlips = false
    /// Called when a flip is queued (a test's loop makes its event readable).
    public var onFlip: () -> Void = {}

    // Calls and refusals (the display's tests).
    /// Every call in order, kept while `recordsCalls` (off by default: a soak would grow it without end).
    public var calls: [String] = []
    public var recordsCalls = false
    /// Whether `enableAtomic` finds a primary plane.
    public var atomicSupported = false
    /// An overlay plane that scans out NV12 and scales it, as vc4's (nil: none, as bochs
    /// and virtio-gpu); MemoryKMSDevice+Overlay.swift.
    public var overlay: MemoryOverlayPlane?
    public var flipError: Errno?
    public var atomicError: Errno?
    public var dirtyError: Errno?
    public var setCRTCError: Errno?
    /// Errors for `addFramebuffer` (a driver that refuses offsets).
    public var addFramebufferError: Errno?
    /// Buffers wider than this are refused (a driver short of scan-out memory).
    public var refuseBuffersWiderThan = Int.max
    /// Scan-out memory: showing a frame while the live buffers need more fails with
    /// ENOMEM (bochs pins them in its video memory when a flip or modeset shows one).
    public var scanoutMemory = Int.max
    private var liveBytes: [UInt32: Int] = [:]
    /// How many more `setMaster` calls fail with EBUSY (another program is master).
    public var masterBusyFor = 0

    /// A card with `connectors` on `crtcs`.
    /// - Parameter system: the embedded loop's calls, told when a flip's event is
    ///   readable; without it (a display driven by hand) `readFlips` answers every flip queued.
    public init(connectors: [ConnectorInfo], crtcs: [UInt32] = [1], driverName: String, path: String = "memory",
                fd: FileDescriptor? = nil, system: EmbeddedSystemCalls? = nil) {
        connectorList = connectors
        self.crtcs = crtcs
        self.driverName = driverName
        self.path = path
        self.system = system
        self.fd = fd ?? FileDescriptor(rawValue: system == nil ? -1 : 992)
    }

    /// The headless kiosk's panel: one connector, `width` × `height`, buffers zeroed with
    /// a pitch aligned as drivers align it.
    public convenience init(width: Int, height: Int, driverName: String, system: EmbeddedSystemCalls? = nil) {
        self.init(connectors: [], driverName: driverName, system: system)
        setMode(width: width, height: height)
    }

    /// The display's tests' card: two CRTCs, every call recorded, buffers with a pitch 64
    /// bytes wider than the row, filled with `padding`.
    public static func recordingCard(connectors: [ConnectorInfo]) -> MemoryKMSDevice {
        let device = MemoryKMSDevice(connectors: connectors, crtcs: [31, 32], driverName: "fake", path: "/dev/dri/card9",
                                     fd: FileDescriptor(40))
        device.maxFramebufferHeight = 4096
        device.saved = SavedCRTC(crtc: 31, framebuffer: 7, mode: DisplayMode(width: 640, height: 480))
        device.recordsCalls = true
        (device.extraPitch, device.pitchAlignment, device.fill) = (64, 1, padding)
        return device
    }

    deinit { for m in memory.values { m.deallocate() } }

    func record(_ call: @autoclosure () -> String) {
        if recordsCalls { calls.append(call()) }
    }

    /// Another panel size (a headless reload asking for a mode).
    public func setMode(width: Int, height: Int) {
        let mode = DisplayMode(width: width, height: height, refresh: 60, preferred: true)
        connectorList = [ConnectorInfo(id: 2, name: "Memory-1", connected: true, modes: [mode], possibleCRTCs: [0])]
    }

    public func crtcIDs() throws -> [UInt32] { crtcs }
    public func connectors() throws -> [ConnectorInfo] { connectorList }
    public func saveCRTC(_ crtc: UInt32) -> SavedCRTC? {
        record("saveCRTC \(crtc)")
        return saved
    }

    public func createDumbBuffer(width: Int, height: Int) throws -> DumbBuffer {
        if width > refuseBuffersWiderThan { throw Errno(12 /* ENOMEM */) }
        let pitch = (width * 4 + extraPitch + pitchAlignment - 1) / pitchAlignment * pitchAlignment
        let size = pitch * height
        let pixels = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 4096)
        pixels.initializeMemory(as: UInt32.self, repeating: fill, count: size / 4)
        nextHandle += 1
        memory[nextHandle] = pixels
        record("create \(width)x\(height)")
        let buffer = DumbBuffer(handle: nextHandle, framebuffer: nextHandle + 1000, width: width, height: height,
                                pitch: pitch, size: size, pixels: pixels)
        buffersByHandle[nextHandle] = buffer
        liveBytes[nextHandle] = size
        return buffer
    }

    public func destroyDumbBuffer(_ buffer: DumbBuffer) {
        liveBytes[buffer.handle] = nil
        buffersByHandle[buffer.handle] = nil
        memory.removeValue(forKey: buffer.handle)?.deallocate()
        record("destroy fb \(buffer.framebuffer)")
    }

    func pin() throws {
        if liveBytes.values.reduce(0, +) > scanoutMemory { throw Errno(12 /* ENOMEM */) }
    }

    public func setCRTC(_ crtc: UInt32, framebuffer: UInt32, connector: UInt32, mode: DisplayMode, x: Int, y: Int) throws {
        if let setCRTCError { throw setCRTCError }
        try pin()
        record("setCRTC \(crtc) fb \(framebuffer) conn \(connector) \(mode)" + (x != 0 ? " x \(x)" : "") + (y != 0 ? " y \(y)" : ""))
        onScreen = (framebuffer, x, y)
        shown += 1
    }

    public func addFramebuffer(over buffer: DumbBuffer, rows: Int, columns: Int, width: Int, height: Int) throws -> UInt32 {
        if let addFramebufferError { throw addFramebufferError }
        precondition(rows >= 0 && rows + height <= buffer.height, "offset framebuffer outside its buffer")
        precondition(columns >= 0 && columns + width <= buffer.width, "offset framebuffer outside its buffer")
        nextOffsetFramebuffer += 1
        offsetFramebuffers[nextOffsetFramebuffer] = (buffer.handle, rows, columns)
        record("addFB \(nextOffsetFramebuffer) over \(buffer.handle) rows \(rows)" + (columns != 0 ? " columns \(columns)" : ""))
        return nextOffsetFramebuffer
    }

    public func removeFramebuffer(_ framebuffer: UInt32) {
        if onScreen?.framebuffer == framebuffer || (!flipsDue.isEmpty && shownBeforeFlip == framebuffer) {
            removedWhileOnScreen.append(framebuffer)
        }
        offsetFramebuffers[framebuffer] = nil
        record("rmFB \(framebuffer)")
    }

    public func restoreCRTC(_ saved: SavedCRTC, connector: UInt32) throws {
        record("restoreCRTC \(saved.crtc) fb \(saved.framebuffer) conn \(connector)")
    }

    public func enableAtomic(crtc: UInt32, crtcIndex: Int) -> Bool { atomicSupported }

    public func atomicFlip(crtc: UInt32, framebuffer: UInt32, sourceX: Int, sourceY: Int, width: Int, height: Int,
                           damage: [(x: Int, y: Int, width: Int, height: Int)]) throws {
        if let atomicError { throw atomicError }
        try pin()
        precondition(atomicSupported, "atomic commit without atomic modesetting")
        queueFlip()
        record("atomic \(crtc) fb \(framebuffer)" + (sourceX != 0 ? " srcX \(sourceX)" : "") + " srcY \(sourceY) \(width)x\(height) damage "
               + damage.map { "\($0.width)x\($0.height)+\($0.x)+\($0.y)" }.joined(separator: ","))
        onScreen = (framebuffer, sourceX, sourceY)
    }

    public func pageFlip(_ crtc: UInt32, framebuffer: UInt32) throws {
        if let flipError { throw flipError }
        try pin()
        queueFlip()
        record("pageFlip \(crtc) fb \(framebuffer)")
        onScreen = (framebuffer, onScreen?.x ?? 0, onScreen?.y ?? 0)
    }

    func queueFlip() {
        shownBeforeFlip = onScreen?.framebuffer
        shown += 1
        let now = system?.clock.time ?? 0
        let due = vblankInterval.map { Self.nextBlank(after: now, interval: $0) } ?? now
        flipsDue.append(due)
        system?.schedule(fd, at: due)
        onFlip()
    }

    /// The first blank strictly after `time` (blank k at k × interval; the tolerance
    /// keeps a loop woken at blank k from landing on k again by rounding).
    public static func nextBlank(after time: Double, interval: Double) -> Double {
        (((time / interval) + 1e-6).rounded(.down) + 1) * interval
    }

    public func dirtyFramebuffer(_ framebuffer: UInt32, rects: [(x: Int, y: Int, width: Int, height: Int)]) throws {
        record("dirtyFB \(framebuffer) \(rects.map { "\($0.width)x\($0.height)+\($0.x)+\($0.y)" }.joined(separator: ","))")
        if let dirtyError { throw dirtyError }
    }

    public func readFlipEvents() throws -> Int { try readFlips().count }

    /// The flips completed by now (all of them without the embedded loop's clock, and
    /// then with no timestamp, as a driver that gives none).
    public func readFlips() throws -> FlipCompletions {
        let now = system?.clock.time ?? .infinity
        let done = flipsDue.filter { $0 <= now + 1e-9 }
        flipsDue.removeAll { $0 <= now + 1e-9 }
        if recordsFlips { flipCompletions += done }
        return FlipCompletions(count: done.count, lastTime: system == nil ? nil : done.last)
    }

    public func dropMaster() throws { record("dropMaster") }

    public func setMaster() throws {
        record("setMaster")
        if masterBusyFor > 0 { masterBusyFor -= 1; throw Errno(16 /* EBUSY */) }
    }

    public func setPower(connector: UInt32, on: Bool) throws {
        record("power \(connector) \(on ? "on" : "off")")
        powered = on
    }

    /// The pixel the screen shows at (x, y), as a driver that honours both framebuffer
    /// offsets and the CRTC's (or plane's source) x and y would scan it out.
    public func screenPixel(x: Int, y: Int) -> UInt32? {
        guard let onScreen else { return nil }
        var handle = onScreen.framebuffer - 1000, rows = onScreen.y, columns = onScreen.x
        if let offset = offsetFramebuffers[onScreen.framebuffer] { handle = offset.handle; rows += offset.rows; columns += offset.columns }
        guard let buffer = buffersByHandle[handle] else { return nil }
        return pixel(buffer, x: columns + x, y: rows + y)
    }

    public func pixel(_ buffer: DumbBuffer, x: Int, y: Int) -> UInt32 {
        (buffer.pixels + y * buffer.pitch + x * 4).load(as: UInt32.self)
    }
}
