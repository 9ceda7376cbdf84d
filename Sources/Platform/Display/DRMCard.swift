import Display
import CDRM
import CSystemShim
import Glibc
import LoopCore

/// The real `KMSDevice`: libdrm's modesetting API on one card (legacy calls, and atomic
/// commits for frames where the driver offers them: `DRMCard+Atomic.swift`).
public final class DRMCard: KMSDevice {
    public let fd: FileDescriptor
    public let path: String
    let system: SystemCalls
    /// The primary plane atomic commits set, once `enableAtomic` found it.
    var atomicPlane: AtomicPlane?
    /// Overlay planes `overlayPlanes` found, by id, with their property ids.
    var overlays: [UInt32: AtomicPlane] = [:]

    public init(path: String, system: SystemCalls) throws {
        do {
            fd = try system.open(path, flags: O_RDWR | O_NONBLOCK)
        } catch {
            let e = error as? Errno ?? .invalidArgument
            throw e == .noEntry ? DisplayError.noSuchCard(path) : DisplayError.cannotOpen(path: path, e)
        }
        self.path = path
        self.system = system
    }

    deinit { system.close(fd) }

    /// The card to use: `explicit` if given, else the first /dev/dri/cardN with a
    /// connected connector, else the first card that opens (waiting for a display).
    public static func open(explicit: String?, system: SystemCalls) throws -> DRMCard {
        if let explicit { return try DRMCard(path: explicit, system: system) }
        var firstOpened: DRMCard?
        var firstError: Error?
        for n in 0..<16 {
            let path = "/dev/dri/card\(n)"
            guard access(path, F_OK) == 0 else { continue }
            do {
                let card = try DRMCard(path: path, system: system)
                if (try? card.connectors())?.contains(where: \.connected) == true { return card }
                if firstOpened == nil, (try? card.crtcIDs())?.isEmpty == false { firstOpened = card }
            } catch {
                if firstError == nil { firstError = error }
            }
        }
        if let firstOpened { return firstOpened }
        throw firstError ?? DisplayError.noDevice
    }

    /// libdrm returns either -1 with errno or -errno.
    func check(_ rc: Int32) throws {
        guard rc < 0 else { return }
        throw rc == -1 ? Errno.current : Errno(-rc)
    }

    public func crtcIDs() throws -> [UInt32] {
        guard let res = drmModeGetResources(fd.rawValue) else { throw Errno.current }
        defer { drmModeFreeResources(res) }
        return (0..<Int(res.pointee.count_crtcs)).map { res.pointee.crtcs[$0] }
    }

    public func connectors() throws -> [ConnectorInfo] {
        guard let res = drmModeGetResources(fd.rawValue) else { throw Errno.current }
        defer { drmModeFreeResources(res) }
        let crtcs = (0..<Int(res.pointee.count_crtcs)).map { res.pointee.crtcs[$0] }
        var result: [ConnectorInfo] = []
        for i in 0..<Int(res.pointee.count_connectors) {
            guard let c = drmModeGetConnector(fd.rawValue, res.pointee.connectors[i]) else { continue }
            defer { drmModeFreeConnector(c) }
            let conn = c.pointee
            let typeName = drmModeGetConnectorTypeName(conn.connector_type).map { String(cString: $0) } ?? "Unknown"
            var modes: [DisplayMode] = []
            for m in 0..<Int(conn.count_modes) {
                var info = conn.modes[m]
                let raw = withUnsafeBytes(of: &info) { Array($0) }
                modes.append(DisplayMode(width: Int(info.hdisplay), height: Int(info.vdisplay), refresh: Int(info.vrefresh),
                                         preferred: info.type & 8 != 0 /* DRM_MODE_TYPE_PREFERRED */, raw: raw))
            }
            var possible = Set<Int>()
            var current: UInt32?
            for e in 0..<Int(conn.count_encoders) {
                guard let enc = drmModeGetEncoder(fd.rawValue, conn.encoders[e]) else { continue }
                for bit in 0..<crtcs.count where enc.pointee.possible_crtcs & (1 << UInt32(bit)) != 0 { possible.insert(bit) }
                if conn.encoders[e] == conn.encoder_id, enc.pointee.crtc_id != 0 { current = enc.pointee.crtc_id }
                drmModeFreeEncoder(enc)
            }
            result.append(ConnectorInfo(id: conn.connector_id, name: "\(typeName)-\(conn.connector_type_id)",
                                        connected: conn.connection == DRM_MODE_CONNECTED, modes: modes,
                                        possibleCRTCs: possible, currentCRTC: current,
                                        widthMillimetres: Int(conn.mmWidth), heightMillimetres: Int(conn.mmHeight)))
        }
        return result
    }

    public func saveCRTC(_ crtc: UInt32) -> SavedCRTC? {
        guard let c = drmModeGetCrtc(fd.rawValue, crtc) else { return nil }
        defer { drmModeFreeCrtc(c) }
        var info = c.pointee.mode
        let mode = c.pointee.mode_valid != 0
            ? DisplayMode(width: Int(info.hdisplay), height: Int(info.vdisplay), refresh: Int(info.vrefresh),
                          raw: withUnsafeBytes(of: &info) { Array($0) })
            : nil
        return SavedCRTC(crtc: crtc, framebuffer: c.pointee.buffer_id, x: Int(c.pointee.x), y: Int(c.pointee.y), mode: mode)
    }

    public func createDumbBuffer(width: Int, height: Int) throws -> DumbBuffer {
        var create = drm_mode_create_dumb()
        create.width = UInt32(width)
        create.height = UInt32(height)
        create.bpp = 32
        try system.ioctl(fd, cshim_DRM_IOCTL_MODE_CREATE_DUMB, &create)
        var destroy = drm_mode_destroy_dumb(handle: create.handle)
        var fb: UInt32 = 0
        do {
            try check(drmModeAddFB(fd.rawValue, UInt32(width), UInt32(height), 24, 32, create.pitch, create.handle, &fb))
        } catch {
            _ = try? system.ioctl(fd, cshim_DRM_IOCTL_MODE_DESTROY_DUMB, &destroy)
            throw error
        }
        let pixels = try mapDumb(create, framebuffer: fb)
        // Start black: only writes, never a read of this memory.
        pixels.initializeMemory(as: UInt8.self, repeating: 0, count: Int(create.size))
        return DumbBuffer(handle: create.handle, framebuffer: fb, width: width, height: height,
                          pitch: Int(create.pitch), size: Int(create.size), pixels: pixels)
    }

    public func destroyDumbBuffer(_ buffer: DumbBuffer) {
        releaseDumb(handle: buffer.handle, framebuffer: buffer.framebuffer, pixels: buffer.pixels, size: buffer.size)
    }

    /// Maps dumb buffer `create` (with its framebuffer `fb`) into this process; on failure
    /// the framebuffer and the buffer are let go before the error is thrown.
    func mapDumb(_ create: drm_mode_create_dumb, framebuffer fb: UInt32) throws -> UnsafeMutableRawPointer {
        var map = drm_mode_map_dumb()
        map.handle = create.handle
        do {
            try system.ioctl(fd, cshim_DRM_IOCTL_MODE_MAP_DUMB, &map)
            return try system.mmap(length: Int(create.size), fd: fd, offset: Int64(map.offset))
        } catch {
            drmModeRmFB(fd.rawValue, fb)
            var destroy = drm_mode_destroy_dumb(handle: create.handle)
            _ = try? system.ioctl(fd, cshim_DRM_IOCTL_MODE_DESTROY_DUMB, &destroy)
            throw error
        }
    }

    /// Unmaps a dumb buffer, removes its framebuffer and destroys it.
    func releaseDumb(handle: UInt32, framebuffer: UInt32, pixels: UnsafeMutableRawPointer, size: Int) {
        system.munmap(pixels, length: size)
        drmModeRmFB(fd.rawValue, framebuffer)
        var destroy = drm_mode_destroy_dumb(handle: handle)
        _ = try? system.ioctl(fd, cshim_DRM_IOCTL_MODE_DESTROY_DUMB, &destroy)
    }

    private func modeInfo(_ mode: DisplayMode) -> drmModeModeInfo {
        var info = drmModeModeInfo()
        withUnsafeMutableBytes(of: &info) { dst in
            mode.raw.withUnsafeBytes { src in dst.copyMemory(from: UnsafeRawBufferPointer(rebasing: src.prefix(dst.count))) }
        }
        return info
    }

    public func setCRTC(_ crtc: UInt32, framebuffer: UInt32, connector: UInt32, mode: DisplayMode, x: Int, y: Int) throws {
        var info = modeInfo(mode)
        var conn = connector
        try check(drmModeSetCrtc(fd.rawValue, crtc, framebuffer, UInt32(x), UInt32(y), &conn, 1, &info))
    }

    public var driverName: String {
        guard let version = drmGetVersion(fd.rawValue) else { return "" }
        defer { drmFreeVersion(version) }
        guard let name = version.pointee.name else { return "" }
        return String(cString: name)
    }

    public var maxFramebufferHeight: Int {
        guard let res = drmModeGetResources(fd.rawValue) else { return 0 }
        defer { drmModeFreeResources(res) }
        return Int(res.pointee.max_height)
    }

    public func addFramebuffer(over buffer: DumbBuffer, rows: Int, columns: Int, width: Int, height: Int) throws -> UInt32 {
        var handles: (UInt32, UInt32, UInt32, UInt32) = (buffer.handle, 0, 0, 0)
        var pitches: (UInt32, UInt32, UInt32, UInt32) = (UInt32(buffer.pitch), 0, 0, 0)
        var offsets: (UInt32, UInt32, UInt32, UInt32) = (UInt32(rows * buffer.pitch + columns * 4), 0, 0, 0)
        var fb: UInt32 = 0
        try withUnsafeMutableBytes(of: &handles) { h in
            try withUnsafeMutableBytes(of: &pitches) { p in
                try withUnsafeMutableBytes(of: &offsets) { o in
                    try check(drmModeAddFB2(fd.rawValue, UInt32(width), UInt32(height), cshim_DRM_FORMAT_XRGB8888,
                                            h.baseAddress!.assumingMemoryBound(to: UInt32.self),
                                            p.baseAddress!.assumingMemoryBound(to: UInt32.self),
                                            o.baseAddress!.assumingMemoryBound(to: UInt32.self), &fb, 0))
                }
            }
        }
        return fb
    }

    public func removeFramebuffer(_ framebuffer: UInt32) { drmModeRmFB(fd.rawValue, framebuffer) }

    public func restoreCRTC(_ saved: SavedCRTC, connector: UInt32) throws {
        if let mode = saved.mode, saved.framebuffer != 0 {
            var info = modeInfo(mode)
            var conn = connector
            try check(drmModeSetCrtc(fd.rawValue, saved.crtc, saved.framebuffer, UInt32(saved.x), UInt32(saved.y), &conn, 1, &info))
        } else {
            try check(drmModeSetCrtc(fd.rawValue, saved.crtc, 0, 0, 0, nil, 0, nil))
        }
    }

    public func pageFlip(_ crtc: UInt32, framebuffer: UInt32) throws {
        try check(drmModePageFlip(fd.rawValue, crtc, framebuffer, UInt32(DRM_MODE_PAGE_FLIP_EVENT), nil))
    }

    public func dirtyFramebuffer(_ framebuffer: UInt32, rects: [(x: Int, y: Int, width: Int, height: Int)]) throws {
        var clips = rects.map {
            drmModeClip(x1: UInt16(clamping: $0.x), y1: UInt16(clamping: $0.y),
                        x2: UInt16(clamping: $0.x + $0.width), y2: UInt16(clamping: $0.y + $0.height))
        }
        try check(drmModeDirtyFB(fd.rawValue, framebuffer, &clips, UInt32(clips.count)))
    }

    /// Parses `struct drm_event` records (type, length) from the fd: the same work
    /// as drmHandleEvent's page_flip_handler, through the fakeable `read`.
    public func readFlipEvents() throws -> Int { try readFlips().count }

    public func readFlips() throws -> FlipCompletions {
        var flips = FlipCompletions(count: 0)
        var buffer = [UInt8](repeating: 0, count: 1024)
        while true {
            let count: Int
            do {
                count = try buffer.withUnsafeMutableBytes { try system.read(fd, into: $0) }
            } catch let error as Errno where error == .wouldBlock { return flips }
            if count <= 0 { return flips }
            let read = DRMEvents.flips(in: buffer[0..<count])
            flips.count += read.count
            flips.lastTime = read.lastTime ?? flips.lastTime
            if count < buffer.count { return flips }
        }
    }

    public func dropMaster() throws { try check(drmDropMaster(fd.rawValue)) }
    public func setMaster() throws { try check(drmSetMaster(fd.rawValue)) }

    public func setPower(connector: UInt32, on: Bool) throws {
        guard let props = drmModeObjectGetProperties(fd.rawValue, connector, UInt32(DRM_MODE_OBJECT_CONNECTOR)) else { throw Errno.current }
        defer { drmModeFreeObjectProperties(props) }
        for i in 0..<Int(props.pointee.count_props) {
            guard let prop = drmModeGetProperty(fd.rawValue, props.pointee.props[i]) else { continue }
            let isDPMS = withUnsafeBytes(of: prop.pointee.name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) } == "DPMS"
            let id = prop.pointee.prop_id
            drmModeFreeProperty(prop)
            if isDPMS {
                try check(drmModeConnectorSetProperty(fd.rawValue, connector, id, on ? 0 : 3)) // DRM_MODE_DPMS_ON / _OFF
                return
            }
        }
        throw Errno.notSupported
    }
}
