/// The keys an on-screen keyboard for searching shows for one language: the letter and
/// digit keys of an xkeyboard-config layout, row by row as the keymap places them, each
/// with what it types (level 1: searching ignores case, so there is no shift) and its
/// long-press alternates (what the Compose table's dead keys make of it). Punctuation
/// keys are left out (a search reads words); the special keys (clear, space, backspace,
/// return) are the geometry's.
public struct KeyboardLayout: Sendable, Equatable {
    public struct Key: Sendable, Equatable {
        /// The key's XKB name (`AD01`).
        public var name: String
        /// What a tap types.
        public var text: String
        /// Shown on a long press (accented letters, Greek tonos), best known first.
        public var alternates: [String]

        public init(name: String, text: String, alternates: [String] = []) {
            self.name = name
            self.text = text
            self.alternates = alternates
        }
    }

    /// The xkeyboard-config layout (and variant) it was read from: "us", "ru", "gr(polytonic)".
    public var name: String
    /// Rows top to bottom (digits, then the three letter rows); none empty.
    public var rows: [[Key]]

    /// The languages' layouts (xkeyboard-config names): the site's language picks one,
    /// Latin for any language without its own (Chinese, Japanese and Korean sites search
    /// with the Latin keyboard: pinyin and kana input are out of scope).
    public static func layoutName(forLanguage tag: String) -> String {
        let language = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
        switch language {
        case "ru", "bg", "mk": return language
        case "uk": return "ua"
        case "be": return "by"
        case "sr": return "rs"
        case "el": return "gr"
        case "he": return "il"
        case "ar": return "ara"
        default: return "us"
        }
    }

    /// Reads `layout` through libxkbcommon and the Compose table (see `XKBKeymap`).
    public static func load(layout: String, variant: String = "") throws(XKBKeymap.Failure) -> KeyboardLayout {
        let rows = try XKBKeymap.keys(layout: layout, variant: variant)
        let firstLevels = rows.flatMap { $0.map { $0.levels.first ?? "" } }
        let alternates = XKBKeymap.deadKeyAlternates(for: firstLevels)
        return KeyboardLayout(name: variant.isEmpty ? layout : "\(layout)(\(variant))", keymapRows: rows, alternates: alternates)
    }

    /// The keyboard from a keymap's rows: keys whose first level is one letter or digit.
    public init(name: String, keymapRows: [[XKBKeymap.Key]], alternates: [String: [String]]) {
        self.name = name
        rows = keymapRows.map { row in
            row.compactMap { key -> Key? in
                guard let text = key.levels.first, Self.isSearchable(text) else { return nil }
                return Key(name: key.name, text: text, alternates: alternates[text] ?? [])
            }
        }.filter { !$0.isEmpty }
    }

    public var keys: [Key] { rows.flatMap { $0 } }

    /// One character, a letter or a digit (Arabic and Hebrew letters, Arabic-Indic digits
    /// included).
    static func isSearchable(_ text: String) -> Bool {
        guard text.count == 1, let character = text.first else { return false }
        return character.isLetter || character.isNumber
    }
}
