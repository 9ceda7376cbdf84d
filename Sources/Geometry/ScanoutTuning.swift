/// How the display shows frames where a site needs it to differ from what the driver
/// offers: to compare the paths, or to work around a driver (docs/configuration.md,
/// `[display]`; docs/platform.md says what each path does). Every default takes what the
/// driver offers. One value from the configuration to the display: `lectern run` hands
/// it to `KMSDisplay` at start (a reload does not change it), the headless player too.
public struct ScanoutTuning: Equatable, Sendable {
    /// Scroll by moving the scan-out window where the driver is known to pan it (false:
    /// the window moves in the shadow and is copied whole, as on drivers not known to pan).
    public var pan = true
    /// Buffers a quarter of the screen wider than it, so a pull moves the window sideways
    /// (false: screen-wide buffers, a pull rewrites the screen).
    public var sidePan = true
    /// A scroll frame whose new rows the panel does not show goes into the buffer on
    /// screen and is shown from it (false: every frame goes to the other buffer, which
    /// then gets every strip: two copies a frame).
    public var scrollFront = true
    /// Atomic commits where the driver offers atomic modesetting (false: legacy page flips).
    public var atomic = true

    public init(pan: Bool = true, sidePan: Bool = true, scrollFront: Bool = true, atomic: Bool = true) {
        self.pan = pan
        self.sidePan = sidePan
        self.scrollFront = scrollFront
        self.atomic = atomic
    }
}

extension ScanoutTuning {
    /// The configuration's tuning with each path the environment turns off turned off:
    /// `LECTERN_PAN=copy`, `LECTERN_SIDEPAN=off`, `LECTERN_SCROLL_FRONT=off`,
    /// `LECTERN_ATOMIC=off`. Kept for two tools that have no configuration file to say
    /// it in: the machine test's kiosk-pan-copy scenario (`lectern run` on the built-in
    /// pages) and the bench's A/B of the display's paths (docs/performance.md). The kiosk
    /// itself reads `[display]` only.
    public func overridden(by environment: [String: String]) -> ScanoutTuning {
        var tuning = self
        if environment["LECTERN_PAN"] == "copy" { tuning.pan = false }
        if environment["LECTERN_SIDEPAN"] == "off" { tuning.sidePan = false }
        if environment["LECTERN_SCROLL_FRONT"] == "off" { tuning.scrollFront = false }
        if environment["LECTERN_ATOMIC"] == "off" { tuning.atomic = false }
        return tuning
    }
}
