/// How the panel is mounted, applied once to touch and to rendering.
///
/// The rotation is that of the *content as the user sees it*, clockwise, relative to
/// the panel's native scan-out (native x runs along the scan line, native y down the
/// lines, size W × H). With `.r90` the logical screen is H wide and W tall, and its
/// top-left corner is drawn at the panel's native top-right corner: a landscape panel
/// mounted a quarter turn anticlockwise shows an upright portrait UI. Corners, logical
/// (l) → native (n), for a W × H panel:
///
/// | rotation | logical size | l (0,0) → n | l (w,0) → n | l (0,h) → n |
/// | --- | --- | --- | --- | --- |
/// | r0   | W × H | (0,0) | (W,0) | (0,H) |
/// | r90  | H × W | (W,0) | (W,H) | (0,0) |
/// | r180 | W × H | (W,H) | (0,H) | (W,0) |
/// | r270 | H × W | (0,H) | (0,0) | (W,H) |
///
/// Points are continuous coordinates (a touch at the panel's far edge is x = W). For
/// pixel indices use the `Pixel` variants, which map pixel centres (edge W − 1).
public enum Rotation: Int, Sendable, CaseIterable {
    case r0 = 0, r90 = 90, r180 = 180, r270 = 270

    /// Swaps width and height for quarter turns.
    public var swapsAxes: Bool { self == .r90 || self == .r270 }

    /// Size of the logical screen for a panel scanning `nativeWidth` × `nativeHeight`.
    public func logicalSize(nativeWidth: Double, nativeHeight: Double) -> (width: Double, height: Double) {
        swapsAxes ? (nativeHeight, nativeWidth) : (nativeWidth, nativeHeight)
    }

    /// A point in native panel coordinates (e.g. libinput's transformed touch position
    /// with the panel's native size) → the rotated logical screen.
    public func logicalPoint(nativeX x: Double, nativeY y: Double, nativeWidth w: Double, nativeHeight h: Double) -> (x: Double, y: Double) {
        switch self {
        case .r0: return (x, y)
        case .r90: return (y, w - x)
        case .r180: return (w - x, h - y)
        case .r270: return (h - y, x)
        }
    }

    /// A logical point → native panel coordinates (inverse of `logicalPoint`).
    public func nativePoint(logicalX x: Double, logicalY y: Double, nativeWidth w: Double, nativeHeight h: Double) -> (x: Double, y: Double) {
        switch self {
        case .r0: return (x, y)
        case .r90: return (w - y, x)
        case .r180: return (w - x, h - y)
        case .r270: return (y, h - x)
        }
    }

    /// Pixel index version of `nativePoint` for renderers: which native pixel shows
    /// logical pixel (x, y). The panel is `nativeWidth` × `nativeHeight` pixels.
    public func nativePixel(logicalX x: Int, logicalY y: Int, nativeWidth w: Int, nativeHeight h: Int) -> (x: Int, y: Int) {
        switch self {
        case .r0: return (x, y)
        case .r90: return (w - 1 - y, x)
        case .r180: return (w - 1 - x, h - 1 - y)
        case .r270: return (y, h - 1 - x)
        }
    }

    /// Pixel index version of `logicalPoint`.
    public func logicalPixel(nativeX x: Int, nativeY y: Int, nativeWidth w: Int, nativeHeight h: Int) -> (x: Int, y: Int) {
        switch self {
        case .r0: return (x, y)
        case .r90: return (y, w - 1 - x)
        case .r180: return (w - 1 - x, h - 1 - y)
        case .r270: return (h - 1 - y, x)
        }
    }

    /// Parses "0", "90", "180", "270" (what a config file or `--rotation` gives).
    public init?(degrees text: String) {
        guard let value = Int(text), let rotation = Rotation(rawValue: value) else { return nil }
        self = rotation
    }
}
