import Raster
import Touch

/// What the device loop drives. The kiosk scene implements it; tests use a fake.
///
/// All times are seconds on CLOCK_MONOTONIC (the clock of `TouchEvent.time`).
public protocol FrameSource: AnyObject {
    /// Logical (rotated) size the scene lays out in; called before the first frame
    /// and on mode changes. The shadow canvas passed to the next `render` is new and
    /// blank: that render must draw (and damage) the whole canvas.
    func resize(width: Int, height: Int, at time: Double)
    /// One touch report, already calibrated and rotated into logical pixels.
    func handle(_ event: TouchEvent)
    /// True while something moves (then the loop renders one frame per page flip).
    func needsFrame(at time: Double) -> Bool
    /// Draw the frame for `time` into the shadow canvas (logical size), adding what
    /// changed to `damage`. The canvas keeps the previous frame's pixels.
    func render(into canvas: Canvas, at time: Double, damage: inout Region)
    /// The same with what the sink offers beyond the canvas (panning, direct frames);
    /// default: ignores it.
    func render(into canvas: Canvas, at time: Double, damage: inout Region, scanout: ScanoutSurface?)
    /// Monotonic time of the next timed action (idle home, gesture timeout), or nil.
    func nextDeadline() -> Double?
    func deadlineReached(at time: Double)
    /// False while the display should be blanked (DPMS off, `[idle] blank_after`).
    /// The loop checks it after every event and deadline. Default: always on.
    var displayPowered: Bool { get }
}

extension FrameSource {
    public var displayPowered: Bool { true }
    /// With a sink's `ScanoutSurface`: may draw a vertical scroll by moving the window,
    /// or a fade frame straight into the scan-out buffer. Default: draws into `canvas`.
    public func render(into canvas: Canvas, at time: Double, damage: inout Region, scanout: ScanoutSurface?) {
        render(into: canvas, at: time, damage: &damage)
    }
}

/// Where frames go: the DRM display, or a headless sink in tests and snapshots.
public protocol FrameSink: AnyObject {
    /// Polled for completion events (page flips); nil when presenting is synchronous.
    var pollFD: FileDescriptor? { get }
    /// The shadow canvas in logical size, or nil while there is no output (no
    /// display connected, DRM master lost).
    var canvas: Canvas? { get }
    /// A presented frame is not on screen yet (a flip is pending): do not render.
    var isBusy: Bool { get }
    /// The sink itself needs a present (e.g. everything after regaining the display),
    /// even if the scene has no damage.
    var needsPresent: Bool { get }
    /// Seconds per refresh, for pacing when a present completes without an event.
    var frameInterval: Double { get }
    /// Shows the shadow canvas' `damage`.
    func present(_ damage: Region) throws -> PresentOutcome
    /// Handles `pollFD` being readable; returns how many presents completed.
    func handleReadable() throws -> Int
    /// DPMS on / off (a no-op where there is no display).
    func setPower(on: Bool)
    /// What the sink offers beyond the canvas (`KMSDisplay`: panning where the driver
    /// is known to pan, direct frames); nil otherwise.
    var scanoutSurface: ScanoutSurface? { get }
}

extension FrameSink {
    public var scanoutSurface: ScanoutSurface? { nil }
}

public enum PresentOutcome: Equatable, Sendable {
    /// A page flip is queued; the loop waits for its event before the next frame.
    case queued
    /// On screen already (mode set, fallback without flips, headless).
    case shown
    /// Nothing could be shown (no output, master lost).
    case skipped
}
