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
    /// A playing clip scanned out from an overlay plane that scales NV12, where the driver
    /// offers one (false: every clip is converted and drawn into the page).
    public var videoPlane = true

    public init(pan: Bool = true, sidePan: Bool = true, scrollFront: Bool = true, atomic: Bool = true, videoPlane: Bool = true) {
        self.pan = pan
        self.sidePan = sidePan
        self.scrollFront = scrollFront
        self.atomic = atomic
        self.videoPlane = videoPlane
    }
}

