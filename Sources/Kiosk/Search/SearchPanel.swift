import Keyboard
import Search

/// The search panel's logic apart from drawing and the scene (`SearchSession` holds it,
/// `SearchPanelRenderer` draws it): the field, the keyboard of the visitor's language
/// laid out for the panel, the results of what is in the field (asked again at each key
/// typed), and the searches it counts for the metrics file (`onSearchCounted`). Touches arrive as points with their time;
/// what happens by itself (backspace repeat, long press) happens at `deadline`, which
/// the loop wakes for, so nothing ticks while a finger rests. The field's text is never
/// logged or kept beyond the panel: the idle reset clears it with `reset`.
public final class SearchPanel {
    public enum Event: Sendable, Equatable {
        /// A finger moved onto a key (explore by touch): speech mode says it.
        case keyUnderFinger(KeyboardGeometry.Action)
        /// The alternates strip opened over a key.
        case alternatesOpened
        /// The field changed; the results were asked again.
        case fieldChanged
        /// Return on the keyboard: open the first result (nil: there is none).
        case openFirstResult(SearchResult?)
    }

    public let layout: KeyboardLayout
    public let geometry: KeyboardGeometry
    public private(set) var field = ""
    public private(set) var answer: SiteSearch.Answer = .results([])
    /// The finger on the keyboard, if one is.
    public private(set) var press: KeyPress?
    /// Queries the visitor finished (return, or a result opened), and those that found nothing.
    public private(set) var searches = 0
    public private(set) var searchesWithNoResult = 0
    /// Told of each search counted, whether it found anything (the metrics file's counts;
    /// never the words).
    public var onSearchCounted: ((_ found: Bool) -> Void)?
    private let search: SiteSearch
    /// The field's text when it was last counted as a search (so return twice counts once).
    private var counted: String?

    /// The panel for `language`'s keyboard across `width` pixels, its keyboard's bottom at
    /// `bottom`. Throws when the layout cannot be read or the screen is too narrow for
    /// 9 mm keys (the message says which).
    public init(search: SiteSearch, language: String, width: Double, bottom: Double, pixelsPerMillimetre: Double) throws {
        self.search = search
        layout = try KeyboardLayout.load(layout: KeyboardLayout.layoutName(forLanguage: language))
        geometry = try KeyboardGeometry(layout: layout, width: width, bottom: bottom, pixelsPerMillimetre: pixelsPerMillimetre)
    }

    public var results: [SearchResult] {
        if case let .results(results) = answer { return results }
        return []
    }

    /// The next time something happens without a touch (nil: nothing will).
    public var deadline: Double? { press?.deadline }

    public func touchDown(x: Double, y: Double, at time: Double) -> [Event] {
        guard let key = geometry.key(atX: x, y: y) else { press = nil; return [] }
        press = KeyPress(key: key, at: time, keyboardWidth: geometry.frame.width)
        return [.keyUnderFinger(key.action)]
    }

    public func touchMoved(x: Double, y: Double, at time: Double) -> [Event] {
        guard var current = press else { return [] }
        var events = advance(&current, to: time)
        if current.move(x: x, y: y, keyUnder: geometry.key(atX: x, y: y), at: time) { events.append(.keyUnderFinger(current.current)) }
        press = current
        return events
    }

    public func touchUp(at time: Double) -> [Event] {
        guard var current = press else { return [] }
        var events = advance(&current, to: time)
        press = nil
        if let action = current.lift() { events += apply(action) }
        return events
    }

    /// The touch was cancelled: the finger goes, typing nothing.
    public func cancelTouch() { press = nil }

    /// The loop reached `time` (the deadline, or any later turn).
    public func advance(to time: Double) -> [Event] {
        guard var current = press else { return [] }
        let events = advance(&current, to: time)
        press = current
        return events
    }

    /// The idle reset and closing the panel: the field, the results and the finger go.
    public func reset() {
        countSearch()
        field = ""
        answer = .results([])
        press = nil
        counted = nil
    }

    /// Counts the field as a search once, and whether it found nothing.
    func countSearch() {
        guard !field.isEmpty, counted != field else { return }
        counted = field
        searches += 1
        if results.isEmpty { searchesWithNoResult += 1 }
        onSearchCounted?(!results.isEmpty)
    }

    private func advance(_ current: inout KeyPress, to time: Double) -> [Event] {
        let wasOpen = current.alternatesOpen
        var events: [Event] = []
        for _ in 0..<current.advance(to: time) { events += apply(.backspace) }
        if !wasOpen, current.alternatesOpen { events.append(.alternatesOpened) }
        return events
    }

    private func apply(_ action: KeyboardGeometry.Action) -> [Event] {
        switch action {
        case let .character(key):
            guard field.count < SearchQuery.maximumLength else { return [] }
            field += key.text
        case .space:
            guard field.count < SearchQuery.maximumLength, !field.isEmpty, field.last != " " else { return [] }
            field += " "
        case .backspace:
            guard !field.isEmpty else { return [] }
            field.removeLast()
        case .clear:
            guard !field.isEmpty else { return [] }
            field = ""
        case .enter:
            countSearch()
            return [.openFirstResult(results.first)]
        }
        answer = field.isEmpty ? .results([]) : search.search(field)
        return [.fieldChanged]
    }

    /// A result was opened from the list: the query counts as a search.
    public func resultOpened() { countSearch() }
}
