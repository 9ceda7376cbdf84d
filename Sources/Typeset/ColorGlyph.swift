import CFreeType
import Raster

/// Colour glyphs: FreeType's BGRA bitmaps (CBDT strikes, or COLR layers it blended)
/// as premultiplied ARGB images at the text size, drawn over the page like pictures.
enum ColorGlyph {
    /// The glyph in `slot` (a BGRA bitmap) scaled by `scale` (text size over strike
    /// size), with its bearings scaled alike. Nil when the bitmap is empty or too large.
    static func mask(slot: FT_GlyphSlot, scale: Double) -> GlyphMask? {
        let bitmap = slot.pointee.bitmap
        let w = Int(bitmap.width), h = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        guard w > 0, h > 0, let buffer = bitmap.buffer, let strike = try? Bitmap(width: w, height: h) else { return nil }
        let canvas = strike.canvas
        for y in 0..<h {
            // FreeType's BGRA is premultiplied, B G R A in memory: a little-endian
            // 0xAARRGGBB word, the raster's own pixel format.
            let source = UnsafeRawPointer(buffer + y * pitch)
            let row = canvas.row(y)
            for x in 0..<w { row[x] = source.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self) }
        }
        var image = Image(bitmap: strike)
        var left = Double(slot.pointee.bitmap_left), top = Double(slot.pointee.bitmap_top)
        if scale != 1 {
            let sw = max(1, Int((Double(w) * scale).rounded())), sh = max(1, Int((Double(h) * scale).rounded()))
            guard let scaled = try? image.scaled(width: sw, height: sh) else { return nil }
            image = scaled
            left *= scale
            top *= scale
        }
        return GlyphMask(width: image.width, height: image.height, left: Int(left.rounded()), top: Int(top.rounded()),
                         pixels: [], color: image)
    }
}
