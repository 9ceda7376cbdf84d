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
        /// Move the window sideways into the room right of the page and write the strip
        /// the pull uncovers, write-only.
        case sideways(SidewaysPull)
    }

    /// A pull shown by moving the scan-out window `shift` columns into the room right of
    /// the page. `strip` (screen coordinates) is what lies beyond the page's edge, and the
    /// decorations: `drawn` of it is in `pixels` (column 0 of `pixels` is the strip's
    /// first column). With `plain`, the rest of the strip is that one colour beyond the
    /// page's edge, and the page itself left of it: the display writes the colour only
    /// where its buffer does not hold it already (the dots' old places, columns newly
    /// uncovered), not the whole strip each frame. Without, `drawn` is the whole strip.
    public struct SidewaysPull {
        public var shift: Int
        public var strip: IntRect
        public var pixels: Canvas?
        public var drawn: IntRect
        public var plain: Color?

        /// The strip drawn whole into `pixels`.
        public init(shift: Int, strip: IntRect, pixels: Canvas?) {
            self.init(shift: shift, strip: strip, pixels: pixels, drawn: strip, plain: nil)
        }

        public init(shift: Int, strip: IntRect, pixels: Canvas?, drawn: IntRect, plain: Color?) {
            self.shift = shift; self.strip = strip; self.pixels = pixels; self.drawn = drawn; self.plain = plain
        }
    }

    /// What changed on screen, in the shadow window's coordinates; empty: nothing to show.
    public var damage: Region
    public var scanout: Scanout
    /// How the YUV plane above the page changes (nil: it stays as it is).
    public var plane: PlaneChange?

    /// The video plane's next state.
    public enum PlaneChange: Equatable {
        /// Show `source` (pixels of the picture) scaled to `destination` (screen): the
        /// picture the display last offered (`videoPlane`) when `written`, else the one
        /// the plane shows now, moved.
        case show(source: IntRect, destination: IntRect, written: Bool)
        case off
    }

    public init(damage: Region = Region(), scanout: Scanout = .copy, plane: PlaneChange? = nil) {
        self.damage = damage
        self.scanout = scanout
        self.plane = plane
    }

    /// Whether presenting it changes anything on screen.
    public var changesScreen: Bool { !damage.isEmpty || plane != nil }
}
