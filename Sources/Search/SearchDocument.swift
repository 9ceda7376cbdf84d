/// One page of the site as the index reads it: where it is in the site, its title and
/// all of its text (paragraphs, headings, tables, alt text, a PDF's text layer), in the
/// order a reader meets it.
public struct SearchDocument: Sendable, Equatable {
    /// The page's position in the site (0: the first page).
    public var page: Int
    public var title: String
    public var text: String

    public init(page: Int, title: String, text: String) {
        self.page = page
        self.title = title
        self.text = text
    }
}

/// One page found: its place in the ranking (1: best), the page, its title and a snippet
/// with the hits marked.
public struct SearchResult: Sendable, Equatable {
    public var rank: Int
    public var page: Int
    public var title: String
    public var snippet: SearchSnippet

    public init(rank: Int, page: Int, title: String, snippet: SearchSnippet) {
        self.rank = rank
        self.page = page
        self.title = title
        self.snippet = snippet
    }
}
