import Keyboard
import Search

/// What speech mode says in the search panel (docs/accessibility.md will describe it
/// with the panel): each key as the finger reaches it, the results of the field after
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

    public static let english = SearchSpeech(
        space: "space", delete: "delete", clear: "clear", search: "search", results: "%1 results.", oneResult: "1 result.",
        nothingFound: "Nothing found.", empty: "Search field empty.", result: "%1: %2. %3")
    public static let german = SearchSpeech(
        space: "Leerzeichen", delete: "löschen", clear: "alles löschen", search: "suchen", results: "%1 Treffer.", oneResult: "1 Treffer.",
        nothingFound: "Nichts gefunden.", empty: "Suchfeld leer.", result: "%1: %2. %3")

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
