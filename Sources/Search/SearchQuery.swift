/// What a visitor typed, made into an FTS5 query: capped at `maximumLength` characters,
/// prepared as the pages were (`SearchText`), cut into words at spaces and punctuation,
/// each word a prefix (results appear while the word is still being typed) and all words
/// required. Every word is quoted, so nothing typed is read as FTS5 syntax (AND, NEAR,
/// a column filter, a stray quote).
public struct SearchQuery: Sendable, Equatable {
    /// The longest query read, in characters; the rest is ignored. A visitor looking for
    /// a name, a room or a phrase types far fewer; the cap keeps a stuck key or a pasted
    /// page from making a query that takes long to run.
    public static let maximumLength = 64
    /// The most words taken from a query.
    public static let maximumWords = 12

    /// The words as searched (prepared, in order), empty when nothing searchable was typed.
    public let words: [String]

    public init(_ typed: String) {
        let capped = String(typed.prefix(Self.maximumLength))
        let prepared = SearchText.prepare(capped)
        var words: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in prepared.unicodeScalars {
            if Self.separates(scalar) {
                if !current.isEmpty { words.append(String(current)); current = String.UnicodeScalarView() }
            } else {
                current.append(scalar)
            }
        }
        if !current.isEmpty { words.append(String(current)) }
        self.words = Array(words.prefix(Self.maximumWords))
    }

    public var isEmpty: Bool { words.isEmpty }

    /// The FTS5 MATCH expression: `"word"*` for each word, all required.
    var expression: String {
        words.map { "\"" + $0.replacingAll("\"", with: "\"\"") + "\"*" }.joined(separator: " ")
    }

    /// Spaces, punctuation, symbols, controls and format characters (the zero-width word
    /// separator among them) end a word; letters, marks and digits make one.
    static func separates(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            return false
        default:
            return true
        }
    }
}

extension String {
    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for character in self { if character == target { out += replacement } else { out.append(character) } }
        return out
    }
}
