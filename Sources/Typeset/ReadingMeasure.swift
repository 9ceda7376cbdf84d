import CFreeType
import Foundation
import TextFile

/// The measure: how long a body line may be. Typographers count it in characters of
/// the text face (45–75 read comfortably; Bringhurst, The Elements of Typographic
/// Style, §2.1.2, calls 66 ideal), so it is turned into pixels with the body font's
/// average character width over ordinary prose, spaces included, as they are counted.
public enum ReadingMeasure {
    /// Ordinary English prose written for Lectern (letters in their usual proportions,
    /// spaces and punctuation), used only to find the body font's average character width.
    static let sample = "A reader follows a line to its end and then has to find the start of the next one. "
        + "When lines are very long, the eye loses its place on the way back; when they are very short, "
        + "phrases are broken apart and the reader keeps jumping. Somewhere between the two, a page reads "
        + "easily for a long time, which is what a quiet room with a good lamp has always offered."

    /// The mean advance per character of `sample` in the body font at the body size.
    static func averageCharacterWidth(of typesetter: Typesetter) -> Double {
        let glyphs = typesetter.shape(sample)
        let width = glyphs.reduce(0.0) { $0 + Double($1.advance) }
        let characters = sample.count
        // A font that shapes nothing (no glyphs at all) still gets a sensible measure.
        return width > 0 ? width / Double(characters) : typesetter.style.size / 2
    }

    /// The body column inside the content area [left, left + width): `measure` px wide
    /// (never under `minimum`, never wider than the content) and centred.
    static func bodyColumn(left: Double, width: Double, measure: Double?, minimum: Double) -> (left: Double, width: Double) {
        guard let measure, measure < width else { return (left, width) }
        let body = min(width, max(measure, minimum)).rounded()
        return (left + ((width - body) / 2).rounded(), body)
    }
}

extension Typesetter {
    /// The body measure in px (`style.measure` characters of the body font), nil when
    /// the style sets no measure. The kiosk shrinks its margins to make room for it.
    public var measureWidth: Double? {
        style.measure.map { ($0 * averageCharacterWidth).rounded() }
    }
}

extension ReadingMeasure {
    /// The font's capital height as a fraction of its size: the top of "H" (which sits on
    /// the baseline) over the em, read in font units. Legibility standards state character
    /// height as the height of a capital letter, so this turns a height into a font size.
    /// Nil when the file cannot be opened or has no "H".
    public static func capHeightRatio(fontPath: String) -> Double? {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return nil }
        defer { FT_Done_FreeType(library) }
        var opened: FT_Face?
        guard FT_New_Face(library, fontPath, 0, &opened) == 0, let face = opened else { return nil }
        defer { FT_Done_Face(face) }
        let unitsPerEm = Double(face.pointee.units_per_EM)
        let glyph = FT_Get_Char_Index(face, FT_ULong(UInt32(("H" as Unicode.Scalar).value)))
        guard unitsPerEm > 0, glyph != 0, FT_Load_Glyph(face, glyph, Int32(FT_LOAD_NO_SCALE)) == 0 else { return nil }
        let top = Double(face.pointee.glyph.pointee.metrics.horiBearingY)
        return top > 0 ? top / unitsPerEm : nil
    }
}
