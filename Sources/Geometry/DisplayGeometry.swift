
/// The display as drawing and touch both need it: the panel's native (unrotated, as
/// scanned out) mode, how it is mounted, and its density when the display says. The
/// sink owns it (on the device: `KMSDisplay`'s output mode and rotation, changed only by
/// a modeset); the loop hands it to the touch input it makes and down with each frame
/// target, so no one keeps a copy that a reload or a hotplug could leave stale.
public struct DisplayGeometry: Equatable, Sendable {
    /// The panel's native mode in pixels.
    public var nativeWidth: Int
    public var nativeHeight: Int
    /// How the panel is mounted: the logical screen is the native one turned by it.
    public var rotation: Rotation
    /// Pixels per millimetre from the display's own physical size (the connector's EDID),
    /// nil when it reports none a panel could have; the touchscreen's, when it reports
    /// one, is preferred (it is the surface the finger measures).
    public var pixelsPerMillimetre: Double?

    public init(nativeWidth: Int, nativeHeight: Int, rotation: Rotation = .r0, pixelsPerMillimetre: Double? = nil) {
        self.nativeWidth = nativeWidth
        self.nativeHeight = nativeHeight
        self.rotation = rotation
        self.pixelsPerMillimetre = pixelsPerMillimetre
    }

    /// The size the scene lays out in: the native mode turned by the rotation.
    public var logicalWidth: Int { rotation.swapsAxes ? nativeHeight : nativeWidth }
    public var logicalHeight: Int { rotation.swapsAxes ? nativeWidth : nativeHeight }
}
