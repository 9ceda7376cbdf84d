import CSQLite

/// One SQLite connection, the thin edge over libsqlite3: statements prepared, bound,
/// stepped and finalised here and nowhere else. Errors carry SQLite's own message and
/// its primary result code (read-only, full disk, corrupt), which `SearchIndexStore`
/// tells apart.
final class SQLiteDatabase {
    struct Failure: Error, CustomStringConvertible {
        var code: Int32
        var message: String
        var description: String { message }
        /// The file is not a database or its pages are damaged: rebuild it.
        var isDamage: Bool { code == SQLITE_CORRUPT || code == SQLITE_NOTADB }
    }

    private let handle: OpaquePointer

    /// A file (created when `create`), or a private database in memory for `nil`.
    init(path: String?, create: Bool = true) throws(Failure) {
        var opened: OpaquePointer?
        var flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX
        if create || path == nil { flags |= SQLITE_OPEN_CREATE }
        let status = sqlite3_open_v2(path ?? ":memory:", &opened, flags, nil)
        guard status == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(opened)
            throw Failure(code: status & 0xff, message: message)
        }
        handle = opened
        sqlite3_extended_result_codes(handle, 0)
    }

    deinit { sqlite3_close(handle) }

    /// Runs statements that bind nothing and answer nothing worth reading.
    func execute(_ sql: String) throws(Failure) {
        let status = sqlite3_exec(handle, sql, nil, nil, nil)
        guard status == SQLITE_OK else { throw failure(status) }
    }

    /// Prepares `sql`, binds `values` (text or integer) in order and collects every row.
    func rows(_ sql: String, _ values: [Value] = []) throws(Failure) -> [[Value]] {
        var statement: OpaquePointer?
        let prepared = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard prepared == SQLITE_OK, let statement else { throw failure(prepared) }
        defer { sqlite3_finalize(statement) }
        for (index, value) in values.enumerated() {
            let position = Int32(index + 1)
            let bound: Int32
            switch value {
            case let .integer(number): bound = sqlite3_bind_int64(statement, position, Int64(number))
            case let .text(text): bound = sqlite3_bind_text(statement, position, text, -1, lectern_sqlite_transient())
            case .null: bound = sqlite3_bind_null(statement, position)
            }
            guard bound == SQLITE_OK else { throw failure(bound) }
        }
        var answer: [[Value]] = []
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { return answer }
            guard status == SQLITE_ROW else { throw failure(status) }
            let columns = sqlite3_column_count(statement)
            answer.append((0..<columns).map { column in
                switch sqlite3_column_type(statement, column) {
                case SQLITE_INTEGER: return .integer(Int(sqlite3_column_int64(statement, column)))
                case SQLITE_NULL: return .null
                default: return .text(sqlite3_column_text(statement, column).map { String(cString: $0) } ?? "")
                }
            })
        }
    }

    enum Value: Equatable {
        case integer(Int)
        case text(String)
        case null

        var text: String? { if case let .text(text) = self { return text } else { return nil } }
        var integer: Int? { if case let .integer(number) = self { return number } else { return nil } }
    }

    private func failure(_ status: Int32) -> Failure {
        Failure(code: status & 0xff, message: String(cString: sqlite3_errmsg(handle)))
    }
}
