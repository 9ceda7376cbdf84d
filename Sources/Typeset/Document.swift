import Foundation
import TextFile

/// A page's content, parsed: a list of blocks of styled text. Built from Markdown
/// (CommonMark + GitHub tables, strikethrough, autolinks and task lists, through
/// libcmark-gfm: see `MarkdownReader`) or plain text; layout is the typesetter's job.
public struct Document: Sendable, Equatable {
    /// The page title: `title:` in YAML front matter, else the first level-1 heading.
    public var title: String?
    /// The page's language tag from front matter (`lang:` or `language:`), e.g. "de";
    /// nil: the configured language. It chooses the hyphenation dictionary.
    public var language: String?
    /// The page's direction from front matter (`dir: rtl` or `ltr`); nil: each
    /// paragraph's own (its first strong character), else the language's.
    public var direction: TextDirection?
    /// Where relative image paths are resolved from (the Markdown file's directory).
    public var baseDirectory: String?
    var blocks: [Block]
    /// Things worth telling the author that do not stop the page showing (lines with
    /// bytes that are not UTF-8), each naming file and line.
    public var warnings: [String] = []

    /// The largest content file a page may be. Layout keeps every glyph of a page in
    /// memory (about 100 bytes a character with its line and shaping data), so 1 MB of
    /// glyph-dense text is some 230 MB at worst (measured: 1 MB of "[a " peaks at 236 MB),
    /// already far past a small board's budget; 1 MB of prose is a novel (some 170,000
    /// words): beyond that a page belongs in several pages.
    public static let contentSizeLimit = 1 << 20

    public enum LoadError: Swift.Error, Equatable, CustomStringConvertible {
        case unreadable(path: String, reason: String)
        case unsupportedType(path: String)
        case tooLarge(path: String, bytes: Int, limit: Int)

        public var description: String {
            switch self {
            case let .unreadable(path, reason): return "cannot read content file \(path): \(reason)"
            case let .unsupportedType(path): return "content file \(path) is neither Markdown (.md, .markdown) nor plain text (.txt)"
            case let .tooLarge(path, bytes, limit):
                return "content file \(path) is \(megabytes(bytes)) (\(bytes) bytes), over the limit of \(megabytes(limit)) for one page; split it into several pages"
            }
        }
    }

    init(title: String?, baseDirectory: String?, blocks: [Block]) {
        self.title = title
        self.baseDirectory = baseDirectory
        self.blocks = blocks
    }

    public static func markdown(_ text: String, baseDirectory: String? = nil) -> Document {
        var document = MarkdownReader.read(text)
        document.baseDirectory = baseDirectory
        document.recognizeClips()
        return document
    }

    /// Paragraphs separated by blank lines; the lines inside one are joined and reflowed.
    /// Tabs become spaces as a terminal would show them (a font has no glyph for a tab).
    public static func plainText(_ text: String) -> Document {
        var blocks: [Block] = []
        var lines: [Substring] = []
        var firstLine = 0
        func flush() {
            if !lines.isEmpty {
                blocks.append(Block(kind: .paragraph, inlines: [Inline(joinLines(lines))], line: firstLine))
            }
            lines.removeAll()
        }
        for (index, line) in TextFile.lines(text).enumerated() {
            let trimmed = TextFile.expandTabs(line).trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty {
                flush()
            } else {
                if lines.isEmpty { firstLine = index + 1 }
                lines.append(Substring(trimmed))
            }
        }
        flush()
        return Document(title: nil, baseDirectory: nil, blocks: blocks)
    }

    /// Reads a content file through `TextFile` (CRLF, BOM and invalid UTF-8 handled; the
    /// latter shown as U+FFFD and listed in `warnings`), choosing the parser by extension.
    /// Files over `contentSizeLimit` and unreadable files throw an error naming the file.
    public static func load(path: String, limit: Int = contentSizeLimit) throws -> Document {
        let file = try readFile(path: path, limit: limit)
        var document = isPlainText(path) ? plainText(file.text)
            : markdown(file.text, baseDirectory: (path as NSString).deletingLastPathComponent)
        document.warnings = file.warnings
        return document
    }

    /// The parsed block tree of a content file, one node a line, indented by depth, each
    /// with its source line: what `lectern check --outline` prints.
    public static func outline(path: String, limit: Int = contentSizeLimit) throws -> [String] {
        let file = try readFile(path: path, limit: limit)
        if isPlainText(path) {
            return ["   1 document (plain text)"] + plainText(file.text).blocks.map { block in
                MarkdownOutline.line(depth: 1, line: block.line, text: "paragraph " + MarkdownOutline.quoted(block.inlines.map(\.text).joined()))
            }
        }
        return MarkdownOutline.outline(file.text)
    }

    /// Whether `path` could be loaded, without reading it: a content type Lectern shows,
    /// a regular readable file, within the size limit. Cheap enough for start-up, where a
    /// bad page is reported (exit 65) before the kiosk starts; the error names the file.
    public static func checkLoadable(path: String, limit: Int = contentSizeLimit) throws {
        let ext = (path as NSString).pathExtension.lowercased()
        guard ["md", "markdown", "txt"].contains(ext) else { throw LoadError.unsupportedType(path: path) }
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw LoadError.unreadable(path: path, reason: errno == ENOENT ? "does not exist" : String(cString: strerror(errno)))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw LoadError.unreadable(path: path, reason: "is not a regular file") }
        guard Int(info.st_size) <= limit else { throw LoadError.tooLarge(path: path, bytes: Int(info.st_size), limit: limit) }
        guard access(path, R_OK) == 0 else { throw LoadError.unreadable(path: path, reason: "cannot be read (check its permissions)") }
    }

    private static func isPlainText(_ path: String) -> Bool { (path as NSString).pathExtension.lowercased() == "txt" }

    private static func readFile(path: String, limit: Int) throws -> TextFile {
        let ext = (path as NSString).pathExtension.lowercased()
        guard ["md", "markdown", "txt"].contains(ext) else { throw LoadError.unsupportedType(path: path) }
        do {
            return try TextFile.read(path: path, limit: limit)
        } catch {
            switch error.kind {
            case .tooLarge:
                let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? limit + 1
                throw LoadError.tooLarge(path: path, bytes: bytes, limit: limit)
            case .unreadable:
                let prefix = "\(path): "
                let reason = error.message.hasPrefix(prefix) ? String(error.message.dropFirst(prefix.count)) : error.message
                throw LoadError.unreadable(path: path, reason: reason)
            }
        }
    }

    /// Every character of the visible text, for coverage checks.
    var visibleText: String {
        blocks.map { block in
            var text = block.inlines.map(\.text).joined()
            if case let .table(table) = block.kind {
                text += table.rows.map { $0.map { $0.map(\.text).joined() }.joined(separator: " ") }.joined(separator: "\n")
            }
            if let marker = block.marker { text += marker.text(depth: block.listDepth) }
            return text
        }.joined(separator: "\n")
    }
}

private func megabytes(_ bytes: Int) -> String {
    String(format: "%.1f MB", Double(bytes) / Double(1 << 20))
}

/// One block of a document. Quotes and lists are flattened: each block carries how deep
/// in quotes and lists it sits, and the first block of a list item carries its marker.
struct Block: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case heading(level: Int)
        case paragraph
        /// Indented or fenced code: monospace, one line per source line, tabs expanded.
        case code
        case image(path: String, alt: String)
        /// A video clip, laid out like a picture (its poster or first frame).
        case clip(ClipSource)
        case rule
        case table(Table)
    }

    var kind: Kind
    var inlines: [Inline]
    var quoteDepth = 0
    /// Nesting depth of the list this belongs to (0: not in a list).
    var listDepth = 0
    /// Drawn in the hanging indent at this block's first line: a list item's bullet,
    /// number or task box, or a footnote's number.
    var marker: ListMarker?
    /// A tight list's item after the first: set close under the one before.
    var tight = false
    /// 1-based line in the source file where the block starts (0: unknown).
    var line = 0
    /// `<p align="center">`, `<div align="right">` and what they enclose (HTML/).
    var alignment: Table.Alignment = .left
    /// The GitHub alert (`> [!NOTE]`) this block belongs to; its first block is the label.
    var callout: Callout?
    var isCalloutLabel = false
}

enum ListMarker: Sendable, Equatable {
    case bullet
    case number(Int)
    case task(checked: Bool)
    case footnote(Int)

    /// The marker as text (a task box is drawn as a shape, not text).
    func text(depth: Int) -> String {
        switch self {
        case .bullet: return ["•", "◦", "▪"][max(depth - 1, 0) % 3]
        case let .number(n): return "\(n)."
        case .task: return ""
        case let .footnote(n): return superscript(n)
        }
    }
}

/// A GFM table: the header row first, then the body rows, each with one cell per column.
struct Table: Sendable, Equatable {
    enum Alignment: Sendable, Equatable { case left, center, right }
    var alignments: [Alignment]
    var rows: [[[Inline]]]
}

/// A run of text in one inline style.
struct Inline: Sendable, Equatable {
    struct Style: OptionSet, Sendable, Hashable {
        let rawValue: UInt16
        static let strong = Style(rawValue: 1)
        static let emphasis = Style(rawValue: 2)
        static let code = Style(rawValue: 4)
        static let link = Style(rawValue: 8)
        static let strikethrough = Style(rawValue: 16)
        /// An inline image: `text` is its alt text, `url` its path.
        static let image = Style(rawValue: 32)
        /// A hard line break (`text` is "\n").
        static let hardBreak = Style(rawValue: 64)
        /// A footnote reference, set as a superscript number.
        static let footnote = Style(rawValue: 128)
    }

    var text: String
    var style: Style
    /// A link's destination (kept for tapping links) or an image's path.
    var url: String?
    /// An HTML `<img>`'s width and height attributes (nil: the picture's own size).
    var imageSize: HTMLImageSize?
    /// An HTML `<video>` read inline: shown as a clip block when alone in its paragraph.
    var clip: ClipSource?

    init(_ text: String, _ style: Style = [], url: String? = nil) {
        self.text = text
        self.style = style
        self.url = url
    }
}

/// Joins the source lines of one paragraph: a space between them, except between two
/// ideographic characters where a space would be visible and wrong.
func joinLines(_ lines: [Substring]) -> String {
    var out = ""
    for line in lines {
        if let last = out.unicodeScalars.last, let first = line.unicodeScalars.first, !isWideScript(last) || !isWideScript(first) {
            out += " "
        }
        out += line
    }
    return out
}

func isWideScript(_ scalar: Unicode.Scalar) -> Bool {
    (0x2E80...0x9FFF).contains(scalar.value) || (0xAC00...0xD7AF).contains(scalar.value)
        || (0xF900...0xFAFF).contains(scalar.value) || (0xFF00...0xFFEF).contains(scalar.value)
        || (0x20000...0x3FFFF).contains(scalar.value)
}

func superscript(_ n: Int) -> String {
    let digits: [Character] = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"]
    return String(String(n).compactMap { $0.wholeNumberValue.map { digits[$0] } })
}
