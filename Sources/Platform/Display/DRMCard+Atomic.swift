import CDRM
import Display
import Glibc
import LoopCore
import Raster

/// A CRTC's primary plane and the ids of the properties an atomic page flip sets.
struct AtomicPlane {
    let plane: UInt32
    let crtc: UInt32
    let fbID: UInt32, crtcID: UInt32
    let srcX: UInt32, srcY: UInt32, srcW: UInt32, srcH: UInt32
    let crtcX: UInt32, crtcY: UInt32, crtcW: UInt32, crtcH: UInt32
    /// FB_DAMAGE_CLIPS, where the plane has it (virtio-gpu flushes only those rectangles).
    let damageClips: UInt32?
}

/// Atomic modesetting on the real card: after the first frame's legacy modeset, every
/// frame is one non-blocking atomic commit of the primary plane (its framebuffer and
/// source rectangle) with a flip-complete event, so moving the scan-out window is a flip
/// like any other instead of a blocking SetCrtc.
extension DRMCard {
    public func enableAtomic(crtc: UInt32, crtcIndex: Int) -> Bool {
        guard drmSetClientCap(fd.rawValue, UInt64(DRM_CLIENT_CAP_UNIVERSAL_PLANES), 1) == 0,
              drmSetClientCap(fd.rawValue, UInt64(DRM_CLIENT_CAP_ATOMIC), 1) == 0 else { return false }
        guard let plane = primaryPlane(crtc: crtc, crtcIndex: crtcIndex) else { return false }
        atomicPlane = plane
        return true
    }

    private func primaryPlane(crtc: UInt32, crtcIndex: Int) -> AtomicPlane? {
        guard let res = drmModeGetPlaneResources(fd.rawValue) else { return nil }
        defer { drmModeFreePlaneResources(res) }
        for i in 0..<Int(res.pointee.count_planes) {
            let planeID = res.pointee.planes[i]
            guard let plane = drmModeGetPlane(fd.rawValue, planeID) else { continue }
            let usable = plane.pointee.possible_crtcs & (1 << UInt32(crtcIndex)) != 0
            drmModeFreePlane(plane)
            guard usable else { continue }
            let props = properties(of: planeID, type: UInt32(DRM_MODE_OBJECT_PLANE))
            guard props["type"]?.value == UInt64(DRM_PLANE_TYPE_PRIMARY) else { continue }
            func id(_ name: String) -> UInt32? { props[name]?.id }
            guard let fb = id("FB_ID"), let crtcProp = id("CRTC_ID"), let sx = id("SRC_X"), let sy = id("SRC_Y"),
                  let sw = id("SRC_W"), let sh = id("SRC_H"), let cx = id("CRTC_X"), let cy = id("CRTC_Y"),
                  let cw = id("CRTC_W"), let ch = id("CRTC_H") else { return nil }
            return AtomicPlane(plane: planeID, crtc: crtc, fbID: fb, crtcID: crtcProp, srcX: sx, srcY: sy, srcW: sw, srcH: sh,
                               crtcX: cx, crtcY: cy, crtcW: cw, crtcH: ch, damageClips: id("FB_DAMAGE_CLIPS"))
        }
        return nil
    }

    /// An object's properties by name: id and current value.
    func properties(of object: UInt32, type: UInt32) -> [String: (id: UInt32, value: UInt64)] {
        guard let props = drmModeObjectGetProperties(fd.rawValue, object, type) else { return [:] }
        defer { drmModeFreeObjectProperties(props) }
        var out: [String: (id: UInt32, value: UInt64)] = [:]
        for i in 0..<Int(props.pointee.count_props) {
            guard let prop = drmModeGetProperty(fd.rawValue, props.pointee.props[i]) else { continue }
            let name = withUnsafeBytes(of: prop.pointee.name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            out[name] = (prop.pointee.prop_id, props.pointee.prop_values[i])
            drmModeFreeProperty(prop)
        }
        return out
    }

    public func atomicFlip(crtc: UInt32, framebuffer: UInt32, sourceX: Int, sourceY: Int, width: Int, height: Int,
                           damage: [(x: Int, y: Int, width: Int, height: Int)]) throws {
        try atomicFlip(crtc: crtc, framebuffer: framebuffer, sourceX: sourceX, sourceY: sourceY, width: width, height: height,
                       damage: damage, plane: nil)
    }

    public func atomicFlip(crtc: UInt32, framebuffer: UInt32, sourceX: Int, sourceY: Int, width: Int, height: Int,
                           damage: [(x: Int, y: Int, width: Int, height: Int)], plane: PlaneCommit?) throws {
        guard let p = atomicPlane, p.crtc == crtc else { throw Errno.notSupported }
        guard let req = drmModeAtomicAlloc() else { throw Errno.current }
        defer { drmModeAtomicFree(req) }
        var blob: UInt32 = 0
        defer { if blob != 0 { drmModeDestroyPropertyBlob(fd.rawValue, blob) } }
        if let clips = p.damageClips, !damage.isEmpty {
            // struct drm_mode_rect { int32 x1, y1, x2, y2 } in framebuffer coordinates.
            var rects: [Int32] = []
            for r in damage { rects += [Int32(r.x), Int32(r.y), Int32(r.x + r.width), Int32(r.y + r.height)] }
            let rc = rects.withUnsafeBytes { drmModeCreatePropertyBlob(fd.rawValue, $0.baseAddress, $0.count, &blob) }
            if rc == 0 { _ = drmModeAtomicAddProperty(req, p.plane, clips, UInt64(blob)) } else { blob = 0 }
        }
        try add(p, framebuffer: framebuffer, crtc: crtc, source: IntRect(x: sourceX, y: sourceY, width: width, height: height),
                destination: IntRect(x: 0, y: 0, width: width, height: height), to: req)
        if let plane { try add(plane, crtc: crtc, to: req) }
        try commit(req)
    }

    /// Sets `plane`'s framebuffer, CRTC, source rectangle (16.16 fixed point) and place
    /// on screen in `req`.
    func add(_ plane: AtomicPlane, framebuffer: UInt32, crtc: UInt32, source: IntRect, destination: IntRect,
             to req: drmModeAtomicReqPtr) throws {
        let values: [(UInt32, UInt64)] = [
            (plane.fbID, UInt64(framebuffer)), (plane.crtcID, UInt64(crtc)),
            (plane.srcX, UInt64(source.x) << 16), (plane.srcY, UInt64(source.y) << 16),
            (plane.srcW, UInt64(source.width) << 16), (plane.srcH, UInt64(source.height) << 16),
            (plane.crtcX, UInt64(UInt32(bitPattern: Int32(destination.x)))), (plane.crtcY, UInt64(UInt32(bitPattern: Int32(destination.y)))),
            (plane.crtcW, UInt64(destination.width)), (plane.crtcH, UInt64(destination.height)),
        ]
        for (property, value) in values {
            guard drmModeAtomicAddProperty(req, plane.plane, property, value) >= 0 else { throw Errno.current }
        }
    }

    /// Commits `req` without blocking, with a flip-complete event.
    func commit(_ req: drmModeAtomicReqPtr) throws {
        let flags = UInt32(DRM_MODE_ATOMIC_NONBLOCK) | UInt32(DRM_MODE_PAGE_FLIP_EVENT)
        let rc = drmModeAtomicCommit(fd.rawValue, req, flags, nil)
        if rc < 0 { throw rc == -1 ? Errno.current : Errno(-rc) }
    }
}
