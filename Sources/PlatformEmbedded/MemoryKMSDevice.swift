import LoopCore
import Display

/// A KMS device whose dumb buffers are plain memory: the headless kiosk and the bench
/// drive the real `KMSDisplay` (per-buffer damage, panning, re-centres, frames written
/// straight into a buffer) and the real compositor through it, so they run the paths the
/// device runs, minus the kernel calls. Named after a driver so the display picks that
/// driver's scrolling method ("bochs-drm" pans by offset framebuffers; "copy" is a driver
/// not known to pan). A page flip completes at once, as on drivers without vblank (bochs,
/// virtio-gpu): its event is readable on `fd` through the embedded poll. With
/// `vblankInterval` set it completes at the next vertical blank instead (a blank every
/// interval from time 0), as on a panel with vblank: the latency tests use it.
public final class MemoryKMSDevice: KMSDevice {
    public let fd: FileDescriptor
    public let path = "memory"
    public let driverName: String
    public let maxFramebufferHeight = 8192
    private var mode: DisplayMode
    private let system: EmbeddedSystemCalls?
    private var nextHandle: UInt32 = 1
    /// Seconds between vertical blanks; nil: flips complete at once.
    public var vblankInterval: Double?
    /// When each flip queued and not yet read completes.
    private var flipsDue: [Double] = []
    /// When each flip read so far completed (the flip events' timestamps), kept while
    /// `recordsFlips` (off by default: a soak would grow it without end).
    public private(set) var flipCompletions: [Double] = []
    public var recordsFlips = false
    private var memory: [UInt32: UnsafeMutableRawPointer] = [:]
    /// Frames shown so far (mode sets and flips), and the framebuffer shown last.
    public private(set) var shown = 0
    public private(set) var powered = true

    /// - Parameter system: the embedded loop's calls, told when a flip's event is
    ///   readable; without it (a display driven by hand) `readFlipEvents` answers them.
    public init(width: Int, height: Int, driverName: String, system: EmbeddedSystemCalls? = nil) {
        mode = DisplayMode(width: width, height: height, refresh: 60, preferred: true)
        self.driverName = driverName
        self.system = system
        fd = FileDescriptor(rawValue: system == nil ? -1 : 992)
    }

    deinit { for m in memory.values { m.deallocate() } }

    /// Another panel size (a headless reload asking for a mode).
    public func setMode(width: Int, height: Int) { mode = DisplayMode(width: width, height: height, refresh: 60, preferred: true) }

    public func crtcIDs() throws -> [UInt32] { [1] }
    public func connectors() throws -> [ConnectorInfo] {
        [ConnectorInfo(id: 2, name: "Memory-1", connected: true, modes: [mode], possibleCRTCs: [0])]
    }
    public func saveCRTC(_ crtc: UInt32) -> SavedCRTC? { nil }

    public func createDumbBuffer(width: Int, height: Int) throws -> DumbBuffer {
        let pitch = (width * 4 + 255) & ~255
        let pixels = UnsafeMutableRawPointer.allocate(byteCount: pitch * height, alignment: 4096)
        pixels.initializeMemory(as: UInt8.self, repeating: 0, count: pitch * height)
        nextHandle += 1
        memory[nextHandle] = pixels
        return DumbBuffer(handle: nextHandle, framebuffer: nextHandle, width: width, height: height,
                          pitch: pitch, size: pitch * height, pixels: pixels)
    }

    public func destroyDumbBuffer(_ buffer: DumbBuffer) {
        memory.removeValue(forKey: buffer.handle)?.deallocate()
    }

    public func setCRTC(_ crtc: UInt32, framebuffer: UInt32, connector: UInt32, mode: DisplayMode, x: Int, y: Int) throws { shown += 1 }
    public func addFramebuffer(over buffer: DumbBuffer, rows: Int, columns: Int, width: Int, height: Int) throws -> UInt32 { nextHandle += 1; return nextHandle }
    public func removeFramebuffer(_ framebuffer: UInt32) {}
    public func restoreCRTC(_ saved: SavedCRTC, connector: UInt32) throws {}
    public func pageFlip(_ crtc: UInt32, framebuffer: UInt32) throws {
        shown += 1
        let now = system?.clock.time ?? 0
        let due = vblankInterval.map { Self.nextBlank(after: now, interval: $0) } ?? now
        flipsDue.append(due)
        if let system { system.schedule(fd, at: due) }
    }

    /// The first blank strictly after `time` (blank k at k × interval; the tolerance
    /// keeps a loop woken at blank k from landing on k again by rounding).
    public static func nextBlank(after time: Double, interval: Double) -> Double {
        (((time / interval) + 1e-6).rounded(.down) + 1) * interval
    }
    public func dirtyFramebuffer(_ framebuffer: UInt32, rects: [(x: Int, y: Int, width: Int, height: Int)]) throws {}
    public func readFlipEvents() throws -> Int { try readFlips().count }
    public func readFlips() throws -> FlipCompletions {
        let now = system?.clock.time ?? .infinity
        let done = flipsDue.filter { $0 <= now + 1e-9 }
        flipsDue.removeAll { $0 <= now + 1e-9 }
        if recordsFlips { flipCompletions += done }
        return FlipCompletions(count: done.count, lastTime: done.last)
    }
    public func dropMaster() throws {}
    public func setMaster() throws {}
    public func setPower(connector: UInt32, on: Bool) throws { powered = on }
}
