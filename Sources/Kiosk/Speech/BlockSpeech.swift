import Foundation
import Typeset

/// One piece of speech: text and the language (voice) to say it in. Kiosk's own type,
/// so that the pure logic does not depend on the synthesiser (Speech module); the
/// wiring turns it into a `Speech.Utterance`.
public struct SpokenText: Sendable, Equatable {
    public var text: String
    public var language: String
    public init(_ text: String, language: String) { self.text = text; self.language = language }
}

/// What speech mode says for a block, a link, a page: the role in the phrases'
/// language, then the text in the page's. When both languages are the same, one
/// utterance ("heading level 2, Opening hours"); otherwise two, each in its own voice.
public struct BlockSpeech: Sendable {
    public let phrases: SpeechPhrases
    public let pageLanguage: String

    /// Roles in the page's language when there are phrases for it, else the site's.
    public init(pageLanguage: String, siteLanguage: String) {
        self.pageLanguage = pageLanguage
        let page = SpeechPhrases.forLanguage(pageLanguage)
        phrases = Self.primary(page.language) == Self.primary(pageLanguage) ? page : SpeechPhrases.forLanguage(siteLanguage)
    }

    static func primary(_ tag: String) -> String {
        tag.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? ""
    }

    public func said(_ role: String?, _ text: String) -> [SpokenText] {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let role else { return text.isEmpty ? [] : [SpokenText(text, language: pageLanguage)] }
        if text.isEmpty { return [SpokenText(role, language: phrases.language)] }
        if Self.primary(phrases.language) == Self.primary(pageLanguage) {
            return [SpokenText("\(role), \(text)", language: pageLanguage)]
        }
        return [SpokenText(role, language: phrases.language), SpokenText(text, language: pageLanguage)]
    }

    /// A whole block, as reading through the page says it.
    public func utterances(for block: PageBlock) -> [SpokenText] {
        let p = phrases
        var quoted = block.quoteDepth > 0 ? p.quote : nil
        func role(_ own: String) -> String { quoted.map { q in quoted = nil; return "\(q), \(own)" } ?? own }
        switch block.role {
        case let .heading(level): return said(role(p.fill(p.heading, level)), block.text)
        case .paragraph: return said(quoted, block.text)
        case let .listItem(marker, checked):
            var r: String
            if let marker, let number = Int(marker.filter(\.isNumber)), marker.hasSuffix(".") {
                r = p.fill(p.listItem, number)
            } else {
                r = p.bulletItem
            }
            if let checked { r += ", " + (checked ? p.checked : p.unchecked) }
            return said(role(r), block.text)
        case .code: return said(role(p.code), block.text)
        case let .image(alt): return said(role(p.image), alt)
        case let .clip(caption): return said(role(p.clip), caption)
        case .rule: return said(p.rule, "")
        case let .table(rows):
            let columns = rows.map(\.count).max() ?? 0
            var out = said(role(p.fill(p.table, rows.count, columns)), "")
            for (r, row) in rows.enumerated() {
                for (c, cell) in row.enumerated() where !cell.isEmpty {
                    out += said(p.fill(p.cell, r + 1, c + 1), cell)
                }
            }
            return out
        }
    }

    /// A link under the finger: "link, Opening hours".
    public func utterances(forLink text: String) -> [SpokenText] { said(phrases.link, text) }

    /// What `lectern speak` writes and a page change says first: the title, then (for
    /// reading to the end) every block.
    public func utterances(title: String, blocks: [PageBlock]) -> [SpokenText] {
        said(nil, title) + blocks.flatMap(utterances(for:))
    }
}
