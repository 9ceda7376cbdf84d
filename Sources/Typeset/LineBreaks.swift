import CTextShim

/// UAX #14 line-break opportunities through ICU's line break iterator.
enum LineBreaks {
    /// Offsets (in UTF-16 code units) at which a new line may begin, ascending, always
    /// ending with `text.count`. ICU keeps kinsoku (no break before 。，、」), never breaks
    /// inside an emoji ZWJ sequence, and breaks between ideographs.
    static func opportunities(in text: [UInt16]) -> [Int] {
        guard !text.isEmpty else { return [] }
        var breaks = [Int32](repeating: 0, count: text.count + 1)
        let count = text.withUnsafeBufferPointer { utf16 in
            breaks.withUnsafeMutableBufferPointer { out in
                lectern_line_breaks(utf16.baseAddress, Int32(utf16.count), out.baseAddress, Int32(out.count))
            }
        }
        // ICU cannot fail on valid arguments; if it ever does, allow no breaks but the end.
        guard count > 0 else { return [text.count] }
        var result = breaks[0..<min(Int(count), breaks.count)].map { Int($0) }
        if result.last != text.count { result.append(text.count) }
        return result
    }
}
