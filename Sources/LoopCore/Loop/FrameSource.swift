import Frames
import Raster
import Geometry
import Touch

/// What the device loop drives: the kiosk runtime, a fake in tests. Two calls only:
/// touches go in as they arrive, and once per loop turn `frame(at:for:)` does
/// everything else (timed actions, the frame, what the loop must know to sleep).
///
/// All times are seconds on CLOCK_MONOTONIC (the clock of `TouchEvent.time`).
public protocol FrameSource: AnyObject {
    /// One touch report, already calibrated and rotated into logical pixels.
    func handle(_ event: TouchEvent)
    /// One turn of the loop at `time`: run what is due (gesture timeouts, idle home,
    /// blanking), then, when the loop asks for a frame (`request`), describe the frame
    /// for `time` on that display and answer the painter made for it. The source draws
    /// nothing itself: the loop hands the painter to the compositor. With the display
    /// blanked no frame is answered even when asked.
    func frame(at time: Double, for request: FrameRequest?) -> FrameReport
}

/// The loop may draw a frame now (no flip pending, refresh pacing allows, an output
/// exists), for this display.
public struct FrameRequest {
    /// The canvas is new (first frame, new mode or rotation) or the loop was asked for a
    /// full redraw (a reload): whatever the source answers is drawn whole.
    public let full: Bool
    /// The display this frame is for, as the sink holds it now: handed down, never
    /// copied, so a reload that rotates or a hotplug that changes the mode reaches the
    /// scene with the next frame. The one owner of the screen's size.
    public let geometry: DisplayGeometry
    /// The canvas the frame is composed in, in logical (rotated) pixels: the sink's
    /// canvas is its geometry's logical size.
    public var width: Int { geometry.logicalWidth }
    public var height: Int { geometry.logicalHeight }

    public init(full: Bool, geometry: DisplayGeometry) {
        self.full = full
        self.geometry = geometry
    }
}

/// What the source answers each turn: the frame to show, and all the loop needs to sleep.
public struct FrameReport {
    /// The painter made for the frame to show (its `frame` is the description); nil:
    /// nothing to draw (not asked, or the display is dark).
    public var painter: FramePainter?
    /// Something moves: the loop draws again at the next refresh.
    public var moving: Bool
    /// When something happens next without a touch (a gesture timeout, an idle
    /// action), or nil: the loop sleeps until then.
    public var nextDeadline: Double?
    /// False while the display should be dark (`[idle] blank_after`).
    public var displayOn: Bool

    public init(painter: FramePainter? = nil, moving: Bool = false, nextDeadline: Double? = nil, displayOn: Bool = true) {
        self.painter = painter
        self.moving = moving
        self.nextDeadline = nextDeadline
        self.displayOn = displayOn
    }
}

/// Where frames go: the DRM display, or memory for the headless tools and tests.
public protocol FrameSink: AnyObject {
    /// Polled for completion events (page flips); nil when presenting is synchronous.
    var pollFD: FileDescriptor? { get }
    /// The shadow canvas in logical size (`geometry`'s logical width and height), or nil
    /// while there is no output (no display connected, DRM master lost).
    var canvas: Canvas? { get }
    /// A presented frame is not on screen yet (a flip is pending): do not render. The sink
    /// is the one owner of this fact (`KMSDisplay`: its present strategy); the loop asks.
    var isBusy: Bool { get }
    /// Seconds per refresh, for pacing when a present completes without an event.
    var frameInterval: Double { get }
    /// Shows a composed frame: the one moment the display changes what it shows (moves
    /// its window, takes a buffer written straight into, copies the damage out of the
    /// shadow canvas).
    func present(_ frame: ComposedFrame) throws -> PresentOutcome
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
    /// A reload asks for a rotation and mode (nil: the panel's preferred one). The sink
    /// compares them with what it has, not with what was asked before (a reconfigure that
    /// failed left it as it was, so the same file asks again): false when it has them
    /// already and did nothing, true after a new modeset. Throws when it cannot (it
    /// keeps, or goes back to, what it had).
    @discardableResult
    func reconfigure(rotation: Rotation, mode: (width: Int, height: Int)?) throws -> Bool
}

extension FrameSink {
    /// Shows the shadow canvas' `damage` (a picture drawn straight into the canvas, not
    /// composed: `lectern calibrate`'s target, tests).
    public func present(_ damage: Region) throws -> PresentOutcome { try present(ComposedFrame(damage: damage)) }
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
/// everything, or a redraw on a display with the configuration's rotation and mode (the
/// display changes what differs from what it has: a modeset, and touches mapped anew).
public enum ReloadEffect: Sendable {
    case nothing
    case redraw
    case reconfigure(rotation: Rotation, mode: (width: Int, height: Int)?)
}
