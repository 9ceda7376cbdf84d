import CTextShim

extension ParagraphText {
    /// Resolves the Unicode bidi algorithm (UAX #9, ICU's ubidi) over the paragraph with
    /// `direction` as its base: each code unit's embedding level, for shaping each run
    /// in its own direction and reordering each line. Pure left-to-right text (no
    /// character that could be right to left, base left to right) keeps no levels.
    mutating func resolveBidi(_ direction: TextDirection) {
        isRightToLeft = direction == .rightToLeft
        levels = []
        guard !utf16.isEmpty, isRightToLeft || utf16.contains(where: { $0 >= 0x0590 }) else { return }
        var resolved = [UInt8](repeating: 0, count: utf16.count)
        let base: Int32 = isRightToLeft ? 1 : 0
        let level = utf16.withUnsafeBufferPointer { text in
            resolved.withUnsafeMutableBufferPointer { lectern_bidi_levels(text.baseAddress, Int32(text.count), base, $0.baseAddress) }
        }
        // ICU failing (out of memory) leaves the paragraph unreordered rather than wrong.
        guard level >= 0 else { return }
        if !isRightToLeft, !resolved.contains(where: { $0 != 0 }) { return }
        levels = resolved
    }
}

/// Puts one line's glyphs, kept in logical order, into visual order (rule L2 over the
/// glyphs' levels, ICU's ubidi_reorderVisual). Trailing white space takes the
/// paragraph's level first (rule L1), so it ends up at the line's logical end side.
enum LineOrder {
    static func visual(_ line: ArraySlice<ShapedGlyph>, text: ParagraphText) -> ArraySlice<ShapedGlyph> {
        guard !text.levels.isEmpty, !line.isEmpty else { return line }
        var levels = line.map { text.level(at: min(Int($0.cluster), text.utf16.count - 1)) }
        let paragraphLevel: UInt8 = text.isRightToLeft ? 1 : 0
        var i = levels.count - 1
        while i >= 0, text.isWhitespace[min(Int(line[line.startIndex + i].cluster), text.utf16.count - 1)] {
            levels[i] = paragraphLevel
            i -= 1
        }
        if !levels.contains(where: { $0 != 0 }) { return line }
        var order = [Int32](repeating: 0, count: levels.count)
        levels.withUnsafeBufferPointer { l in
            order.withUnsafeMutableBufferPointer { lectern_bidi_reorder(l.baseAddress, Int32(l.count), $0.baseAddress) }
        }
        return order.map { line[line.startIndex + Int($0)] }[...]
    }

    /// The line without its trailing white space (a right-aligned line must end at the
    /// column's edge with its last visible glyph).
    static func trimmingTrailingSpace(_ line: ArraySlice<ShapedGlyph>, text: ParagraphText) -> ArraySlice<ShapedGlyph> {
        var end = line.endIndex
        while end > line.startIndex, text.isWhitespace[min(Int(line[end - 1].cluster), text.utf16.count - 1)] { end -= 1 }
        return line[line.startIndex..<end]
    }
}
