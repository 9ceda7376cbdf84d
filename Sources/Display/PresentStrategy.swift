import Logging
import LoopCore
import Raster
import Geometry

/// How a frame in the back buffer reaches the screen.
public enum PresentPath: String, Equatable, Sendable {
    /// drmModePageFlip with a completion event (after the first frame's modeset).
    case pageFlip = "page flip with event"
    /// A non-blocking atomic commit of the primary plane (framebuffer and source
    /// rectangle) with a completion event, where the driver offers atomic modesetting:
    /// moving the scan-out window is then a flip too, not a blocking SetCrtc.
    case atomic = "atomic commit with event"
    /// The driver refused page flips (EINVAL / ENOSYS): a SetCrtc per frame, then
    /// DirtyFB for what changed (virtio-gpu and other "manual update" drivers show
    /// nothing without it).
    case modesetPerFrame = "a modeset per frame"
}

/// Where the present path stands: one explicit state instead of loose flags.
public enum ScanoutState: Equatable, Sendable {
    /// Nothing of ours is on screen (start, new buffers, the VT came back): the next
    /// present is a modeset.
    case modesetOwed
    /// One of our buffers is on screen and nothing is queued.
    case showing
    /// A flip is queued; its event has not come yet. Do not draw.
    case flipPending
}

/// The present strategy: the path, its state, and what the driver turned out to
/// support. Makes the device calls; the display decides what an error means.
struct PresentStrategy {
    private(set) var path = PresentPath.pageFlip
    private(set) var state = ScanoutState.modesetOwed
    /// False once DirtyFB answered ENOSYS / EOPNOTSUPP.
    private(set) var dirtyFBWorks = true

    /// The CRTC's x and y as last set (a legacy page flip keeps them).
    private(set) var crtcX = 0, crtcY = 0
    /// When the last completed flip reached the glass (its event's timestamp).
    private(set) var lastFlipTime: Double?

    /// Frames go by atomic commits from now on (the first frame, and any after our picture
    /// was replaced, is still a legacy modeset). Not after a fallback to modesets.
    mutating func useAtomic() { if path == .pageFlip { path = .atomic } }

    /// Shows `framebuffer` (over `buffer`, whose `copied` region changed, logical
    /// coordinates) from column `x`, row `y`. An atomic commit, or a page flip where the
    /// CRTC's x and y stay, else a SetCrtc. `origin`: where the framebuffer starts in the
    /// buffer (an offset framebuffer), in columns and rows.
    mutating func show(_ buffer: DumbBuffer, framebuffer: UInt32, origin: (x: Int, y: Int) = (0, 0), x: Int = 0, y: Int,
                       copied: Region, plane: PlaneCommit? = nil,
                       output: OutputChoice, rotation: Rotation,
                       logicalSize: (width: Int, height: Int), device: KMSDevice, log: Logger) throws -> PresentOutcome {
        if state == .showing && path == .atomic {
            let damage = Self.rects(copied.offsetBy(dx: -origin.x, dy: -origin.y), rotation: rotation, logicalSize: logicalSize)
            do {
                try device.atomicFlip(crtc: output.crtc, framebuffer: framebuffer, sourceX: x, sourceY: y,
                                      width: output.mode.width, height: output.mode.height, damage: damage, plane: plane)
                state = .flipPending
                crtcX = x; crtcY = y
                return .queued
            } catch let error as Errno where error == .invalidArgument || error == .notImplemented || error == .notSupported
                        || error == .noSpace {
                path = .pageFlip
                log.info("atomic commit failed on \(device.path) (\(error)); legacy page flips from now on")
            }
        }
        if state == .showing && path == .pageFlip && x == crtcX && y == crtcY {
            do {
                try device.pageFlip(output.crtc, framebuffer: framebuffer)
                state = .flipPending
                return .queued
            } catch let error as Errno where error == .invalidArgument || error == .notImplemented || error == .notSupported {
                path = .modesetPerFrame
                log.info("page flip failed on \(device.path) (\(error)); falling back to a modeset per frame")
            }
        }
        try device.setCRTC(output.crtc, framebuffer: framebuffer, connector: output.connector.id, mode: output.mode, x: x, y: y)
        state = .showing
        crtcX = x; crtcY = y
        markDirty(framebuffer, copied.offsetBy(dx: -origin.x, dy: -origin.y), rotation: rotation, logicalSize: logicalSize, device: device)
        return .shown
    }

    /// A region's rectangles in framebuffer coordinates (rows above and columns left of
    /// the framebuffer dropped), turned by the panel rotation.
    static func rects(_ region: Region, rotation: Rotation, logicalSize: (width: Int, height: Int))
        -> [(x: Int, y: Int, width: Int, height: Int)] {
        region.rects.compactMap { r -> (x: Int, y: Int, width: Int, height: Int)? in
            guard r.maxY > 0, r.maxX > 0 else { return nil }
            let r = r.intersection(IntRect(x: 0, y: 0, width: r.maxX, height: r.maxY))
            let p = rotation.physicalRect(r, logicalWidth: logicalSize.width, logicalHeight: logicalSize.height)
            return (p.x, p.y, p.width, p.height)
        }
    }

    /// A commit of the video plane alone was queued: its event ends it like a flip's.
    mutating func planeFlipQueued() { state = .flipPending }

    /// A flip event came (the last one's time `time`): the queued buffer is on screen.
    mutating func flipCompleted(at time: Double?) {
        if state == .flipPending { state = .showing }
        lastFlipTime = time
    }

    /// Our picture is gone or replaced (new buffers, VT switch, master lost): the next
    /// present is a modeset. A pending flip is forgotten (its event, if any, is harmless).
    mutating func owesModeset() { state = .modesetOwed }

    private mutating func markDirty(_ framebuffer: UInt32, _ region: Region, rotation: Rotation,
                                    logicalSize: (width: Int, height: Int), device: KMSDevice) {
        guard dirtyFBWorks else { return }
        let rects = Self.rects(region, rotation: rotation, logicalSize: logicalSize)
        do {
            try device.dirtyFramebuffer(framebuffer, rects: rects)
        } catch {
            if let e = error as? Errno, e == .notImplemented || e == .notSupported { dirtyFBWorks = false }
        }
    }
}
