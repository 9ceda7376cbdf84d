import Typeset

/// The languages a site's pages are in (`[[page]] lang`), for the menu's language
/// choice. A site with pages in two or more languages offers the choice; the ring then
/// shows the chosen language's pages and the pages that name no language (a map, a
/// picture page), in the configuration's order. The first page that names a language
/// sets the site's default (the one idle returns to): the first page is the home page.
public struct SiteLanguages: Sendable, Equatable {
    public struct Language: Sendable, Equatable {
        /// The tag as the configuration first spells it ("he", "pt-BR").
        public let tag: String
        /// Its name in itself ("עברית"), from ICU; the tag when ICU has none.
        public let name: String
    }

    /// In the order their first pages appear.
    public let languages: [Language]
    /// Each page's language key (`key(of:)`), nil for a page that names none.
    private let pageKeys: [String?]

    public init(pages: [KioskConfig.Page], name: (String) -> String? = LanguageName.endonym) {
        pageKeys = pages.map { $0.language.map(Self.key(of:)) }
        var seen = Set<String>(), found: [Language] = []
        for page in pages {
            guard let tag = page.language, seen.insert(Self.key(of: tag)).inserted else { continue }
            found.append(Language(tag: tag, name: name(tag) ?? tag))
        }
        languages = found
    }

    /// "he-IL" and "he_il" are one language; "he" and "he-IL" are two (the site named them so).
    static func key(of tag: String) -> String { tag.lowercased().replacingOccurrences(of: "_", with: "-") }

    /// Whether the menu offers a language choice: pages in more than one language.
    public var offersChoice: Bool { languages.count > 1 }

    /// The language idle returns to: the first page's (that names one).
    public var defaultLanguage: String? { languages.first?.tag }

    /// Index into `languages` of `tag` (any spelling), nil when the site has no such language.
    public func index(of tag: String?) -> Int? {
        guard let tag else { return nil }
        let key = Self.key(of: tag)
        return languages.firstIndex { Self.key(of: $0.tag) == key }
    }

    /// The language page `page` names, as `languages` spells it.
    public func language(ofPage page: Int) -> String? {
        guard pageKeys.indices.contains(page), let key = pageKeys[page] else { return nil }
        return languages.first { Self.key(of: $0.tag) == key }?.tag
    }

    /// The pages the ring shows for `language` (nil or unknown: the default language):
    /// every page when there is no choice.
    public func ringPages(for language: String?) -> [Int] {
        guard offersChoice, let chosen = index(of: language) ?? index(of: defaultLanguage) else { return Array(pageKeys.indices) }
        let key = Self.key(of: languages[chosen].tag)
        return pageKeys.indices.filter { pageKeys[$0] == nil || pageKeys[$0] == key }
    }

    /// What `lectern check` says about the language choice: the languages as the menu
    /// names them with their page counts, the pages on every ring and the default; nil
    /// when the site offers no choice.
    public var summary: String? {
        guard offersChoice else { return nil }
        func pages(_ n: Int) -> String { n == 1 ? "1 page" : "\(n) pages" }
        let each = languages.map { language in
            "\(language.name) (\(language.tag), \(pages(pageKeys.filter { $0 == Self.key(of: language.tag) }.count)))"
        }
        let neutral = pageKeys.filter { $0 == nil }.count
        return "language choice in the menu: " + each.joined(separator: ", ")
            + (neutral > 0 ? "; \(pages(neutral)) without lang on every ring" : "")
            + "; default \(languages[0].name)"
    }

    /// Where choosing `language` takes the visitor: its first page.
    public func home(of language: String) -> Int? {
        let key = Self.key(of: language)
        return pageKeys.firstIndex { $0 == key }
    }
}
