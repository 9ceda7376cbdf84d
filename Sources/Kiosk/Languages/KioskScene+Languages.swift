/// The menu's language choice: which pages the ring shows, the pills that choose, and
/// the language following the page shown. The choice itself lives in `visitor`.
extension KioskScene {
    /// The language whose pages the ring shows: the visitor's, else the site's default;
    /// nil when the site offers no choice.
    public var chosenLanguage: String? {
        guard siteLanguages.offersChoice else { return nil }
        return siteLanguages.index(of: visitor.language).map { siteLanguages.languages[$0].tag } ?? siteLanguages.defaultLanguage
    }

    /// The pages on the ring, in the configuration's order: all of them, or with a
    /// language choice the chosen language's and those that name none.
    public var ringPages: [Int] { siteLanguages.ringPages(for: chosenLanguage) }

    /// The language pills, when the site offers a choice.
    public var languageBar: LanguageBarLayout? {
        guard siteLanguages.offersChoice else { return nil }
        return LanguageBarLayout(count: siteLanguages.languages.count, ring: ring)
    }

    /// The page ring item `item` shows.
    func page(ofRingItem item: Int) -> Int? {
        let pages = ringPages
        return pages.indices.contains(item) ? pages[item] : nil
    }

    /// A language pill was chosen: the ring shows that language's pages and the visitor
    /// is taken to its first page (the menu stays, to offer them).
    public func chooseLanguage(_ index: Int, at time: Double) {
        guard siteLanguages.languages.indices.contains(index) else { return }
        let tag = siteLanguages.languages[index].tag
        if chosenLanguage != tag { contentGeneration += 1 }  // the ring is another one
        visitor.language = tag
        guard let home = siteLanguages.home(of: tag), home != currentPage else { return }
        leavePlace(at: time)
        show(page: home, at: time)
    }

    /// A page in another language was shown (a link led there): the choice follows it,
    /// so the page shown is always on the ring.
    func followPageLanguage() {
        guard siteLanguages.offersChoice, let language = siteLanguages.language(ofPage: currentPage),
              language != chosenLanguage else { return }
        visitor.language = language
        contentGeneration += 1
    }

    /// A reload or a visitor's switch built a new scene: the visitor's choices go with them.
    public func carryVisitor(_ choices: VisitorChoices) {
        visitor = choices
        contentGeneration += 1
    }
}
