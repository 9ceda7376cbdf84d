/// A small TOML reader for Lectern's configuration: tables, arrays of tables,
/// strings (basic and literal), integers, floats, booleans and arrays of them.
///
/// Why not a full TOML library: every error a kiosk integrator meets must name the
/// file, the line and the key, and the validator must know the line of every key
/// ("did you mean" for unknown keys). Lectern's config needs no dates or inline tables.
struct TOMLDocument {
    enum Value: Equatable {
        case string(String)
        case integer(Int)
        case float(Double)
        case bool(Bool)
        case array([Value])

        var typeName: String {
            switch self {
            case .string: return "a string"
            case .integer: return "an integer"
            case .float: return "a number"
            case .bool: return "true or false"
            case .array: return "an array"
            }
        }
    }

    /// A key's value with the line it was written on.
    struct Entry {
        let key: String
        let value: Value
        let line: Int
    }

    /// One `[name]` or `[[name]]` section, keys in file order.
    struct Table {
        let name: String     // "" for the top level
        let line: Int
        let isArrayElement: Bool
        var entries: [Entry] = []
    }

    struct SyntaxError: Error {
        let line: Int
        let message: String
    }

    private(set) var tables: [Table] = [Table(name: "", line: 1, isArrayElement: false)]

    init(parsing text: String) throws(SyntaxError) {
        var lineNumber = 0
        var seenTables: Set<String> = []
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            var scanner = Scanner(Substring(rawLine), line: lineNumber)
            scanner.skipSpaces()
            if scanner.atEndOrComment { continue }
            if scanner.peek == "[" {
                let isArray = scanner.hasPrefix("[[")
                scanner.advance(isArray ? 2 : 1)
                let name = try scanner.readBareKey(what: "table name")
                guard scanner.consume(isArray ? "]]" : "]") else {
                    throw SyntaxError(line: lineNumber, message: "expected '\(isArray ? "]]" : "]")' after table name '\(name)'")
                }
                scanner.skipSpaces()
                guard scanner.atEndOrComment else { throw SyntaxError(line: lineNumber, message: "unexpected text after [\(name)]") }
                if !isArray {
                    guard seenTables.insert(name).inserted else {
                        throw SyntaxError(line: lineNumber, message: "table [\(name)] is defined twice")
                    }
                }
                tables.append(Table(name: name, line: lineNumber, isArrayElement: isArray))
                continue
            }
            let key = try scanner.readBareKey(what: "key")
            scanner.skipSpaces()
            guard scanner.consume("=") else { throw SyntaxError(line: lineNumber, message: "expected '=' after key '\(key)'") }
            scanner.skipSpaces()
            let value = try scanner.readValue()
            scanner.skipSpaces()
            guard scanner.atEndOrComment else {
                throw SyntaxError(line: lineNumber, message: "unexpected text after the value of '\(key)'")
            }
            if tables[tables.count - 1].entries.contains(where: { $0.key == key }) {
                throw SyntaxError(line: lineNumber, message: "key '\(key)' is set twice in the same table")
            }
            tables[tables.count - 1].entries.append(Entry(key: key, value: value, line: lineNumber))
        }
    }
}

/// Reads one line of TOML.
private struct Scanner {
    private let text: [Character]
    private var index = 0
    let line: Int

    init(_ text: Substring, line: Int) {
        var chars = Array(text)
        if chars.last == "\r" { chars.removeLast() }
        self.text = chars
        self.line = line
    }

    var peek: Character? { index < text.count ? text[index] : nil }
    var atEndOrComment: Bool { peek == nil || peek == "#" }

    mutating func advance(_ n: Int = 1) { index = min(text.count, index + n) }
    mutating func skipSpaces() { while let c = peek, c == " " || c == "\t" { index += 1 } }

    func hasPrefix(_ s: String) -> Bool {
        let chars = Array(s)
        return index + chars.count <= text.count && Array(text[index..<index + chars.count]) == chars
    }

    mutating func consume(_ s: String) -> Bool {
        guard hasPrefix(s) else { return false }
        index += s.count
        return true
    }

    func error(_ message: String) -> TOMLDocument.SyntaxError { .init(line: line, message: message) }

    mutating func readBareKey(what: String) throws(TOMLDocument.SyntaxError) -> String {
        skipSpaces()
        var key = ""
        while let c = peek, c.isLetter || c.isNumber || c == "_" || c == "-" {
            key.append(c); index += 1
        }
        skipSpaces()
        guard !key.isEmpty else { throw error("expected a \(what)") }
        return key
    }

    mutating func readValue() throws(TOMLDocument.SyntaxError) -> TOMLDocument.Value {
        guard let c = peek else { throw error("missing value") }
        switch c {
        case "\"": return .string(try readBasicString())
        case "'": return .string(try readLiteralString())
        case "[": return try readArray()
        default:
            var token = ""
            while let c = peek, !(c == " " || c == "\t" || c == "#" || c == "," || c == "]") { token.append(c); index += 1 }
            if token == "true" { return .bool(true) }
            if token == "false" { return .bool(false) }
            let digits = token.replacingUnderscores()
            if let i = Int(digits) { return .integer(i) }
            if let d = Double(digits), d.isFinite, digits.first != "." { return .float(d) }
            throw error(token.isEmpty ? "missing value" : "'\(token)' is not a value (strings need quotes)")
        }
    }

    private mutating func readBasicString() throws(TOMLDocument.SyntaxError) -> String {
        advance() // opening quote
        var out = ""
        while let c = peek {
            index += 1
            switch c {
            case "\"": return out
            case "\\":
                guard let e = peek else { throw error("unfinished escape in string") }
                index += 1
                switch e {
                case "n": out.append("\n")
                case "t": out.append("\t")
                case "\"": out.append("\"")
                case "\\": out.append("\\")
                case "u", "U":
                    let n = e == "u" ? 4 : 8
                    guard index + n <= text.count, let v = UInt32(String(text[index..<index + n]), radix: 16),
                          let scalar = Unicode.Scalar(v) else { throw error("bad \\\(e) escape in string") }
                    out.unicodeScalars.append(scalar)
                    index += n
                default: throw error("unknown escape '\\\(e)' in string")
                }
            default: out.append(c)
            }
        }
        throw error("string is not closed (missing '\"')")
    }

    private mutating func readLiteralString() throws(TOMLDocument.SyntaxError) -> String {
        advance()
        var out = ""
        while let c = peek {
            index += 1
            if c == "'" { return out }
            out.append(c)
        }
        throw error("string is not closed (missing \"'\")")
    }

    private mutating func readArray() throws(TOMLDocument.SyntaxError) -> TOMLDocument.Value {
        advance()
        var items: [TOMLDocument.Value] = []
        while true {
            skipSpaces()
            if consume("]") { return .array(items) }
            if peek == nil || peek == "#" { throw error("arrays must be written on one line and closed with ']'") }
            items.append(try readValue())
            skipSpaces()
            if consume(",") { continue }
            if consume("]") { return .array(items) }
            throw error("expected ',' or ']' in array")
        }
    }
}

private extension String {
    func replacingUnderscores() -> String { String(filter { $0 != "_" }) }
}
