import Geometry

/// What the loop asks of whoever runs it, in one place: a reload, touch input for the
/// display as it is, the signals it does not handle itself, the first frame. The kiosk
/// implements it once (`KioskLoopDelegate`, KioskDevice) for `lectern run`, the
/// headless player and the tests alike; every method has a default that does nothing,
/// so a loop that only shows or only reads (`lectern input-debug`) needs none.
public protocol DeviceLoopDelegate: AnyObject {
    /// SIGHUP: re-read the configuration at `time` and say what the display must do.
    func reload(at time: Double) -> ReloadEffect
    /// Touch input for the display as it is now; the loop asks again whenever its native
    /// mode or rotation may have changed (at start, a reload that rotates, a hotplug),
    /// whether or not a reconfigure succeeded, so drawing and touch never disagree. Nil:
    /// no touch input (none found, or none wanted).
    func makeInput(for geometry: DisplayGeometry) -> InputSource?
    /// A signal other than SIGTERM / SIGINT (which stop the loop) and SIGHUP (`reload`).
    func handleSignal(_ signal: Int32, in loop: DeviceLoop)
    /// The first frame is on screen (called once).
    func firstFrameShown()
}

extension DeviceLoopDelegate {
    public func reload(at time: Double) -> ReloadEffect { .nothing }
    public func makeInput(for geometry: DisplayGeometry) -> InputSource? { nil }
    public func handleSignal(_ signal: Int32, in loop: DeviceLoop) {}
    public func firstFrameShown() {}
}
