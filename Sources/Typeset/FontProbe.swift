import CFreeType

/// Whether a file is a font FreeType can open, asked before any text is set, so that a
/// configuration naming a wrong file (a .zip, a truncated download) is reported with
/// its key and line instead of surfacing later as a failure to lay out.
public enum FontProbe {
    /// nil when `path` opens as a font; otherwise what is wrong with it.
    public static func problem(path: String) -> String? {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return "FreeType could not start (out of memory?)" }
        defer { FT_Done_FreeType(library) }
        var face: FT_Face?
        let code = FT_New_Face(library, path, 0, &face)
        guard code == 0, let face else { return "is not a font FreeType can open (FreeType error \(code))" }
        FT_Done_Face(face)
        return nil
    }
}
