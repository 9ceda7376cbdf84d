import CFreeType
import CHarfBuzz
import CTextShim
import Raster

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
    /// A colour font (CBDT/CBLC bitmaps as Noto Color Emoji, or COLR layers): its glyphs
    /// are loaded in colour and drawn like images, not tinted with the text colour.
    let isColor: Bool
    /// Output pixels per pixel of the font's bitmaps: 1 for scalable fonts; for a font of
    /// fixed bitmap sizes (Noto Color Emoji has one, 109 px) the nearest size is selected
    /// and its glyphs scaled by this to the text size.
    let bitmapScale: Double
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
        case noBitmapSize(path: String, size: Double)

        var description: String {
            switch self {
            case let .cannotOpen(path, code): return "cannot open font \(path) (FreeType error \(code)): missing or not a font file"
            case let .cannotSize(path, size): return "font \(path) cannot be set to \(size) px"
            case let .noBitmapSize(path, size): return "font \(path) has fixed bitmap sizes and none could be selected for \(size) px"
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
        var scale = 1.0
        if FT_Set_Char_Size(opened, 0, FT_F26Dot6((size * 64).rounded()), 72, 72) != 0 {
            // A bitmap-only font (colour emoji) has a few fixed sizes: take the nearest
            // and scale its glyphs; any other font that refuses the size is unusable.
            guard lectern_ft_has_fixed_sizes(UnsafeMutableRawPointer(opened)) != 0, opened.pointee.num_fixed_sizes > 0 else {
                FT_Done_Face(opened)
                throw Error.cannotSize(path: path, size: size)
            }
            let strikes = (0..<Int(opened.pointee.num_fixed_sizes)).map { Double(opened.pointee.available_sizes[$0].y_ppem) / 64 }
            let nearest = strikes.indices.min { abs(strikes[$0] - size) < abs(strikes[$1] - size) }!
            guard strikes[nearest] > 0, FT_Select_Size(opened, FT_Int(nearest)) == 0 else {
                FT_Done_Face(opened)
                throw Error.noBitmapSize(path: path, size: size)
            }
            scale = size / strikes[nearest]
        }
        self.path = path
        self.size = size
        self.synthesis = synthesis
        self.file = file
        face = opened
        bitmapScale = scale
        isColor = lectern_ft_has_color(UnsafeMutableRawPointer(opened)) != 0
        if scale == 1 {
            // The HarfBuzz font keeps its own reference on the FreeType face.
            hbFont = hb_ft_font_create_referenced(opened)
        } else {
            // HarfBuzz's FreeType callbacks would give the strike's advances: use its
            // own OpenType functions (hmtx) scaled to the text size instead.
            let hbFace = hb_ft_face_create_referenced(opened)
            hbFont = hb_font_create(hbFace)
            hb_face_destroy(hbFace)
            let units = Int32((size * 64).rounded())
            hb_font_set_scale(hbFont, units, units)
        }
        let metrics = opened.pointee.size.pointee.metrics
        ascent = Double(metrics.ascender) / 64 * scale
        descent = Double(-metrics.descender) / 64 * scale
        lineHeight = max(Double(metrics.height) / 64 * scale, ascent + descent)
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
    /// `tints`: the budget of the cache that will keep the mask (it then gets a `MaskTint`).
    func rasterize(glyph: UInt32, subpixel: Int, tints: TintBudget? = nil) -> GlyphMask? {
        guard !isClosed else { return nil }
        let flags = isColor ? lectern_ft_load_color() | lectern_ft_load_target_light()
            : Int32(FT_LOAD_NO_BITMAP) | lectern_ft_load_target_light()
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
        // With FT_LOAD_COLOR a COLR glyph renders to BGRA here (FreeType blends its layers).
        guard FT_Render_Glyph(slot, FT_RENDER_MODE_LIGHT) == 0 else { return nil }
        if slot.pointee.bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue) {
            return ColorGlyph.mask(slot: slot, scale: bitmapScale)
        }
        return GlyphMask(slot: slot, tints: tints)
    }
}

/// A rendered glyph: coverage bytes (tightly packed rows) and where they sit relative
/// to the pen position on the baseline. A class: a draw takes one reference per glyph
/// from the cache, not one per field (retain and release were a tenth of a dense frame).
final class GlyphMask {
    let width: Int
    let height: Int
    /// Offset of the mask's left edge from the pen x, and of its top row above the baseline.
    let left: Int
    let top: Int
    /// Coverage bytes, rows of `width`, owned here (freed with the mask): a draw reads them
    /// without taking a reference to an array per glyph.
    let coverage: UnsafeMutablePointer<UInt8>
    private let coverageCount: Int
    var pixels: [UInt8] { Array(UnsafeBufferPointer(start: coverage, count: coverageCount)) }
    /// A colour glyph's pixels (premultiplied ARGB, already at the text size), drawn
    /// as they are; `pixels` is then empty.
    let color: Image?
    let isColor: Bool
    /// The mask drawn in a colour over a plain background, made on its first such draw
    /// (`Canvas.drawMask`): later draws there copy rows instead of mixing. Coverage masks
    /// made for a glyph cache have one (its `TintBudget` bounds them). A `let`: a draw
    /// then reads it without a retain.
    let tint: MaskTint?

    /// The mask's own bytes (a tint is counted by its `TintBudget`).
    var byteCount: Int { coverageCount + (color.map { $0.width * $0.height * 4 } ?? 0) + 48 }


    init(width: Int, height: Int, left: Int, top: Int, pixels: [UInt8], color: Image? = nil, tints: TintBudget? = nil) {
        self.width = width; self.height = height; self.left = left; self.top = top; self.color = color
        isColor = color != nil
        coverageCount = pixels.count
        coverage = .allocate(capacity: max(pixels.count, 1))
        coverage.initialize(repeating: 0, count: max(pixels.count, 1))
        _ = UnsafeMutableBufferPointer(start: coverage, count: pixels.count).initialize(from: pixels)
        let tintable = color == nil && width > 0 && height > 0 && pixels.count >= width * height
        tint = tints.flatMap { tintable ? MaskTint(width: width, height: height, budget: $0) : nil }
    }

    deinit { coverage.deallocate() }

    convenience init(slot: FT_GlyphSlot, tints: TintBudget? = nil) {
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
        self.init(width: w, height: h, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top), pixels: pixels, tints: tints)
    }
}
