import LoopCore
import Raster
/// A display mode, as much of `drmModeModeInfo` as Lectern looks at, plus the raw
/// struct's bytes so the real device can hand it back to the kernel unchanged.
public struct DisplayMode: Equatable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    /// Vertical refresh in Hz.
    public var refresh: Int
    public var preferred: Bool
    /// `drmModeModeInfo`'s bytes (empty in tests).
    public var raw: [UInt8]

    public init(width: Int, height: Int, refresh: Int = 60, preferred: Bool = false, raw: [UInt8] = []) {
        self.width = width; self.height = height; self.refresh = refresh
        self.preferred = preferred; self.raw = raw
    }

    public var description: String { "\(width)x\(height)@\(refresh)" }
}

/// A connector (HDMI-A-1, DSI-1, Virtual-1, ...) and what can drive it.
public struct ConnectorInfo: Equatable, Sendable {
    public var id: UInt32
    public var name: String
    public var connected: Bool
    public var modes: [DisplayMode]
    /// Indices (into `KMSDevice.crtcIDs()`) of CRTCs any of its encoders can use,
    /// from the encoders' `possible_crtcs` bit masks.
    public var possibleCRTCs: Set<Int>
    /// The CRTC currently driving it, if any (keeps the boot console's choice).
    public var currentCRTC: UInt32?
    /// The panel's physical size as the display reports it (EDID), 0 when unknown.
    public var widthMillimetres = 0
    public var heightMillimetres = 0

    public init(id: UInt32, name: String, connected: Bool, modes: [DisplayMode], possibleCRTCs: Set<Int>, currentCRTC: UInt32? = nil,
                widthMillimetres: Int = 0, heightMillimetres: Int = 0) {
        self.id = id; self.name = name; self.connected = connected; self.modes = modes
        self.possibleCRTCs = possibleCRTCs; self.currentCRTC = currentCRTC
        self.widthMillimetres = widthMillimetres; self.heightMillimetres = heightMillimetres
    }
}

/// A mapped dumb buffer registered as a framebuffer.
public struct DumbBuffer: Equatable, Sendable {
    public var handle: UInt32
    public var framebuffer: UInt32
    public var width: Int
    public var height: Int
    /// Bytes per row, often more than width × 4.
    public var pitch: Int
    public var size: Int
    /// Write-only, write-combined memory: never read it.
    public nonisolated(unsafe) var pixels: UnsafeMutableRawPointer

    public init(handle: UInt32, framebuffer: UInt32, width: Int, height: Int, pitch: Int, size: Int, pixels: UnsafeMutableRawPointer) {
        self.handle = handle; self.framebuffer = framebuffer; self.width = width; self.height = height
        self.pitch = pitch; self.size = size; self.pixels = pixels
    }
}

/// What a CRTC showed before Lectern took it, restored at exit.
public struct SavedCRTC: Equatable, Sendable {
    public var crtc: UInt32
    public var framebuffer: UInt32
    public var x: Int
    public var y: Int
    public var mode: DisplayMode?
    public init(crtc: UInt32, framebuffer: UInt32, x: Int = 0, y: Int = 0, mode: DisplayMode?) {
        self.crtc = crtc; self.framebuffer = framebuffer; self.x = x; self.y = y; self.mode = mode
    }
}

/// The KMS calls Lectern makes on one DRM card, thin enough to fake: the real one
/// (`DRMCard`) calls libdrm, tests use a fake that records calls.
public protocol KMSDevice: AnyObject {
    /// The card's fd, polled for page-flip events.
    var fd: FileDescriptor { get }
    var path: String { get }
    /// The kernel driver's name (`drmGetVersion`): "bochs-drm", "virtio_gpu", "vc4"...
    /// Decides how (and whether) the display pans; "" when unknown.
    var driverName: String { get }
    /// The tallest framebuffer the driver accepts (`max_height`), 0 when unknown.
    var maxFramebufferHeight: Int { get }
    func crtcIDs() throws -> [UInt32]
    func connectors() throws -> [ConnectorInfo]
    func saveCRTC(_ crtc: UInt32) -> SavedCRTC?
    func createDumbBuffer(width: Int, height: Int) throws -> DumbBuffer
    func destroyDumbBuffer(_ buffer: DumbBuffer)
    /// Shows `framebuffer` on `crtc` driving `connector` in `mode` (a modeset),
    /// scanning out from column `x`, row `y` of the framebuffer (0 but when panning).
    func setCRTC(_ crtc: UInt32, framebuffer: UInt32, connector: UInt32, mode: DisplayMode, x: Int, y: Int) throws
    /// A framebuffer over `buffer`'s memory starting `rows` rows down and `columns`
    /// columns in, `width`×`height` pixels (AddFB2 with `offsets[0] = rows × pitch +
    /// columns × 4`): how bochs-drm pans.
    func addFramebuffer(over buffer: DumbBuffer, rows: Int, columns: Int, width: Int, height: Int) throws -> UInt32
    /// Removes a framebuffer made by `addFramebuffer` (never one on screen).
    func removeFramebuffer(_ framebuffer: UInt32)
    /// Puts back what `saveCRTC` returned (framebuffer 0 turns the CRTC off).
    func restoreCRTC(_ saved: SavedCRTC, connector: UInt32) throws
    /// Queues a flip to `framebuffer` at the next vblank, with a completion event.
    func pageFlip(_ crtc: UInt32, framebuffer: UInt32) throws
    /// Tells the driver what changed (virtio-gpu and other "manual update" drivers
    /// show nothing without it). ENOSYS / EOPNOTSUPP mean "not needed".
    func dirtyFramebuffer(_ framebuffer: UInt32, rects: [(x: Int, y: Int, width: Int, height: Int)]) throws
    /// Turns on atomic modesetting for frames on `crtc` (index `crtcIndex` in `crtcIDs()`):
    /// finds its primary plane. False where the kernel or driver has none (or it has no
    /// such plane): frames then use the legacy calls.
    func enableAtomic(crtc: UInt32, crtcIndex: Int) -> Bool
    /// One non-blocking atomic commit with a flip-complete event: the CRTC's primary
    /// plane shows `framebuffer` from source column `sourceX`, row `sourceY`, `width`×`height` pixels at the
    /// screen's top-left, unscaled; `damage` (framebuffer coordinates) goes with it as
    /// FB_DAMAGE_CLIPS where the plane has them (empty: the whole plane).
    func atomicFlip(crtc: UInt32, framebuffer: UInt32, sourceX: Int, sourceY: Int, width: Int, height: Int,
                    damage: [(x: Int, y: Int, width: Int, height: Int)]) throws
    /// The same commit, which also shows `plane` (an overlay plane's framebuffer, scaled,
    /// or the plane off) at the same vblank.
    func atomicFlip(crtc: UInt32, framebuffer: UInt32, sourceX: Int, sourceY: Int, width: Int, height: Int,
                    damage: [(x: Int, y: Int, width: Int, height: Int)], plane: PlaneCommit?) throws
    /// One non-blocking atomic commit with a flip-complete event of `plane` alone: the
    /// primary plane keeps what it shows.
    func atomicPlaneFlip(crtc: UInt32, plane: PlaneCommit) throws
    /// The overlay planes CRTC `crtcIndex` can use and the formats each scans out (after
    /// `enableAtomic`; none without atomic modesetting).
    func overlayPlanes(crtcIndex: Int) -> [OverlayPlane]
    /// A mapped two-plane NV12 dumb buffer (`height` rows of luma, then `height / 2` of
    /// interleaved chroma, one pitch) registered as an NV12 framebuffer.
    func createNV12Buffer(width: Int, height: Int) throws -> NV12Buffer
    func destroyNV12Buffer(_ buffer: NV12Buffer)
    /// Reads the card's fd and returns how many page flips completed.
    func readFlipEvents() throws -> Int
    /// Reads the card's fd: how many page flips completed, and when the last did (the
    /// flip event's tv_sec / tv_usec, CLOCK_MONOTONIC seconds; nil when not known).
    func readFlips() throws -> FlipCompletions
    func dropMaster() throws
    func setMaster() throws
    /// DPMS on (true) or off through the connector's "DPMS" property.
    func setPower(connector: UInt32, on: Bool) throws
}

/// Page flips completed by one read of the card's fd.
public struct FlipCompletions: Equatable, Sendable {
    public var count: Int
    /// When the last of them was on glass (the kernel's timestamp, CLOCK_MONOTONIC s).
    public var lastTime: Double?
    public init(count: Int, lastTime: Double? = nil) { self.count = count; self.lastTime = lastTime }
}

extension KMSDevice {
    /// Devices that do not timestamp their flips (fakes): the count alone.
    public func readFlips() throws -> FlipCompletions { FlipCompletions(count: try readFlipEvents()) }

    /// Devices without atomic modesetting (the default for fakes).
    public func enableAtomic(crtc: UInt32, crtcIndex: Int) -> Bool { false }
    public func atomicFlip(crtc: UInt32, framebuffer: UInt32, sourceX: Int, sourceY: Int, width: Int, height: Int,
                           damage: [(x: Int, y: Int, width: Int, height: Int)]) throws {
        throw Errno.notSupported
    }

    /// Devices without overlay planes (the default for fakes, as bochs and virtio-gpu).
    public func atomicFlip(crtc: UInt32, framebuffer: UInt32, sourceX: Int, sourceY: Int, width: Int, height: Int,
                           damage: [(x: Int, y: Int, width: Int, height: Int)], plane: PlaneCommit?) throws {
        guard plane == nil else { throw Errno.notSupported }
        try atomicFlip(crtc: crtc, framebuffer: framebuffer, sourceX: sourceX, sourceY: sourceY, width: width, height: height, damage: damage)
    }
    public func atomicPlaneFlip(crtc: UInt32, plane: PlaneCommit) throws { throw Errno.notSupported }
    public func overlayPlanes(crtcIndex: Int) -> [OverlayPlane] { [] }
    public func createNV12Buffer(width: Int, height: Int) throws -> NV12Buffer { throw Errno.notSupported }
    public func destroyNV12Buffer(_ buffer: NV12Buffer) {}
}

/// An overlay plane: its object id and the formats (DRM fourcc codes) it scans out.
public struct OverlayPlane: Equatable, Sendable {
    /// DRM_FORMAT_NV12: a luma plane, then interleaved U and V at half the rows and columns.
    public static let nv12: UInt32 = 0x3231_564E
    public var id: UInt32
    public var formats: [UInt32]
    public init(id: UInt32, formats: [UInt32]) { self.id = id; self.formats = formats }
    public var scansOutNV12: Bool { formats.contains(Self.nv12) }
}

/// A mapped NV12 dumb buffer registered as a framebuffer: luma at offset 0, chroma at
/// `chromaOffset`, both with `pitch`.
public struct NV12Buffer: Equatable, Sendable {
    public var handle: UInt32
    public var framebuffer: UInt32
    public var width: Int
    public var height: Int
    public var pitch: Int
    public var size: Int
    /// Write-only, write-combined memory: never read it.
    public nonisolated(unsafe) var pixels: UnsafeMutableRawPointer

    public init(handle: UInt32, framebuffer: UInt32, width: Int, height: Int, pitch: Int, size: Int, pixels: UnsafeMutableRawPointer) {
        self.handle = handle; self.framebuffer = framebuffer; self.width = width; self.height = height
        self.pitch = pitch; self.size = size; self.pixels = pixels
    }

    public var chromaOffset: Int { pitch * height }
}

/// What an atomic commit sets on an overlay plane: `framebuffer`'s `source` rectangle
/// (its pixels) scaled to `destination` on screen; framebuffer 0 turns the plane off.
public struct PlaneCommit: Equatable, Sendable {
    public var plane: UInt32
    public var framebuffer: UInt32
    public var source: IntRect
    public var destination: IntRect

    public init(plane: UInt32, framebuffer: UInt32, source: IntRect, destination: IntRect) {
        self.plane = plane; self.framebuffer = framebuffer; self.source = source; self.destination = destination
    }

    /// The plane off.
    public static func off(_ plane: UInt32) -> PlaneCommit { PlaneCommit(plane: plane, framebuffer: 0, source: .zero, destination: .zero) }
    public var isOff: Bool { framebuffer == 0 }
}
