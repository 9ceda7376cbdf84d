import CTOML

/// A TOML 1.0 document as parsed by toml++ (through the C shim in Sources/CTOML), with
/// the source position of every key and value, so that configuration errors can name
/// the line and column they are about. See docs/configuration.md for why toml++.
struct TOMLTree {
    struct Position: Equatable, Comparable, CustomStringConvertible {
        var line: Int
        var column: Int
        static func < (a: Position, b: Position) -> Bool { (a.line, a.column) < (b.line, b.column) }
        var description: String { "\(line):\(column)" }
    }

    indirect enum Value {
        /// Keys in the order they were written (toml++ keeps them sorted by name).
        case table([Entry])
        case array([Node])
        case string(String)
        case integer(Int64)
        case float(Double)
        case bool(Bool)
        /// A local date, local time or (offset) date-time, as TOML spells it.
        case date(String)
        case time(String)
        case dateTime(String)
    }

    struct Node {
        var value: Value
        /// Where the value starts; for a table, its [header] or '{'.
        var position: Position
    }

    struct Entry {
        var key: String
        /// Where the key was written; nil for tables that were only implied by a
        /// dotted header or key (then the node's position is used).
        var keyPosition: Position?
        var node: Node
        var position: Position { keyPosition ?? node.position }
    }

    struct SyntaxError: Error, Equatable {
        let position: Position
        let message: String
    }

    let root: [Entry]

    init(parsing text: String) throws(SyntaxError) {
        var source = text
        let parsed = source.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { ctoml_parse($0.baseAddress, $0.count) }
        }
        // ctoml_parse copies what it keeps: the text buffer may go now.
        guard let document = parsed else {
            throw SyntaxError(position: Position(line: 1, column: 1), message: "out of memory while reading the TOML")
        }
        defer { ctoml_free(document) }
        var line: UInt32 = 0, column: UInt32 = 0
        if let message = ctoml_error(document, &line, &column) {
            throw SyntaxError(position: Position(line: Int(line), column: Int(column)), message: String(cString: message))
        }
        let nodes = UnsafeBufferPointer(start: ctoml_nodes(document), count: ctoml_node_count(document))
        guard !nodes.isEmpty else { root = []; return }
        // Children of each node, then built bottom-up (the list is in depth-first order,
        // so every child's index is greater than its parent's).
        var children = [[Int]](repeating: [], count: nodes.count)
        for (index, node) in nodes.enumerated() where node.parent >= 0 { children[Int(node.parent)].append(index) }
        var built = [Node?](repeating: nil, count: nodes.count)
        for index in nodes.indices.reversed() {
            let raw = nodes[index]
            let position = Position(line: Int(raw.line), column: Int(raw.column))
            let value: Value
            switch raw.kind {
            case CTOML_TABLE:
                let entries = children[index].map { child in
                    let c = nodes[child]
                    return Entry(key: TOMLTree.string(c.key, c.key_length),
                                 keyPosition: c.key_line == 0 ? nil : Position(line: Int(c.key_line), column: Int(c.key_column)),
                                 node: built[child]!)
                }
                value = .table(entries.sorted { $0.position < $1.position })
            case CTOML_ARRAY: value = .array(children[index].map { built[$0]! })
            case CTOML_STRING: value = .string(TOMLTree.string(raw.text, raw.text_length))
            case CTOML_INTEGER: value = .integer(raw.integer)
            case CTOML_FLOAT: value = .float(raw.real)
            case CTOML_BOOLEAN: value = .bool(raw.boolean != 0)
            case CTOML_DATE: value = .date(TOMLTree.string(raw.text, raw.text_length))
            case CTOML_TIME: value = .time(TOMLTree.string(raw.text, raw.text_length))
            default: value = .dateTime(TOMLTree.string(raw.text, raw.text_length))
            }
            built[index] = Node(value: value, position: position)
            for child in children[index] { built[child] = nil }  // keep memory linear
        }
        guard case let .table(entries) = built[0]?.value else { root = []; return }
        root = entries
    }

    private static func string(_ pointer: UnsafePointer<CChar>?, _ length: Int) -> String {
        guard let pointer else { return "" }
        return pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }
}

extension TOMLTree.Value {
    /// For messages: "must be a number, not a date".
    var typeName: String {
        switch self {
        case .table: return "a table"
        case .array: return "an array"
        case .string: return "a string"
        case .integer: return "an integer"
        case .float: return "a number"
        case .bool: return "true or false"
        case .date: return "a date"
        case .time: return "a time of day"
        case .dateTime: return "a date and time"
        }
    }
}
