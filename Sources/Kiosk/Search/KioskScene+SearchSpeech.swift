import Keyboard
import Search
import Touch

/// The search panel in speech mode (docs/accessibility.md): a key is said as the finger
/// reaches it, lifting types it and says it with the field and the first results, a
/// finger over a result says it and a double tap opens it; "nothing found" is said.
extension KioskScene {
    var searchSpeech: SearchSpeech { SearchSpeech.forLanguage(searchLanguage) }

    /// Speech mode's raw touches while the panel shows: the keyboard's.
    func searchTouchForSpeech(_ event: TouchEvent) {
        let (events, typed) = searchTouch(event, speaking: true)
        searchEventsForSpeech(events, typed: typed)
    }

    /// Says what the panel's events mean.
    func searchEventsForSpeech(_ events: [SearchPanel.Event], typed: KeyboardGeometry.Action? = .backspace) {
        guard let speech, speech.isOn, let panel = searchSession.panel else { return }
        let words = searchSpeech, language = searchLanguage
        for event in events {
            switch event {
            case let .keyUnderFinger(action):
                speech.output.stop()
                speech.output.speak([SpokenText(words.key(action), language: language)])
            case .alternatesOpened:
                break
            case .fieldChanged:
                speech.output.stop()
                let key = typed.map { [words.key($0)] } ?? []
                speech.output.speak((key + words.answer(field: panel.field, results: panel.results)).map { SpokenText($0, language: language) })
            case .openFirstResult(nil):
                speech.output.stop()
                speech.output.speak([SpokenText(words.nothingFound, language: language)])
            case .openFirstResult:
                break  // the page's title is said as it shows
            }
        }
    }

    /// One finger over the panel outside the keyboard: the result (or the close button)
    /// under it is said once and focused for a double tap.
    func exploreSearch(x: Double, y: Double) {
        guard let speech, speech.isOn else { return }
        if let panel = searchSession.panel, panel.geometry.frame.contains(x: x, y: y) { return }
        let layout = searchLayout
        let focus: SearchSession.Press?
        if layout.close.contains(x: Int(x), y: Int(y)) {
            focus = .close
        } else if let row = layout.row(atX: x, y: y), row < (searchSession.panel?.results.count ?? 0) {
            focus = .row(row)
        } else {
            focus = nil
        }
        guard let focus, focus != searchSession.press else { return }
        searchSession.press = focus
        searchSession.changed()
        speech.output.stop()
        let words = searchSpeech
        switch focus {
        case .close: speech.output.speak([SpokenText(words.close, language: searchLanguage)])
        case let .row(row):
            guard let result = searchSession.panel?.results[safe: row] else { return }
            speech.output.speak([SpokenText(words.result(result), language: searchLanguage)])
        }
    }

    /// A double tap while the panel shows: opens the focused result, or closes the panel.
    func doubleTapInSearch(at time: Double) {
        guard let focus = searchSession.press else { return }
        searchSession.press = nil
        switch focus {
        case .close: closeSearch()
        case let .row(row): if let result = searchSession.panel?.results[safe: row] { openResult(result, at: time) }
        }
    }

    /// The panel came (or came back): the field and its results are said.
    func searchOpenedForSpeech() {
        guard let speech, speech.isOn else { return }
        let words = searchSpeech
        let field = searchSession.panel?.field ?? ""
        let said = field.isEmpty ? [words.prompt, words.empty]
            : words.answer(field: field, results: searchSession.panel?.results ?? [])
        speech.output.stop()
        speech.output.speak(said.map { SpokenText($0, language: searchLanguage) })
    }
}
