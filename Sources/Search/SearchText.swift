import CWordBreak
import Foundation

/// Text as the index and the query both see it, so that the two always agree: composed
/// (NFC), Arabic and Hebrew vowel marks taken out (a voweled and an unvoweled spelling are
/// the same word; the letters stay as written, right to left), and words of the scripts
/// written without spaces (Chinese, Japanese, Thai, Lao, Khmer, Burmese) set apart by
/// ICU's word boundaries with a zero-width space, which FTS5's unicode61 tokenizer takes
/// as a separator (it is a format character) and a reader never sees.
public enum SearchText {
    /// The separator put between words of unspaced scripts.
    public static let wordSeparator: Unicode.Scalar = "\u{200B}"

    public static func prepare(_ text: String) -> String {
        let composed = text.precomposedStringWithCanonicalMapping
        var scalars = String.UnicodeScalarView()
        var unspaced = false
        for scalar in composed.unicodeScalars {
            if isRemovedMark(scalar) { continue }
            // The private-use marks that delimit hits in snippets never come from a page.
            if SearchSnippet.isMarker(scalar) { scalars.append(" "); continue }
            if isUnspacedScript(scalar) { unspaced = true }
            scalars.append(scalar)
        }
        let cleaned = String(scalars)
        return unspaced ? separatingWords(cleaned) : cleaned
    }

    /// Takes out the separators `prepare` added, for text shown to a visitor.
    public static func shown(_ text: String) -> String {
        guard text.unicodeScalars.contains(wordSeparator) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != wordSeparator }))
    }

    /// Arabic harakat, Quranic marks and tatweel; Hebrew niqqud and cantillation.
    static func isRemovedMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0591...0x05BD, 0x05BF, 0x05C1...0x05C2, 0x05C4...0x05C5, 0x05C7: return true
        case 0x0610...0x061A, 0x064B...0x065F, 0x0670, 0x06D6...0x06DC, 0x06DF...0x06E4, 0x06E7...0x06E8, 0x06EA...0x06ED: return true
        case 0x0640: return true
        default: return false
        }
    }

    /// Scripts written without spaces between words.
    static func isUnspacedScript(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0E00...0x0EFF: return true                  // Thai, Lao
        case 0x1000...0x109F, 0x1780...0x17FF: return true // Burmese, Khmer
        case 0x3040...0x30FF, 0x31F0...0x31FF: return true // Hiragana, Katakana
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF: return true // Han
        case 0xFF66...0xFF9F: return true                  // half-width Katakana
        default: return false
        }
    }

    /// A zero-width space at every ICU word boundary that touches an unspaced script.
    static func separatingWords(_ text: String) -> String {
        let utf16 = Array(text.utf16)
        var boundaries = [Int32](repeating: 0, count: utf16.count + 1)
        let count = utf16.withUnsafeBufferPointer { units in
            boundaries.withUnsafeMutableBufferPointer { out in
                lectern_word_boundaries(units.baseAddress, Int32(units.count), out.baseAddress, Int32(out.count))
            }
        }
        guard count > 0 else { return text }
        var out: [UInt16] = []
        out.reserveCapacity(utf16.count + utf16.count / 2)
        var start = 0
        for boundary in boundaries[0..<min(Int(count), boundaries.count)].map(Int.init) where boundary > start && boundary <= utf16.count {
            out.append(contentsOf: utf16[start..<boundary])
            if boundary < utf16.count, touchesUnspaced(utf16, at: boundary) { out.append(UInt16(wordSeparator.value)) }
            start = boundary
        }
        if start < utf16.count { out.append(contentsOf: utf16[start...]) }
        return String(decoding: out, as: UTF16.self)
    }

    private static func touchesUnspaced(_ utf16: [UInt16], at offset: Int) -> Bool {
        let before = scalar(endingAt: offset, in: utf16)
        let after = scalar(startingAt: offset, in: utf16)
        return (before.map(isUnspacedScript) ?? false) || (after.map(isUnspacedScript) ?? false)
    }

    private static func scalar(startingAt offset: Int, in utf16: [UInt16]) -> Unicode.Scalar? {
        guard offset < utf16.count else { return nil }
        let unit = utf16[offset]
        if UTF16.isLeadSurrogate(unit), offset + 1 < utf16.count {
            return surrogatePair(unit, utf16[offset + 1])
        }
        return Unicode.Scalar(UInt32(unit))
    }

    private static func scalar(endingAt offset: Int, in utf16: [UInt16]) -> Unicode.Scalar? {
        guard offset > 0 else { return nil }
        let unit = utf16[offset - 1]
        if UTF16.isTrailSurrogate(unit), offset >= 2 {
            return surrogatePair(utf16[offset - 2], unit)
        }
        return Unicode.Scalar(UInt32(unit))
    }

    private static func surrogatePair(_ lead: UInt16, _ trail: UInt16) -> Unicode.Scalar? {
        guard UTF16.isLeadSurrogate(lead), UTF16.isTrailSurrogate(trail) else { return nil }
        return Unicode.Scalar(0x10000 + ((UInt32(lead) - 0xD800) << 10) + (UInt32(trail) - 0xDC00))
    }
}
