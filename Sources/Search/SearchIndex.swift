/// The site's full-text index through SQLite FTS5 (libsqlite3), tokenised by unicode61
/// with diacritics removed (case and accents ignored: "muller" finds "Müller"), in two
/// tables: `pages`, one row per page (title and text, contentless: it only matches and
/// ranks, by BM25 with the title weighing more), and `passages`, each page's text in
/// pieces of about `passageLength` characters, where the snippet is cut from the
/// page's best passage. FTS5's snippet() reads its whole row, so one cut from a whole
/// 36-page PDF took 16 ms for a one-letter query (measured with the bench's site);
/// from a passage it takes a small fraction of that. The passage also says where on
/// the page the hit is. Prefixes of one to three characters have index entries of
/// their own (`prefix`): the first letters typed match thousands of words.
/// `SearchIndexStore` decides where it lives (a file beside the PDF cache, or memory).
///
/// One thread uses it at a time: the worker that builds it hands it over whole to the
/// loop, which only queries it (hence `@unchecked Sendable`; the connection is opened
/// without SQLite's own mutex).
public final class SearchIndex: @unchecked Sendable {
    /// Bumped when the tables' shape or the text's preparation changes: an index on disk
    /// made by another schema is rebuilt.
    static let schema = "3"
    /// Most results answered for one query.
    public static let maximumResults = 20
    /// Words of page text around a hit in a snippet.
    public static let snippetWords = 12
    /// A title hit weighs this many times a hit in the text.
    static let titleWeight = 5.0
    /// A passage ends at the first line end after this many characters.
    static let passageLength = 1000
    /// Passage rowids are `page * passageStride + passage`.
    static let passageStride = 1_000_000

    let database: SQLiteDatabase
    /// Where it is kept (nil: in memory).
    public let path: String?

    init(database: SQLiteDatabase, path: String?) {
        self.database = database
        self.path = path
    }

    /// A new empty index in memory.
    public static func inMemory() throws -> SearchIndex {
        let index = SearchIndex(database: try SQLiteDatabase(path: nil), path: nil)
        try index.createTables()
        return index
    }

    private static let tables = """
        CREATE VIRTUAL TABLE IF NOT EXISTS pages USING fts5(title, body, content = '',
            tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3');
        CREATE VIRTUAL TABLE IF NOT EXISTS passages USING fts5(body,
            tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3');
        CREATE TABLE IF NOT EXISTS titles(page INTEGER PRIMARY KEY, title TEXT NOT NULL);
        CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
        """

    func createTables() throws(SQLiteDatabase.Failure) {
        try database.execute(Self.tables)
    }

    /// Replaces the index's pages with `documents` in one transaction, then records
    /// `version` and that the build completed (an index without that mark is a build
    /// that was cut short, and is rebuilt).
    func fill(with documents: [SearchDocument], version: String) throws(SQLiteDatabase.Failure) {
        try database.execute("BEGIN")
        do {
            try database.execute("DROP TABLE IF EXISTS pages; DROP TABLE IF EXISTS passages; DROP TABLE IF EXISTS titles; DELETE FROM meta;")
            try database.execute(Self.tables)
            for document in documents where document.page >= 0 {
                let text = SearchText.prepare(document.text)
                _ = try database.rows("INSERT INTO pages(rowid, title, body) VALUES (?, ?, ?)",
                                      [.integer(document.page), .text(SearchText.prepare(document.title)), .text(text)])
                _ = try database.rows("INSERT INTO titles(page, title) VALUES (?, ?)", [.integer(document.page), .text(document.title)])
                for (number, passage) in Self.passages(of: text).enumerated() {
                    _ = try database.rows("INSERT INTO passages(rowid, body) VALUES (?, ?)",
                                          [.integer(document.page * Self.passageStride + number), .text(passage)])
                }
            }
            _ = try database.rows("INSERT INTO meta(key, value) VALUES ('version', ?), ('schema', ?), ('complete', '1')",
                                  [.text(version), .text(Self.schema)])
            try database.execute("COMMIT")
        } catch {
            try? database.execute("ROLLBACK")
            throw error
        }
    }

    /// The text in passages: whole lines (blocks, PDF text pieces) gathered until one
    /// holds `passageLength` characters; always at least one, maybe empty.
    static func passages(of text: String) -> [String] {
        var passages: [String] = []
        var current = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if !current.isEmpty { current += "\n" }
            current += line
            if current.count >= passageLength {
                passages.append(current)
                current = ""
            }
        }
        if !current.isEmpty || passages.isEmpty { passages.append(current) }
        return Array(passages.prefix(passageStride))
    }

    /// Pages in the index.
    public func pageCount() throws -> Int {
        try database.rows("SELECT count(*) FROM titles").first?.first?.integer ?? 0
    }

    /// The content version this index was built for, and whether the build completed.
    func recorded() throws(SQLiteDatabase.Failure) -> (version: String?, schema: String?, complete: Bool) {
        let rows = try database.rows("SELECT key, value FROM meta")
        var values: [String: String] = [:]
        for row in rows where row.count == 2 {
            if let key = row[0].text, let value = row[1].text { values[key] = value }
        }
        return (values["version"], values["schema"], values["complete"] == "1")
    }

    /// SQLite's own check of the file and FTS5's of the passages' index: throws on damage.
    func verify() throws(SQLiteDatabase.Failure) {
        let answer = try database.rows("PRAGMA quick_check").first?.first?.text
        guard answer == "ok" else { throw SQLiteDatabase.Failure(code: 11, message: "quick_check: \(answer ?? "no answer")") }
        try database.execute("INSERT INTO passages(passages) VALUES ('integrity-check')")
    }

    /// The pages matching `query`, best first, at most `limit`, each with the snippet of
    /// its passage that matches best (any of the words). An empty query finds nothing.
    /// Nothing of the query is kept or logged.
    public func search(_ query: SearchQuery, limit: Int = maximumResults) throws -> [SearchResult] {
        guard !query.isEmpty, limit > 0 else { return [] }
        let rows = try database.rows("""
            SELECT rowid FROM pages WHERE pages MATCH ? ORDER BY bm25(pages, \(Self.titleWeight), 1.0), rowid LIMIT ?
            """, [.text(query.expression), .integer(limit)])
        var results: [SearchResult] = []
        for (offset, row) in rows.enumerated() {
            guard let page = row.first?.integer else { continue }
            let title = try database.rows("SELECT title FROM titles WHERE page = ?", [.integer(page)]).first?.first?.text ?? ""
            let (passage, snippet) = try bestPassage(of: page, query: query)
            results.append(SearchResult(rank: offset + 1, page: page, title: title, snippet: snippet, passage: passage))
        }
        return results
    }

    /// The page's passage that matches any of the words best, with its snippet; the
    /// first passage's opening when only the title matched.
    private func bestPassage(of page: Int, query: SearchQuery) throws -> (Int, SearchSnippet) {
        let open = String(SearchSnippet.openMark), close = String(SearchSnippet.closeMark)
        let first = page * Self.passageStride
        let found = try database.rows("""
            SELECT rowid, snippet(passages, 0, ?, ?, '…', \(Self.snippetWords)) FROM passages
            WHERE passages MATCH ? AND rowid BETWEEN ? AND ? ORDER BY bm25(passages) LIMIT 1
            """, [.text(open), .text(close), .text(query.anyWordExpression), .integer(first), .integer(first + Self.passageStride - 1)])
        if let row = found.first, let rowid = row[0].integer {
            return (rowid - first, SearchSnippet(marked: row[1].text ?? ""))
        }
        let opening = try database.rows("SELECT substr(body, 1, 120) FROM passages WHERE rowid = ?", [.integer(first)])
        return (0, SearchSnippet(marked: opening.first?.first?.text ?? ""))
    }

    /// The same, from what the visitor typed.
    public func search(_ typed: String, limit: Int = maximumResults) throws -> [SearchResult] {
        try search(SearchQuery(typed), limit: limit)
    }
}
