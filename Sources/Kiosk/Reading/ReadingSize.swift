import Foundation
import Typeset

/// The body text size for a reader at a distance: a capital letter must subtend a
/// visual angle that legibility standards call comfortable for reading, on whatever
/// panel the kiosk has.
///
/// The standards (docs/typeset.md cites them): ISO 9241-3 (1992), as quoted by IBM's
/// Healthy Computing guide: "Character heights of from 20 to 22 minutes of arc are
/// preferred for the most tasks. The minimum character height shall be 16 minutes of
/// arc", a character's height being that of a capital letter without accent; the US
/// NRC's NUREG-0700 Rev. 2, §1.3.1-4 (character size for text readability): at least
/// 16′, at most 24′, 20–22′ preferred for reading tasks. ISO 9241-303 (2011), which
/// replaced part 3, we have not read first hand, so it is not relied on. Lectern takes
/// the top of the preferred range, 22′: visitors' eyesight varies more than an
/// office's, and a pinch makes text larger still.
///
/// From angle to pixels: cap height = 2 · d · tan(θ / 2) at distance d, so 22′ at 60 cm
/// is 3.84 mm; times the panel's px/mm is the capital's height in px, and divided by
/// the font's capital-height ratio (0.729 for DejaVu Sans) the font size. On a 96 dpi
/// panel (3.78 px/mm) that is 19.9 → 20 px, on a 21.5" 1080p panel (4.0 px/mm) 21 px.
public enum ReadingSize {
    /// The visual angle of a capital letter, in minutes of arc.
    public static let capitalArcMinutes = 22.0
    /// When the font's capital height cannot be read (it nearly always can).
    static let typicalCapHeightRatio = 0.72

    /// Height in mm of a capital letter subtending `capitalArcMinutes` at `distanceCentimetres`.
    public static func capitalMillimetres(distanceCentimetres: Double) -> Double {
        let angle = capitalArcMinutes / 60 * Double.pi / 180
        return 2 * distanceCentimetres * 10 * tan(angle / 2)
    }

    /// The body size in device px: the configured `size` (logical px) × `scale` when
    /// set, else derived from the distance and the panel's density, whole px.
    public static func bodySize(config: KioskConfig, pixelsPerMillimetre: Double, scale: Double) -> Double {
        if let size = config.text.size { return size * scale }
        let ratio = config.text.fonts.first.flatMap { ReadingMeasure.capHeightRatio(fontPath: $0) } ?? typicalCapHeightRatio
        return derivedSize(distanceCentimetres: config.text.distanceCentimetres,
                           pixelsPerMillimetre: pixelsPerMillimetre, capHeightRatio: ratio)
    }

    static func derivedSize(distanceCentimetres: Double, pixelsPerMillimetre: Double, capHeightRatio: Double) -> Double {
        let capital = capitalMillimetres(distanceCentimetres: distanceCentimetres) * pixelsPerMillimetre
        return min(max((capital / capHeightRatio).rounded(), 8), 400)
    }
}
