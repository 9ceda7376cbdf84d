/// A problem in a configuration file: names the file, the line and column and the key,
/// and says what to do. Printed as a compiler prints its errors:
/// `lectern.toml:12:9: theme.accent: "red" is not a colour: write "#rrggbb", …`
public struct ConfigError: Error, Equatable, CustomStringConvertible, Sendable {
    public let file: String
    public let line: Int?
    public let column: Int?
    public let key: String?
    public let message: String

    public init(file: String, line: Int?, column: Int? = nil, key: String?, message: String) {
        self.file = file; self.line = line; self.column = column; self.key = key; self.message = message
    }

    public var description: String {
        var where_ = file
        if let line { where_ += ":\(line)" }
        if let line, line > 0, let column { where_ += ":\(column)" }
        if let key { where_ += ": \(key)" }
        return "\(where_): \(message)"
    }
}

/// Every problem found in one configuration file, in file order: `lectern check`
/// reports them all at once, so an integrator fixes a file in one round.
public struct ConfigErrors: Error, Equatable, CustomStringConvertible, Sendable {
    public let errors: [ConfigError]

    public init(_ errors: [ConfigError]) {
        self.errors = errors.enumerated().sorted { a, b in
            // File order; errors without a line (e.g. "no pages") last.
            let la = a.element.line ?? .max, lb = b.element.line ?? .max
            if la != lb { return la < lb }
            let ca = a.element.column ?? 0, cb = b.element.column ?? 0
            return ca != cb ? ca < cb : a.offset < b.offset
        }.map(\.element)
    }

    /// One line per error.
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}

/// A key as TOML would write it: bare when it can be, else quoted, so that a key
/// holding a dot or a space is not mistaken for a path in a message.
func spelledKey(_ key: String) -> String {
    let bare = !key.isEmpty && key.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" }
    if bare { return key }
    let escaped = key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    return "\"\(escaped)\""
}

/// Edit distance, for "did you mean".
func levenshtein(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}

func suggestion(for word: String, among candidates: [String]) -> String? {
    let best = candidates.map { ($0, levenshtein(word.lowercased(), $0)) }.min { $0.1 < $1.1 }
    guard let best, best.1 <= max(2, word.count / 3) else { return nil }
    return best.0
}
