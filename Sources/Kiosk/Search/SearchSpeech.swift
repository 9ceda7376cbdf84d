import Keyboard
import Search

/// What speech mode says in the search panel (docs/accessibility.md, Speech mode):
/// each key as the finger reaches it, the results of the field after
/// a key is typed, and that nothing was found. English and German, as `SpeechPhrases`;
/// the characters themselves are given to the voice as they are (espeak-ng names a
/// lone letter in the voice's language).
public struct SearchSpeech: Sendable, Equatable {
    let space: String, delete: String, clear: String, search: String
    let results: String      // %1 count
    let oneResult: String
    let nothingFound: String
    let empty: String
    let result: String       // %1 rank, %2 title, %3 snippet
    /// Shown in the empty field; said when the panel opens.
    public let prompt: String
    /// The index is still being built.
    public let unavailable: String
    /// The panel's close button.
    public let close: String

    public static let english = SearchSpeech(
        space: "space", delete: "delete", clear: "clear", search: "search", results: "%1 results.", oneResult: "1 result.",
        nothingFound: "Nothing found.", empty: "Search field empty.", result: "%1: %2. %3",
        prompt: "Search", unavailable: "The search is being prepared. Try again in a moment.",
        close: "Close search. Double tap to close it.")
    public static let german = SearchSpeech(
        space: "Leerzeichen", delete: "löschen", clear: "alles löschen", search: "suchen", results: "%1 Treffer.", oneResult: "1 Treffer.",
        nothingFound: "Nichts gefunden.", empty: "Suchfeld leer.", result: "%1: %2. %3",
        prompt: "Suchen", unavailable: "Die Suche wird vorbereitet. Bitte gleich noch einmal versuchen.",
        close: "Suche schließen. Zweimal tippen schließt sie.")

    public static func forLanguage(_ tag: String) -> SearchSpeech {
        SpeechPhrases.forLanguage(tag).language == "de" ? german : english
    }

    /// A key under the finger.
    public func key(_ action: KeyboardGeometry.Action) -> String {
        switch action {
        case let .character(key): return key.text
        case .space: return space
        case .backspace: return delete
        case .clear: return clear
        case .enter: return search
        }
    }

    /// What a key shows: its character, or a word (a symbol for delete).
    public func label(_ action: KeyboardGeometry.Action) -> String {
        switch action {
        case let .character(key): return key.text
        case .space: return space
        case .backspace: return "\u{232B}"
        case .clear: return clear
        case .enter: return search
        }
    }

    /// One result as it is said.
    public func result(_ result: SearchResult) -> String {
        self.result.replacingOccurrences(of: "%1", with: String(result.rank))
            .replacingOccurrences(of: "%2", with: result.title)
            .replacingOccurrences(of: "%3", with: result.snippet.text)
    }

    /// After the field changed: the field, then how many results, then the first few.
    public func answer(field: String, results: [SearchResult], read: Int = 3) -> [String] {
        guard !field.isEmpty else { return [empty] }
        guard !results.isEmpty else { return [field, nothingFound] }
        let count = results.count == 1 ? oneResult : self.results.replacingOccurrences(of: "%1", with: String(results.count))
        return [field, count] + results.prefix(read).map { result in
            self.result.replacingOccurrences(of: "%1", with: String(result.rank))
                .replacingOccurrences(of: "%2", with: result.title)
                .replacingOccurrences(of: "%3", with: result.snippet.text)
        }
    }
}
