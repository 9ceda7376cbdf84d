import CFreeType
import CHarfBuzz
import CTextShim

/// One font file opened at one pixel size: the FreeType face (coverage, metrics,
/// rasterisation) and the HarfBuzz font built on it (shaping).
///
/// Faces are owned by a `FontStore` and referred to by their index there, so laid-out
/// glyphs stay small and the glyph cache keys stay integers.
final class FontFace {
    let path: String
    let size: Double
    /// Synthesised weight/slant for faces that stand in for a missing bold/oblique file.
    let synthesis: Synthesis
    let face: FT_Face
    let hbFont: OpaquePointer
    /// The mapped file FreeType reads `face` from (shared with the file's other faces).
    private let file: FontFile
    /// Pixels above the baseline, below it (positive), and the recommended line height.
    let ascent: Double
    let descent: Double
    let lineHeight: Double
    /// Closed by its store once no font chain uses it (a text size a pinch left behind):
    /// FreeType's and HarfBuzz's objects are freed, and it covers and draws nothing.
    private(set) var isClosed = false

    struct Synthesis: Hashable {
        var embolden = false
        var oblique = false
        static let none = Synthesis()
    }

    enum Error: Swift.Error, CustomStringConvertible {
        case cannotOpen(path: String, code: Int32)
        case cannotSize(path: String, size: Double)

        var description: String {
            switch self {
            case let .cannotOpen(path, code): return "cannot open font \(path) (FreeType error \(code)): missing or not a font file"
            case let .cannotSize(path, size): return "font \(path) cannot be set to \(size) px"
            }
        }
    }

    init(library: FT_Library, path: String, size: Double, synthesis: Synthesis) throws {
        // FT_New_Face's error for a file that cannot be opened or mapped.
        guard case let .success(file) = FontFile.shared(path: path) else { throw Error.cannotOpen(path: path, code: 1) }
        var opened: FT_Face?
        let code = FT_New_Memory_Face(library, file.bytes.baseAddress?.assumingMemoryBound(to: FT_Byte.self),
                                      FT_Long(file.bytes.count), 0, &opened)
        guard code == 0, let opened else { throw Error.cannotOpen(path: path, code: code) }
        guard FT_Set_Char_Size(opened, 0, FT_F26Dot6((size * 64).rounded()), 72, 72) == 0 else {
            FT_Done_Face(opened)
            throw Error.cannotSize(path: path, size: size)
        }
        self.path = path
        self.size = size
        self.synthesis = synthesis
        self.file = file
        face = opened
        // The HarfBuzz font keeps its own reference on the FreeType face.
        hbFont = hb_ft_font_create_referenced(opened)
        let metrics = opened.pointee.size.pointee.metrics
        ascent = Double(metrics.ascender) / 64
        descent = Double(-metrics.descender) / 64
        lineHeight = max(Double(metrics.height) / 64, ascent + descent)
    }

    deinit { close() }

    /// Both before `file` is released: FreeType reads the face's data through it.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        hb_font_destroy(hbFont)
        FT_Done_Face(face)
    }

    /// Whether the font has a glyph for this scalar.
    func covers(_ scalar: UInt32) -> Bool { !isClosed && FT_Get_Char_Index(face, FT_ULong(scalar)) != 0 }

    /// Renders one glyph as an 8-bit coverage mask, shifted right by `subpixel`/4 px so
    /// text can be positioned at quarter pixels. Nil when the glyph cannot be loaded
    /// (a broken font must not take the page down: the glyph is skipped).
    func rasterize(glyph: UInt32, subpixel: Int) -> GlyphMask? {
        guard !isClosed else { return nil }
        let flags = Int32(FT_LOAD_NO_BITMAP) | lectern_ft_load_target_light()
        guard FT_Load_Glyph(face, glyph, flags) == 0 else { return nil }
        let slot = face.pointee.glyph!
        if slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE {
            let outline = withUnsafeMutablePointer(to: &slot.pointee.outline) { $0 }
            if synthesis.embolden {
                // About 1/24 em each side, as FreeType's own FT_GlyphSlot_Embolden does.
                FT_Outline_Embolden(outline, FT_Pos(size * 64 / 24))
            }
            if synthesis.oblique {
                // A 12° shear (0.2126 ≈ tan 12°) in 16.16 fixed point.
                var matrix = FT_Matrix(xx: 0x10000, xy: 0x0366A, yx: 0, yy: 0x10000)
                FT_Outline_Transform(outline, &matrix)
            }
            FT_Outline_Translate(outline, FT_Pos(subpixel * 16), 0)
        }
        guard FT_Render_Glyph(slot, FT_RENDER_MODE_LIGHT) == 0 else { return nil }
        return GlyphMask(slot: slot)
    }
}

/// A rendered glyph: coverage bytes (tightly packed rows) and where they sit relative
/// to the pen position on the baseline.
struct GlyphMask {
    let width: Int
    let height: Int
    /// Offset of the mask's left edge from the pen x, and of its top row above the baseline.
    let left: Int
    let top: Int
    let pixels: [UInt8]

    var byteCount: Int { pixels.count + 48 }

    init(width: Int, height: Int, left: Int, top: Int, pixels: [UInt8]) {
        self.width = width; self.height = height; self.left = left; self.top = top; self.pixels = pixels
    }

    init(slot: FT_GlyphSlot) {
        let bitmap = slot.pointee.bitmap
        let w = Int(bitmap.width), h = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        var pixels = [UInt8](repeating: 0, count: w * h)
        if let buffer = bitmap.buffer, w > 0, h > 0 {
            let gray = bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue)
            for y in 0..<h {
                let row = buffer + y * pitch
                for x in 0..<w {
                    // Mono bitmaps (1 bit per pixel) only appear in odd fonts; expand them.
                    pixels[y * w + x] = gray ? row[x] : ((row[x >> 3] << UInt8(x & 7)) & 0x80 != 0 ? 255 : 0)
                }
            }
        }
        self.init(width: w, height: h, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top), pixels: pixels)
    }
}
