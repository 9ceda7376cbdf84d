import Raster

/// A frame as the compositor made it, for the loop to present: what changed in the
/// shadow's window, and how the display shows the rest. Presenting it is the one moment
/// the display changes what it shows (Weston's split: the compositor decides and draws,
/// the back end commits), so a frame the loop never presents leaves the display as it was.
public struct ComposedFrame {
    /// How the display shows the frame beyond copying the damage out of the shadow.
    public enum Scanout {
        /// Copy the damage from the shadow's window.
        case copy
        /// Move the window as the display offered (`ScanoutSurface.panWindow`), then copy
        /// the damage, in the moved window's coordinates.
        case pan(WindowPan)
        /// The back scan-out buffer's window was written whole (`directFrame`): copy
        /// nothing into it.
        case direct
        /// Move the window `shift` columns into the room right of the page, then write
        /// `strip` (screen coordinates: what lies beyond the page's edge, and the
        /// decorations) from `stripPixels` (the strip from its column 0), write-only.
        case sideways(shift: Int, strip: IntRect, stripPixels: Canvas?)
    }

    /// What changed on screen, in the shadow window's coordinates; empty: nothing to show.
    public var damage: Region
    public var scanout: Scanout

    public init(damage: Region = Region(), scanout: Scanout = .copy) {
        self.damage = damage
        self.scanout = scanout
    }
}
