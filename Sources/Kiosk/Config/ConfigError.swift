/// A problem in a configuration file: always names the file, the line and the key,
/// and says what to do.
public struct ConfigError: Error, Equatable, CustomStringConvertible {
    public let file: String
    public let line: Int?
    public let key: String?
    public let message: String

    public init(file: String, line: Int?, key: String?, message: String) {
        self.file = file; self.line = line; self.key = key; self.message = message
    }

    public var description: String {
        var where_ = file
        if let line { where_ += ":\(line)" }
        if let key { where_ += ": \(key)" }
        return "\(where_): \(message)"
    }
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
