import Logging
import LoopCore
import Raster
import Geometry

/// The DRM/KMS output: one connector, mode and CRTC, and a shadow bitmap the scene
/// draws into. It keeps the output's state (the chosen output, rotation, DRM master,
/// DPMS, hotplug) and composes the parts that own the rest: the scan-out buffers with
/// their per-buffer damage (`ScanoutBuffers`), the window the screen shows of them
/// (`PanWindow`) and the framebuffers made at its offset (`OffsetFramebuffers`), how a
/// frame reaches the screen and whether a flip is pending (`PresentStrategy`), and the
/// counts of what was presented (`PresentCounts`). Presenting (which buffer, what the
/// driver's refusals mean) is `KMSDisplay+Present.swift`; scan-out memory running short
/// is `KMSDisplay+ShortMemory.swift`.
public final class KMSDisplay: FrameSink {
    public let device: KMSDevice
    /// The panel's rotation: drawing (the rotated copy) and the logical size follow it.
    /// Changed only through `reconfigure` (KMSDisplay+Reconfigure.swift), which rebuilds
    /// the buffers.
    public internal(set) var rotation: Rotation
    var requestedMode: (width: Int, height: Int)?
    let log: Logger

    public private(set) var output: OutputChoice?
    public private(set) var saved: SavedCRTC?
    /// Scan-out buffers and the damage each still lacks.
    var scanout = ScanoutBuffers()
    /// How frames reach the screen, and where that stands.
    var presenter = PresentStrategy()
    /// The logical picture, as tall as the buffers: the screen shows `window`'s rows.
    public private(set) var shadow: Bitmap?
    /// Which rows of the buffers the screen shows, and how it moves (`PanMethod`).
    var window = PanWindow(method: .copy, screenHeight: 0, shadowHeight: 0)
    /// Framebuffers made over the buffers at the window's offset (bochs).
    var offsetFramebuffers = OffsetFramebuffers()
    /// The overlay plane a playing clip is scanned out from (KMSDisplay+VideoPlane.swift).
    var video = VideoPlaneBuffers()
    /// What was presented, counted (the exit log, the bench, the tests).
    public internal(set) var counts = PresentCounts()
    // Output state: who owns the card, whether the panel is lit.
    public private(set) var hasMaster = true
    public private(set) var poweredOn = true
    /// The last present failure logged (each distinct one is logged once).
    var lastPresentError: String?
    /// When the last completed flip reached the glass (its event's timestamp).
    public var lastFlipTime: Double? { presenter.lastFlipTime }
    private var loggedWaiting = false

    public var buffers: [DumbBuffer] { scanout.buffers }
    /// Damage not yet copied into each buffer (logical coordinates).
    public var pendingDamage: [Region] { scanout.pending }
    /// Index of the buffer drawn next (not on screen).
    public var back: Int { scanout.back }
    public var scanoutState: ScanoutState { presenter.state }
    public var presentPath: PresentPath { presenter.path }
    public var flipPending: Bool { presenter.state == .flipPending }
    /// False once the driver refused a page flip (EINVAL / ENOSYS): modesets instead.
    public var flipsWork: Bool { presenter.path == .pageFlip }
    /// False once DirtyFB answered ENOSYS / EOPNOTSUPP.
    public var dirtyFBWorks: Bool { presenter.dirtyFBWorks }

    public init(device: KMSDevice, rotation: Rotation = .r0, requestedMode: (width: Int, height: Int)? = nil,
                tuning: ScanoutTuning = ScanoutTuning(), log: Logger) {
        self.device = device
        self.rotation = rotation
        self.requestedMode = requestedMode
        self.tuning = tuning
        self.log = log
    }

    // MARK: FrameSink

    public var pollFD: FileDescriptor? { device.fd }
    /// The part of the shadow on screen.
    public var canvas: Canvas? { output != nil && hasMaster ? windowCanvas : nil }
    public var scanoutSurface: ScanoutSurface? { self }
    /// Whether a scroll can move the window (in the shadow; see `scansOutWindow`).
    public var canPan: Bool { window.canPan }
    /// Whether the screen shows the window straight from the buffers (a driver known to
    /// pan, rotation 0), rather than a copy of it.
    public var scansOutWindow: Bool { window.scansOutWindow }
    public var panMethod: PanMethod { window.method }
    /// The first buffer row on screen.
    public var windowTop: Int { window.top }
    public var isBusy: Bool { flipPending }
    public var frameInterval: Double { 1.0 / Double(max(output?.mode.refresh ?? 60, 1)) }

    /// The logical size the scene lays out in, once an output is chosen.
    public var logicalSize: (width: Int, height: Int)? {
        output.map { rotation.logicalSize(physicalWidth: $0.mode.width, physicalHeight: $0.mode.height) }
    }

    /// Chooses the output and allocates buffers. Returns false (after logging once)
    /// when no display is connected: call `rescan()` on hotplug.
    @discardableResult
    public func start() throws -> Bool {
        let crtcs = try device.crtcIDs()
        let connectors = try device.connectors()
        let choice: OutputChoice
        do {
            choice = try OutputChoice.choose(connectors: connectors, crtcs: crtcs, requestedMode: requestedMode)
        } catch OutputChoice.Failure.noConnectedConnector {
            if !loggedWaiting { log.info("no display connected on \(device.path); waiting for one"); loggedWaiting = true }
            return false
        } catch {
            throw DisplayError.setup("display \(device.path): \(error)")
        }
        if saved == nil { saved = device.saveCRTC(choice.crtc) }
        try allocate(for: choice)
        // Frames by atomic commits where the driver offers them (`tuning.atomic` false: legacy).
        if tuning.atomic, let index = crtcs.firstIndex(of: choice.crtc),
           device.enableAtomic(crtc: choice.crtc, crtcIndex: index) {
            presenter.useAtomic()
            findVideoPlane(crtcIndex: index)
        }
        log.info("display \(device.path): \(choice), rotation \(rotation.rawValue), buffers \(buffers.count)x \(choice.mode.width)x\(choice.mode.height) pitch \(buffers.first?.pitch ?? 0) rows \(buffers.first?.height ?? 0), shadow rows \(window.shadowHeight), side room \(window.sideRoom), \(presenter.path.rawValue), scrolling: \(window.method.rawValue) (driver \(device.driverName))")
        loggedWaiting = false
        return true
    }

    private func allocate(for choice: OutputChoice) throws {
        releaseBuffers()
        let size = rotation.logicalSize(physicalWidth: choice.mode.width, physicalHeight: choice.mode.height)
        let screen = choice.mode.height
        // Scanning out the window moves it along the buffer's rows: only an unrotated
        // picture scrolls along them.
        var method = rotation == .r0 && tuning.pan ? PanMethod.forDriver(device.driverName) : .copy
        var rows = method == .copy ? screen : PanWindow.tallHeight(screen: screen, maxHeight: device.maxFramebufferHeight)
        // Room right of the page for a sideways pull, where the window is scanned out.
        var sideRoom = method == .copy || !tuning.sidePan ? 0 : PanWindow.sideRoom(width: choice.mode.width)
        let logical = { (rows: Int) in IntRect(x: 0, y: 0, width: size.width, height: size.height + rows - screen) }
        var allocated = false
        if sideRoom > 0 {
            do {
                try scanout.allocate(on: device, width: choice.mode.width + sideRoom, height: rows, logicalBounds: logical(rows))
                allocated = true
            } catch {
                log.info("cannot allocate buffers \(sideRoom) columns wider on \(device.path) (\(error)); pulls rewrite the screen")
                sideRoom = 0
            }
        }
        if !allocated {
            do {
                try scanout.allocate(on: device, width: choice.mode.width, height: rows, logicalBounds: logical(rows))
            } catch where rows > screen {
                log.info("cannot allocate buffers of \(rows) rows on \(device.path) (\(error)); copying instead of panning")
                method = .copy
                rows = screen
                try scanout.allocate(on: device, width: choice.mode.width, height: rows, logicalBounds: logical(rows))
            }
        }
        counts.presented = 0  // new buffers: neither shows anything yet
        // The shadow is tall either way: where the buffers are not, the window is copied.
        let shadowRows = method == .copy ? PanWindow.tallHeight(screen: size.height, maxHeight: 0) : size.height + rows - screen
        window = PanWindow(method: method, screenHeight: size.height, shadowHeight: shadowRows, sideRoom: sideRoom)
        shadow = try Bitmap(width: size.width, height: shadowRows)
        output = choice
        presenter.owesModeset()
        damageEverything()
    }

    /// Where the display leaves what the driver offers (`[display]` pan, side_pan,
    /// scroll_front, atomic): read when buffers are made and frames shown, so set it
    /// before `start` (tests set it on a display they drive by hand).
    public var tuning: ScanoutTuning

    /// The window's rows of the shadow: made from the two each time (a view, no pixels
    /// copied), so it cannot lag behind a moved window.
    var windowCanvas: Canvas? {
        guard let shadow else { return nil }
        return try? shadow.canvas.subCanvas(window.rect(width: shadow.width))
    }

    /// Marks every pixel of every buffer as needing a copy (new buffers, or the
    /// display came back). Rows outside the window need nothing: any row that comes
    /// into view is drawn then.
    public func damageEverything() {
        guard let shadow else { return }
        scanout.damageEverything(window.bufferRect(width: shadow.width))
    }

    public func handleReadable() throws -> Int {
        let flips = try device.readFlips()
        if flips.count > 0 {
            presenter.flipCompleted(at: flips.lastTime)
            offsetFramebuffers.removeRetired(device: device)
            video.flipCompleted(device: device)
        }
        return flips.count
    }

    // MARK: Master, hotplug, power, exit

    /// The VT is switching away: drop master and stop drawing.
    public func suspend() {
        guard hasMaster else { return }
        try? device.dropMaster()
        loseMaster()
        log.info("display released (VT switch)")
    }

    func loseMaster() {
        hasMaster = false
        presenter.owesModeset()
    }

    /// The VT is back: take master again and redraw everything with a modeset.
    public func resume() {
        do { try device.setMaster() } catch { log.info("could not take DRM master back on \(device.path): \(error)") }
        hasMaster = true
        presenter.owesModeset()
        // Everything is shown again by the full redraw the loop owes after a resume (the
        // caller asks for it: the loop is the one owner of "a full redraw owed").
        damageEverything()
        log.info("display taken back")
    }

    public enum HotplugChange: Equatable { case unchanged, lost, resized(width: Int, height: Int), returned }

    /// Re-reads connectors after a udev "drm" change event.
    public func rescan() throws -> HotplugChange {
        let connectors = try device.connectors()
        if let output {
            if connectors.first(where: { $0.id == output.connector.id })?.connected == true { return .unchanged }
            log.info("display \(output.connector.name) disconnected; running without output")
            releaseBuffers()
            self.output = nil
            return .lost
        }
        guard try start(), let size = logicalSize else { return .unchanged }
        return .resized(width: size.width, height: size.height)
    }

    public func setPower(on: Bool) {
        guard let output, on != poweredOn else { return }
        do {
            try device.setPower(connector: output.connector.id, on: on)
            poweredOn = on
            log.info("display power \(on ? "on" : "off")")
        } catch {
            log.info("could not switch display power \(on ? "on" : "off"): \(error)")
        }
    }

    /// Restores the CRTC as it was before Lectern and frees the buffers.
    public func shutdown() {
        if window.scansOutWindow {
            log.info("scrolling by scan-out offset: \(counts.pans) pans (\(counts.frontPans) shown again from the buffer on screen), \(counts.recentres) re-centres, \(counts.sidewaysPans) sideways (\(window.method.rawValue))")
        } else if counts.pans > 0 {
            log.info("scrolling by moving the window in the shadow: \(counts.pans) pans, \(counts.recentres) re-centres (\(window.method.rawValue))")
        }
        if let saved, let output, hasMaster {
            do { try device.restoreCRTC(saved, connector: output.connector.id) } catch {
                log.info("could not restore the previous CRTC \(saved.crtc): \(error)")
            }
        }
        releaseBuffers()
        output = nil
    }

    private func releaseBuffers() {
        offsetFramebuffers.removeAll(device: device)
        video.release(on: device)
        scanout.release(on: device)
        shadow = nil
        presenter.owesModeset()
    }
}
