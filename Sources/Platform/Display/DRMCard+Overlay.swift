import CDRM
import CSystemShim
import Display
import Glibc
import LoopCore
import Raster

/// Overlay planes on the real card: which the CRTC can use and what they scan out, NV12
/// dumb buffers (one buffer, luma rows then half as many chroma rows, registered with
/// AddFB2 as two planes), and commits that set a plane with or without the primary.
extension DRMCard {
    public func overlayPlanes(crtcIndex: Int) -> [OverlayPlane] {
        guard let primary = atomicPlane, let res = drmModeGetPlaneResources(fd.rawValue) else { return [] }
        defer { drmModeFreePlaneResources(res) }
        var found: [OverlayPlane] = []
        for i in 0..<Int(res.pointee.count_planes) {
            let planeID = res.pointee.planes[i]
            guard let plane = drmModeGetPlane(fd.rawValue, planeID) else { continue }
            let usable = plane.pointee.possible_crtcs & (1 << UInt32(crtcIndex)) != 0
            let formats = (0..<Int(plane.pointee.count_formats)).map { plane.pointee.formats[$0] }
            drmModeFreePlane(plane)
            guard usable else { continue }
            let props = properties(of: planeID, type: UInt32(DRM_MODE_OBJECT_PLANE))
            guard props["type"]?.value == UInt64(DRM_PLANE_TYPE_OVERLAY) else { continue }
            func id(_ name: String) -> UInt32? { props[name]?.id }
            guard let fb = id("FB_ID"), let crtcProp = id("CRTC_ID"), let sx = id("SRC_X"), let sy = id("SRC_Y"),
                  let sw = id("SRC_W"), let sh = id("SRC_H"), let cx = id("CRTC_X"), let cy = id("CRTC_Y"),
                  let cw = id("CRTC_W"), let ch = id("CRTC_H") else { continue }
            overlays[planeID] = AtomicPlane(plane: planeID, crtc: primary.crtc, fbID: fb, crtcID: crtcProp, srcX: sx, srcY: sy, srcW: sw, srcH: sh,
                                            crtcX: cx, crtcY: cy, crtcW: cw, crtcH: ch, damageClips: nil)
            found.append(OverlayPlane(id: planeID, formats: formats))
        }
        return found
    }

    public func createNV12Buffer(width: Int, height: Int) throws -> NV12Buffer {
        var create = drm_mode_create_dumb()
        create.width = UInt32(width)
        create.height = UInt32(height + height / 2)
        create.bpp = 8
        try system.ioctl(fd, cshim_DRM_IOCTL_MODE_CREATE_DUMB, &create)
        var destroy = drm_mode_destroy_dumb(handle: create.handle)
        let pitch = create.pitch
        var handles: (UInt32, UInt32, UInt32, UInt32) = (create.handle, create.handle, 0, 0)
        var pitches: (UInt32, UInt32, UInt32, UInt32) = (pitch, pitch, 0, 0)
        var offsets: (UInt32, UInt32, UInt32, UInt32) = (0, pitch * UInt32(height), 0, 0)
        var fb: UInt32 = 0
        do {
            try withUnsafeMutableBytes(of: &handles) { h in
                try withUnsafeMutableBytes(of: &pitches) { p in
                    try withUnsafeMutableBytes(of: &offsets) { o in
                        try check(drmModeAddFB2(fd.rawValue, UInt32(width), UInt32(height), OverlayPlane.nv12,
                                                h.baseAddress!.assumingMemoryBound(to: UInt32.self),
                                                p.baseAddress!.assumingMemoryBound(to: UInt32.self),
                                                o.baseAddress!.assumingMemoryBound(to: UInt32.self), &fb, 0))
                    }
                }
            }
        } catch {
            _ = try? system.ioctl(fd, cshim_DRM_IOCTL_MODE_DESTROY_DUMB, &destroy)
            throw error
        }
        let pixels = try mapDumb(create, framebuffer: fb)
        return NV12Buffer(handle: create.handle, framebuffer: fb, width: width, height: height, pitch: Int(pitch),
                          size: Int(create.size), pixels: pixels)
    }

    public func destroyNV12Buffer(_ buffer: NV12Buffer) {
        releaseDumb(handle: buffer.handle, framebuffer: buffer.framebuffer, pixels: buffer.pixels, size: buffer.size)
    }

    public func atomicPlaneFlip(crtc: UInt32, plane: PlaneCommit) throws {
        guard let req = drmModeAtomicAlloc() else { throw Errno.current }
        defer { drmModeAtomicFree(req) }
        try add(plane, crtc: crtc, to: req)
        try commit(req)
    }

    /// Sets an overlay plane in `req` as `plane` says (off: no framebuffer, no CRTC).
    func add(_ plane: PlaneCommit, crtc: UInt32, to req: drmModeAtomicReqPtr) throws {
        guard let overlay = overlays[plane.plane] else { throw Errno.notSupported }
        try add(overlay, framebuffer: plane.framebuffer, crtc: plane.isOff ? 0 : crtc, source: plane.source, destination: plane.destination, to: req)
    }
}
