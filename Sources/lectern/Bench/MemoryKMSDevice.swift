import Platform

/// A KMS device whose dumb buffers are plain memory and whose flips complete at once:
/// the bench drives the real `KMSDisplay` (per-buffer damage, panning, re-centres)
/// through it, so a frame costs what it costs on the device minus the kernel calls.
/// Named after a driver so the display picks that driver's scrolling method.
final class MemoryKMSDevice: KMSDevice {
    let fd = FileDescriptor(rawValue: -1)
    let path = "memory"
    let driverName: String
    let maxFramebufferHeight = 8192
    private let mode: DisplayMode
    private var nextHandle: UInt32 = 1
    private var flips = 0
    private var memory: [UInt32: UnsafeMutableRawPointer] = [:]

    init(width: Int, height: Int, driverName: String) {
        mode = DisplayMode(width: width, height: height, refresh: 60, preferred: true)
        self.driverName = driverName
    }

    deinit { for m in memory.values { m.deallocate() } }

    func crtcIDs() throws -> [UInt32] { [1] }
    func connectors() throws -> [ConnectorInfo] {
        [ConnectorInfo(id: 2, name: "Memory-1", connected: true, modes: [mode], possibleCRTCs: [0])]
    }
    func saveCRTC(_ crtc: UInt32) -> SavedCRTC? { nil }

    func createDumbBuffer(width: Int, height: Int) throws -> DumbBuffer {
        let pitch = (width * 4 + 255) & ~255
        let pixels = UnsafeMutableRawPointer.allocate(byteCount: pitch * height, alignment: 4096)
        pixels.initializeMemory(as: UInt8.self, repeating: 0, count: pitch * height)
        nextHandle += 1
        memory[nextHandle] = pixels
        return DumbBuffer(handle: nextHandle, framebuffer: nextHandle, width: width, height: height,
                          pitch: pitch, size: pitch * height, pixels: pixels)
    }

    func destroyDumbBuffer(_ buffer: DumbBuffer) {
        memory.removeValue(forKey: buffer.handle)?.deallocate()
    }

    func setCRTC(_ crtc: UInt32, framebuffer: UInt32, connector: UInt32, mode: DisplayMode, y: Int) throws {}
    func addFramebuffer(over buffer: DumbBuffer, rows: Int, height: Int) throws -> UInt32 { nextHandle += 1; return nextHandle }
    func removeFramebuffer(_ framebuffer: UInt32) {}
    func restoreCRTC(_ saved: SavedCRTC, connector: UInt32) throws {}
    func pageFlip(_ crtc: UInt32, framebuffer: UInt32) throws { flips += 1 }
    func dirtyFramebuffer(_ framebuffer: UInt32, rects: [(x: Int, y: Int, width: Int, height: Int)]) throws {}
    func readFlipEvents() throws -> Int { defer { flips = 0 }; return flips }
    func dropMaster() throws {}
    func setMaster() throws {}
    func setPower(connector: UInt32, on: Bool) throws {}
}
