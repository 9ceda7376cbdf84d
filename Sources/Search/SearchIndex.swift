/// The site's full-text index: an SQLite FTS5 table (libsqlite3), one row per page, the
/// title and the text tokenised by unicode61 with diacritics removed (case and accents
/// ignored: "muller" finds "Müller"), ranked by BM25 with the title weighing more.
/// Prefixes of one to three characters have index entries of their own (`prefix`): the
/// first letters typed match thousands of words, which FTS5 would otherwise merge one by
/// one (measured: the p99 keystroke on the bench's 100-page site 14.4 ms without them).
/// `SearchIndexStore` decides where it lives (a file beside the PDF cache, or memory).
///
/// One thread uses it at a time: the worker that builds it hands it over whole to the
/// loop, which only queries it (hence `@unchecked Sendable`; the connection is opened
/// without SQLite's own mutex).
public final class SearchIndex: @unchecked Sendable {
    /// Bumped when the table's shape or the text's preparation changes: an index on disk
    /// made by another schema is rebuilt.
    static let schema = "2"
    /// Most results answered for one query.
    public static let maximumResults = 20
    /// Words of page text around a hit in a snippet.
    public static let snippetWords = 12
    /// A title hit weighs this many times a hit in the text.
    static let titleWeight = 5.0

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

    func createTables() throws(SQLiteDatabase.Failure) {
        try database.execute("""
            CREATE VIRTUAL TABLE IF NOT EXISTS pages USING fts5(
                title, body, page UNINDEXED, shown_title UNINDEXED,
                tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3');
            CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
            """)
    }

    /// Replaces the index's pages with `documents` in one transaction, then records
    /// `version` and that the build completed (an index without that mark is a build
    /// that was cut short, and is rebuilt).
    func fill(with documents: [SearchDocument], version: String) throws(SQLiteDatabase.Failure) {
        try database.execute("BEGIN")
        do {
            try database.execute("DELETE FROM pages; DELETE FROM meta;")
            for document in documents {
                _ = try database.rows(
                    "INSERT INTO pages(title, body, page, shown_title) VALUES (?, ?, ?, ?)",
                    [.text(SearchText.prepare(document.title)), .text(SearchText.prepare(document.text)),
                     .integer(document.page), .text(document.title)])
            }
            _ = try database.rows("INSERT INTO meta(key, value) VALUES ('version', ?), ('schema', ?), ('complete', '1')",
                                  [.text(version), .text(Self.schema)])
            try database.execute("COMMIT")
        } catch {
            try? database.execute("ROLLBACK")
            throw error
        }
    }

    /// Pages in the index.
    public func pageCount() throws -> Int {
        try database.rows("SELECT count(*) FROM pages").first?.first?.integer ?? 0
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

    /// SQLite's own check of the file and FTS5's of its index: throws on damage.
    func verify() throws(SQLiteDatabase.Failure) {
        let answer = try database.rows("PRAGMA quick_check").first?.first?.text
        guard answer == "ok" else { throw SQLiteDatabase.Failure(code: 11, message: "quick_check: \(answer ?? "no answer")") }
        try database.execute("INSERT INTO pages(pages) VALUES ('integrity-check')")
    }

    /// The pages matching `query`, best first, at most `limit`. An empty query finds
    /// nothing. Nothing of the query is kept or logged.
    public func search(_ query: SearchQuery, limit: Int = maximumResults) throws -> [SearchResult] {
        guard !query.isEmpty, limit > 0 else { return [] }
        let open = String(SearchSnippet.openMark), close = String(SearchSnippet.closeMark)
        let rank = "bm25(pages, \(Self.titleWeight), 1.0)"
        let rows = try database.rows("""
            SELECT page, shown_title, snippet(pages, 1, ?, ?, '…', \(Self.snippetWords))
            FROM pages WHERE pages MATCH ? ORDER BY \(rank), page LIMIT ?
            """, [.text(open), .text(close), .text(query.expression), .integer(limit)])
        return rows.enumerated().map { offset, row in
            SearchResult(rank: offset + 1, page: row[0].integer ?? 0, title: row[1].text ?? "",
                         snippet: SearchSnippet(marked: row[2].text ?? ""))
        }
    }

    /// The same, from what the visitor typed.
    public func search(_ typed: String, limit: Int = maximumResults) throws -> [SearchResult] {
        try search(SearchQuery(typed), limit: limit)
    }
}
