import Foundation

/// A page's content, parsed: a list of blocks of styled text. Built from Markdown (the
/// subset Lectern shows) or plain text; layout is the typesetter's job.
public struct Document: Sendable, Equatable {
    /// The page title: `title:` in YAML front matter, else the first level-1 heading.
    public var title: String?
    /// Where relative image paths are resolved from (the Markdown file's directory).
    public var baseDirectory: String?
    var blocks: [Block]

    public enum LoadError: Swift.Error, Equatable, CustomStringConvertible {
        case unreadable(path: String, reason: String)
        case unsupportedType(path: String)

        public var description: String {
            switch self {
            case let .unreadable(path, reason): return "cannot read content file \(path): \(reason)"
            case let .unsupportedType(path): return "content file \(path) is neither Markdown (.md, .markdown) nor plain text (.txt)"
            }
        }
    }

    public static func markdown(_ text: String, baseDirectory: String? = nil) -> Document {
        var document = MarkdownParser.parse(text)
        document.baseDirectory = baseDirectory
        return document
    }

    /// Paragraphs separated by blank lines; the lines inside one are joined and reflowed.
    public static func plainText(_ text: String) -> Document {
        var blocks: [Block] = []
        var lines: [Substring] = []
        func flush() {
            if !lines.isEmpty { blocks.append(Block(kind: .paragraph, inlines: [Inline(joinLines(lines))])) }
            lines.removeAll()
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { flush() } else { lines.append(Substring(trimmed)) }
        }
        flush()
        return Document(title: nil, baseDirectory: nil, blocks: blocks)
    }

    /// Reads a content file, choosing the parser by extension. Invalid UTF-8 becomes
    /// U+FFFD (shown, never fatal); an unreadable file throws an error naming it.
    public static func load(path: String) throws -> Document {
        let ext = (path as NSString).pathExtension.lowercased()
        guard ["md", "markdown", "txt"].contains(ext) else { throw LoadError.unsupportedType(path: path) }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let reason = (error as NSError).localizedFailureReason ?? (error as NSError).localizedDescription
            throw LoadError.unreadable(path: path, reason: FileManager.default.fileExists(atPath: path) ? reason : "no such file")
        }
        var text = String(decoding: data, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        if ext == "txt" { return plainText(text) }
        return markdown(text, baseDirectory: (path as NSString).deletingLastPathComponent)
    }

    /// Every character of the visible text, for coverage checks.
    var visibleText: String {
        blocks.map { block in
            var text = block.inlines.map(\.text).joined()
            if case let .listItem(marker) = block.kind { text += marker }
            return text
        }.joined(separator: "\n")
    }
}

/// One block of a document. Quotes and lists are flattened: each paragraph carries
/// how deep in quotes and lists it sits.
struct Block: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case heading(level: Int)
        case paragraph
        /// `marker` is "•" or "3." and is drawn in the hanging indent.
        case listItem(marker: String)
        /// A fenced code block: one line of monospace text per source line.
        case code
        case image(path: String, alt: String)
        case rule
    }

    var kind: Kind
    var inlines: [Inline]
    var quoteDepth = 0
    /// Nesting depth of the list this belongs to (0: not in a list).
    var listDepth = 0
}

/// A run of text in one inline style.
struct Inline: Sendable, Equatable {
    struct Style: OptionSet, Sendable, Hashable {
        let rawValue: UInt8
        static let strong = Style(rawValue: 1)
        static let emphasis = Style(rawValue: 2)
        static let code = Style(rawValue: 4)
        static let link = Style(rawValue: 8)
    }

    var text: String
    var style: Style

    init(_ text: String, _ style: Style = []) {
        self.text = text
        self.style = style
    }
}

/// Joins the source lines of one paragraph: a space between them, except between two
/// ideographic characters where a space would be visible and wrong.
func joinLines(_ lines: [Substring]) -> String {
    var out = ""
    for line in lines {
        if let last = out.unicodeScalars.last, let first = line.unicodeScalars.first,
           !(isWideScript(last) && isWideScript(first)) {
            out += " "
        }
        out += line
    }
    return out
}

private func isWideScript(_ scalar: Unicode.Scalar) -> Bool {
    (0x2E80...0x9FFF).contains(scalar.value) || (0xAC00...0xD7AF).contains(scalar.value)
        || (0xF900...0xFAFF).contains(scalar.value) || (0xFF00...0xFFEF).contains(scalar.value)
        || (0x20000...0x3FFFF).contains(scalar.value)
}
