import Frames
import Raster
import Geometry
import Touch

/// What the device loop drives: the kiosk runtime, a fake in tests. Two calls only:
/// touches go in as they arrive, and once per loop turn `frame(at:into:)` does
/// everything else (timed actions, the frame, what the loop must know to sleep).
///
/// All times are seconds on CLOCK_MONOTONIC (the clock of `TouchEvent.time`).
public protocol FrameSource: AnyObject {
    /// One touch report, already calibrated and rotated into logical pixels.
    func handle(_ event: TouchEvent)
    /// One turn of the loop at `time`: run what is due (gesture timeouts, idle home,
    /// blanking), then, when the loop offers a `target`, draw the frame for `time` into
    /// it. With the display blanked nothing is drawn even when offered.
    func frame(at time: Double, into target: FrameTarget?) -> FrameReport
}

/// Where the next frame goes, offered by the loop when it may draw (no flip pending,
/// refresh pacing allows, an output exists). The source describes its frame and hands
/// it to `draw`; the compositor decides how it reaches the screen.
public struct FrameTarget {
    /// The shadow canvas in logical (rotated) size. The source reads only its size, and
    /// draws into it directly only when it has no frame to describe (no kiosk assembled).
    public let canvas: Canvas
    /// The canvas is new (first frame, new mode or rotation) or the loop was asked for a
    /// full redraw (a reload): everything is drawn and damaged.
    public let full: Bool
    /// The display this frame is for, as the sink holds it now (its canvas is the
    /// geometry's logical size): handed down, never copied, so a reload that rotates or
    /// a hotplug that changes the mode reaches the scene with the next frame.
    public let geometry: DisplayGeometry
    let scanout: ScanoutSurface?
    let compositor: Compositor

    public init(canvas: Canvas, full: Bool, geometry: DisplayGeometry, scanout: ScanoutSurface?, compositor: Compositor) {
        self.canvas = canvas
        self.full = full
        self.geometry = geometry
        self.scanout = scanout
        self.compositor = compositor
    }

    /// Makes `frame` the frame on screen; returns the damage to present.
    public func draw(_ frame: FrameDescription, painter: FramePainter) -> Region {
        var damage = Region()
        if full { compositor.reset(); damage.add(canvas.bounds) }
        compositor.compose(frame, painter: painter, canvas: canvas, scanout: scanout, damage: &damage)
        return damage
    }
}

/// What the source answers each turn: all the loop needs to present and to sleep.
public struct FrameReport {
    /// What changed on the canvas; empty when nothing was drawn.
    public var damage: Region
    /// Something moves: the loop draws again at the next refresh.
    public var moving: Bool
    /// When something happens next without a touch (a gesture timeout, an idle
    /// action), or nil: the loop sleeps until then.
    public var nextDeadline: Double?
    /// False while the display should be dark (`[idle] blank_after`).
    public var displayOn: Bool

    public init(damage: Region = Region(), moving: Bool = false, nextDeadline: Double? = nil, displayOn: Bool = true) {
        self.damage = damage
        self.moving = moving
        self.nextDeadline = nextDeadline
        self.displayOn = displayOn
    }
}

/// Where frames go: the DRM display, or memory for the headless tools and tests.
public protocol FrameSink: AnyObject {
    /// Polled for completion events (page flips); nil when presenting is synchronous.
    var pollFD: FileDescriptor? { get }
    /// The shadow canvas in logical size, or nil while there is no output (no
    /// display connected, DRM master lost).
    var canvas: Canvas? { get }
    /// A presented frame is not on screen yet (a flip is pending): do not render.
    var isBusy: Bool { get }
    /// Seconds per refresh, for pacing when a present completes without an event.
    var frameInterval: Double { get }
    /// Shows the shadow canvas' `damage`.
    func present(_ damage: Region) throws -> PresentOutcome
    /// Handles `pollFD` being readable; returns how many presents completed.
    func handleReadable() throws -> Int
    /// When the present `handleReadable` last completed reached the glass, by the
    /// display's own timestamp (the flip event's, CLOCK_MONOTONIC s); nil if unknown.
    var lastFlipTime: Double? { get }
    /// Whether the panel is lit; the sink owns this fact (DPMS on the device).
    var poweredOn: Bool { get }
    /// DPMS on / off (a no-op where there is no display).
    func setPower(on: Bool)
    /// What the sink offers the compositor beyond the canvas (`KMSDisplay`: panning where
    /// the driver is known to pan, direct frames); nil otherwise.
    var scanoutSurface: ScanoutSurface? { get }
    /// The panel's native (unrotated) mode, how it is mounted and its density; nil
    /// without an output. The sink owns it: drawing and touch input both follow it.
    var geometry: DisplayGeometry? { get }
    /// A reload asks for another rotation or mode (a new modeset on the device).
    func reconfigure(rotation: Rotation, mode: (width: Int, height: Int)?) throws
}

extension FrameSink {
    public var scanoutSurface: ScanoutSurface? { nil }
    public var lastFlipTime: Double? { nil }
}

public enum PresentOutcome: Equatable, Sendable {
    /// A page flip is queued; the loop waits for its event before the next frame.
    case queued
    /// On screen already (mode set, fallback without flips, headless).
    case shown
    /// Nothing could be shown (no output, master lost).
    case skipped
    /// The sink replaced what it shows from (smaller scan-out buffers, copying instead of
    /// panning): nothing of this frame is on screen, and what was drawn straight into the
    /// old buffers (a pull, a menu fade) is gone. Draw everything again, now.
    case redrawOwed
}

/// What a reload asks of the display owner: nothing (rejected, or no file), a redraw of
/// everything, or a new rotation / mode (a modeset, and touches mapped anew).
public enum ReloadEffect: Sendable {
    case nothing
    case redraw
    case reconfigure(rotation: Rotation, mode: (width: Int, height: Int)?)
}
