import CTextShim

/// What a language is called by its own speakers, for a language menu: ICU's locale
/// display names (CLDR) with the language as its own display locale, capitalised as a
/// menu item in that language. "he" → "עברית", "ar" → "العربية", "fr" → "Français".
public enum LanguageName {
    /// The endonym, or nil when ICU has no name for the tag (the caller shows the tag).
    public static func endonym(_ tag: String) -> String? {
        var buffer = [UInt16](repeating: 0, count: 128)
        let length = buffer.withUnsafeMutableBufferPointer { lectern_language_endonym(tag, $0.baseAddress, Int32($0.count)) }
        guard length > 0, Int(length) <= buffer.count else { return nil }
        return String(decoding: buffer[..<Int(length)], as: UTF16.self)
    }
}
