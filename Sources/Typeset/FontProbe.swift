import CFreeType
import CTextShim

/// Whether a file is a font FreeType can open, asked before any text is set, so that a
/// configuration naming a wrong file (a .zip, a truncated download) is reported with
/// its key and line instead of surfacing later as a failure to lay out.
public enum FontProbe {
    /// nil when `path` opens as a font usable at `size` px (a bitmap font, as colour
    /// emoji, is usable at any size: its nearest bitmap size is scaled); otherwise what
    /// is wrong with it.
    public static func problem(path: String, size: Double = 20) -> String? {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return "FreeType could not start (out of memory?)" }
        defer { FT_Done_FreeType(library) }
        var face: FT_Face?
        let code = FT_New_Face(library, path, 0, &face)
        guard code == 0, let face else { return "is not a font FreeType can open (FreeType error \(code))" }
        defer { FT_Done_Face(face) }
        if FT_Set_Char_Size(face, 0, FT_F26Dot6((size * 64).rounded()), 72, 72) != 0,
           lectern_ft_has_fixed_sizes(UnsafeMutableRawPointer(face)) == 0 || face.pointee.num_fixed_sizes == 0 {
            return "cannot be set to \(size) px and has no bitmap sizes: use another font file"
        }
        return nil
    }
}
