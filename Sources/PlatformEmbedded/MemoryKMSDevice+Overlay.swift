import Display
import LoopCore
import Raster

/// An overlay plane in memory: the NV12 buffers made for it and what it shows, so tests
/// can read the picture a driver would scan out at a screen point (its Y, U and V; the
/// conversion to RGB is the tests' own).
public final class MemoryOverlayPlane {
    public let plane: OverlayPlane
    /// What the plane shows (nil: off).
    public internal(set) var shown: PlaneCommit?
    /// Commits that set the plane, and those of the plane alone (the primary untouched).
    public internal(set) var commits = 0
    public internal(set) var planeOnlyCommits = 0
    var buffers: [UInt32: NV12Buffer] = [:]
    var memory: [UInt32: UnsafeMutableRawPointer] = [:]
    var nextFramebuffer: UInt32 = 9000

    public init(id: UInt32 = 77, formats: [UInt32] = [OverlayPlane.nv12]) {
        plane = OverlayPlane(id: id, formats: formats)
    }

    deinit { for m in memory.values { m.deallocate() } }

    /// NV12 buffers alive.
    public var bufferCount: Int { buffers.count }

    /// The Y, U and V the plane scans out at screen point (x, y), nil where it shows nothing.
    public func sample(x: Int, y: Int) -> (y: UInt8, u: UInt8, v: UInt8)? {
        guard let shown, shown.destination.contains(x: x, y: y), let buffer = buffers[shown.framebuffer] else { return nil }
        let sx = shown.source.x + (x - shown.destination.x) * shown.source.width / shown.destination.width
        let sy = shown.source.y + (y - shown.destination.y) * shown.source.height / shown.destination.height
        let luma = (buffer.pixels + sy * buffer.pitch + sx).load(as: UInt8.self)
        let chroma = buffer.pixels + buffer.chromaOffset + (sy / 2) * buffer.pitch + (sx / 2) * 2
        return (luma, chroma.load(as: UInt8.self), (chroma + 1).load(as: UInt8.self))
    }

    func apply(_ commit: PlaneCommit) {
        precondition(commit.plane == plane.id, "a commit of plane \(commit.plane), not the overlay \(plane.id)")
        if !commit.isOff {
            precondition(buffers[commit.framebuffer] != nil, "plane commit of framebuffer \(commit.framebuffer), not an NV12 one")
            let buffer = buffers[commit.framebuffer]!
            precondition(commit.source.x >= 0 && commit.source.maxX <= buffer.width && commit.source.y >= 0 && commit.source.maxY <= buffer.height,
                         "plane source \(commit.source) outside its \(buffer.width)x\(buffer.height) framebuffer")
        }
        shown = commit.isOff ? nil : commit
        commits += 1
    }
}

extension MemoryKMSDevice {
    public func overlayPlanes(crtcIndex: Int) -> [OverlayPlane] {
        guard atomicSupported, let overlay else { return [] }
        return [overlay.plane]
    }

    public func createNV12Buffer(width: Int, height: Int) throws -> NV12Buffer {
        guard let overlay else { throw Errno.notSupported }
        let pitch = (width + 63) / 64 * 64
        let size = pitch * height * 3 / 2
        let pixels = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 4096)
        pixels.initializeMemory(as: UInt8.self, repeating: 0, count: size)
        overlay.nextFramebuffer += 1
        let buffer = NV12Buffer(handle: overlay.nextFramebuffer, framebuffer: overlay.nextFramebuffer, width: width, height: height,
                                pitch: pitch, size: size, pixels: pixels)
        overlay.buffers[buffer.framebuffer] = buffer
        overlay.memory[buffer.framebuffer] = pixels
        record("createNV12 \(width)x\(height)")
        return buffer
    }

    public func destroyNV12Buffer(_ buffer: NV12Buffer) {
        guard let overlay else { return }
        if overlay.shown?.framebuffer == buffer.framebuffer { overlay.shown = nil }  // RmFB turns the plane off
        overlay.buffers[buffer.framebuffer] = nil
        overlay.memory.removeValue(forKey: buffer.framebuffer)?.deallocate()
        record("destroyNV12 \(buffer.framebuffer)")
    }

    public func atomicFlip(crtc: UInt32, framebuffer: UInt32, sourceX: Int, sourceY: Int, width: Int, height: Int,
                           damage: [(x: Int, y: Int, width: Int, height: Int)], plane: PlaneCommit?) throws {
        if plane != nil, overlay == nil { throw Errno.notSupported }
        try atomicFlip(crtc: crtc, framebuffer: framebuffer, sourceX: sourceX, sourceY: sourceY, width: width, height: height, damage: damage)
        if let plane, let overlay {
            overlay.apply(plane)
            record("plane \(Self.describe(plane))")
        }
    }

    public func atomicPlaneFlip(crtc: UInt32, plane: PlaneCommit) throws {
        if let atomicError { throw atomicError }
        guard let overlay else { throw Errno.notSupported }
        precondition(atomicSupported, "atomic commit without atomic modesetting")
        queueFlip()
        overlay.apply(plane)
        overlay.planeOnlyCommits += 1
        record("plane only \(Self.describe(plane))")
    }

    static func describe(_ plane: PlaneCommit) -> String {
        plane.isOff ? "\(plane.plane) off"
            : "\(plane.plane) fb \(plane.framebuffer) src \(plane.source) dst \(plane.destination)"
    }
}
