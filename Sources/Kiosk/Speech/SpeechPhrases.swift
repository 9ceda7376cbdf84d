import Foundation

/// What speech mode says around the page's own text: roles ("heading level 2"),
/// positions ("page 2 of 5") and its announcements, per language. English and German
/// are written out; any other language falls back to English (its role words are then
/// spoken by the English voice, the page's text by the page's; docs/accessibility.md).
public struct SpeechPhrases: Sendable, Equatable {
    /// The language these phrases are in ("en", "de"): the voice to say them with.
    public let language: String
    let heading: String          // %1 level
    let link: String
    let listItem: String         // numbered: %1 the number
    let bulletItem: String
    let checked: String
    let unchecked: String
    let table: String            // %1 rows, %2 columns
    let cell: String             // %1 row, %2 column
    let image: String
    let clip: String
    let code: String
    let quote: String
    let rule: String
    let page: String             // %1 page, %2 pages
    let endOfPage: String
    public let speechOn: String
    public let speechOff: String
    let idleWarning: String      // %1 seconds
    let menuItem: String         // %1 item, %2 count
    let languageItem: String     // %1 item, %2 count (after the language's own name)
    let linkCard: String         // %1 the link's text, %2 its address
    let contrastOn: String       // the menu's switches (Menu/MenuSwitches.swift)
    let contrastOff: String
    let textSize: String         // %1 step, %2 steps
    let switchHint: String

    public static let english = SpeechPhrases(
        language: "en", heading: "heading level %1", link: "link", listItem: "list item %1", bulletItem: "list item",
        checked: "checked", unchecked: "not checked", table: "table, %1 rows, %2 columns", cell: "row %1 column %2",
        image: "image", clip: "video", code: "code", quote: "quote", rule: "separator", page: "page %1 of %2", endOfPage: "end of page",
        speechOn: "Speech on. Move one finger over the screen to hear what is under it. Double tap to open it. "
            + "Swipe up or down with two fingers to turn a page. Tap with three fingers to hear the rest of the page. "
            + "Tap with two fingers for the menu. Hold two fingers still to turn speech off.",
        speechOff: "Speech off.",
        idleWarning: "No one has touched the screen for a while. The kiosk starts again in %1 seconds. Touch the screen to stay.",
        menuItem: "%1, item %2 of %3",
        languageItem: "language, %1 of %2",
        linkCard: "QR code for %1, address %2. Double tap to close.",
        contrastOn: "High contrast on.", contrastOff: "High contrast off.", textSize: "Text size %1 of %2.",
        switchHint: "Double tap to change it.")

    public static let german = SpeechPhrases(
        language: "de", heading: "Überschrift Ebene %1", link: "Link", listItem: "Listenpunkt %1", bulletItem: "Listenpunkt",
        checked: "erledigt", unchecked: "offen", table: "Tabelle, %1 Zeilen, %2 Spalten", cell: "Zeile %1 Spalte %2",
        image: "Bild", clip: "Video", code: "Code", quote: "Zitat", rule: "Trennlinie", page: "Seite %1 von %2", endOfPage: "Ende der Seite",
        speechOn: "Sprachausgabe an. Bewegen Sie einen Finger über den Bildschirm, um zu hören, was darunter steht. "
            + "Zweimal tippen öffnet es. Mit zwei Fingern nach oben oder unten wischen blättert. "
            + "Mit drei Fingern tippen liest den Rest der Seite vor. Mit zwei Fingern tippen öffnet das Menü. Zwei Finger still halten schaltet die Sprachausgabe aus.",
        speechOff: "Sprachausgabe aus.",
        idleWarning: "Der Bildschirm wurde eine Weile nicht berührt. Der Kiosk beginnt in %1 Sekunden von vorn. Berühren Sie den Bildschirm, um zu bleiben.",
        menuItem: "%1, Eintrag %2 von %3",
        languageItem: "Sprache, %1 von %2",
        linkCard: "QR-Code für %1, Adresse %2. Zweimal tippen schließt ihn.",
        contrastOn: "Hoher Kontrast an.", contrastOff: "Hoher Kontrast aus.", textSize: "Textgröße %1 von %2.",
        switchHint: "Zweimal tippen ändert sie.")

    /// The phrases for a language tag ("de-AT" → German); English for any other.
    public static func forLanguage(_ tag: String) -> SpeechPhrases {
        let primary = tag.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? ""
        return primary == "de" ? german : english
    }

    func fill(_ template: String, _ values: Int...) -> String {
        var out = template
        for (index, value) in values.enumerated() { out = out.replacingOccurrences(of: "%\(index + 1)", with: String(value)) }
        return out
    }

    func fill(_ template: String, _ text: String, _ values: Int...) -> String {
        var out = template.replacingOccurrences(of: "%1", with: text)
        for (index, value) in values.enumerated() { out = out.replacingOccurrences(of: "%\(index + 2)", with: String(value)) }
        return out
    }

    public func pagePosition(_ page: Int, of count: Int) -> String { fill(self.page, page, count) }
    public func idleWarning(seconds: Int) -> String { fill(idleWarning, seconds) }
    public func menuItem(_ title: String, index: Int, count: Int) -> String { fill(menuItem, title, index, count) }
    public func languageItem(index: Int, count: Int) -> String { fill(languageItem, index, count) }
    public var endOfPageText: String { endOfPage }
    /// What a menu switch is set to now ("High contrast on.", "Text size 2 of 3.").
    public func switchState(_ item: MenuSwitch, _ choices: VisitorChoices) -> String {
        switch item {
        case .contrast: return choices.theme == .highContrast ? contrastOn : contrastOff
        case .textSize: return fill(textSize, choices.textStep.rawValue + 1, TextStep.allCases.count)
        case .search: return SearchSpeech.forLanguage(language).prompt + "."
        }
    }
    public func card(_ text: String, address: String) -> String {
        linkCard.replacingOccurrences(of: "%1", with: text).replacingOccurrences(of: "%2", with: address)
    }
}
