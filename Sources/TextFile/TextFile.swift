import Foundation

/// A text file as people really write them, read once and normalised, so that every
/// reader (configuration, content pages, gesture scripts, touch recordings) sees the
/// same thing: a UTF-8 byte-order mark is dropped, CRLF and lone CR become LF, and bytes
/// that are not UTF-8 become U+FFFD with the lines they were on remembered for a
/// warning. Files written on Windows or by old Mac tools then read exactly like the
/// ones written here.
///
/// Why a module of its own: Swift's `String` treats "\r\n" as one `Character`, so
/// `split(separator: "\n")` silently keeps CRLF files as one line. Every reader going
/// through this one type is what keeps that from coming back in one of them.
public struct TextFile: Sendable, Equatable {
    /// The path the text came from (for messages), or a label such as "<stdin>".
    public let path: String
    /// The normalised text: no BOM, LF line ends only, valid Unicode.
    public let text: String
    /// 1-based numbers of the lines that held bytes which are not UTF-8 (shown as U+FFFD).
    public let invalidUTF8Lines: [Int]
    /// 1-based numbers of the lines ended by a lone CR in a file whose other line ends
    /// are LF or CRLF: a stray CR rather than an old Mac line end. Formats that forbid
    /// it (TOML) refuse the file with this line; the others read it as a line end.
    public let strayCRLines: [Int]

    public init(path: String, bytes: some Collection<UInt8>) {
        self.path = path
        (text, invalidUTF8Lines, strayCRLines) = TextFile.normalize(bytes)
    }

    /// Reads `path`, refusing files over `limit` bytes before reading them (a kiosk must
    /// not be taken down by a runaway file), with a message that names the file and what
    /// to do.
    public static func read(path: String, limit: Int = 16 << 20) throws(TextFileError) -> TextFile {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let reason = errno == ENOENT ? "does not exist" : String(cString: strerror(errno))
            throw TextFileError(path: path, kind: .unreadable, message: "\(path): \(reason)")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw TextFileError(path: path, kind: .unreadable, message: "\(path): is not a regular file")
        }
        guard Int(info.st_size) <= limit else {
            throw TextFileError(path: path, kind: .tooLarge,
                                message: "\(path): is \(Int(info.st_size)) bytes, over the limit of \(limit) bytes; split it into smaller files")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw TextFileError(path: path, kind: .unreadable, message: "\(path): cannot be read (check its permissions)")
        }
        guard data.count <= limit else {  // grew between stat and read
            throw TextFileError(path: path, kind: .tooLarge,
                                message: "\(path): is over the limit of \(limit) bytes; split it into smaller files")
        }
        return TextFile(path: path, bytes: data)
    }

    /// BOM dropped, CRLF and CR turned into LF, invalid UTF-8 replaced by U+FFFD; returns
    /// the text, the lines where replacements happened and the lines ended by a stray CR
    /// (see `strayCRLines`). One pass, linear in the input.
    public static func normalize(_ bytes: some Collection<UInt8>) -> (text: String, invalidLines: [Int], strayCRLines: [Int]) {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var iterator = bytes.makeIterator()
        var pendingCR = false
        var first = true
        var bomState = 0  // how many bytes of EF BB BF have been seen at the start
        var held: [UInt8] = []
        var line = 1, sawLF = false
        var loneCRLines: [Int] = []
        while let byte = iterator.next() {
            if first {
                let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
                if byte == bom[bomState] {
                    held.append(byte)
                    bomState += 1
                    if bomState == 3 { held.removeAll(); first = false }
                    continue
                }
                first = false
                out.append(contentsOf: held)
                held.removeAll()
            }
            if pendingCR {
                pendingCR = false
                out.append(0x0A)
                if byte == 0x0A { sawLF = true; line += 1; continue }
                loneCRLines.append(line)
                line += 1
            }
            if byte == 0x0D { pendingCR = true } else { out.append(byte) }
            if byte == 0x0A { sawLF = true; line += 1 }
        }
        out.append(contentsOf: held)
        if pendingCR { out.append(0x0A); loneCRLines.append(line) }

        // Validate and replace, counting lines as we go.
        var invalid: [Int] = []
        line = 1
        var text = ""
        text.reserveCapacity(out.count)
        var decoder = UTF8()
        var it = out.makeIterator()
        var lastInvalidLine = 0
        loop: while true {
            switch decoder.decode(&it) {
            case let .scalarValue(scalar):
                text.unicodeScalars.append(scalar)
                if scalar == "\n" { line += 1 }
            case .emptyInput:
                break loop
            case .error:
                text.unicodeScalars.append("\u{FFFD}")
                if lastInvalidLine != line { invalid.append(line); lastInvalidLine = line }
            }
        }
        return (text, invalid, sawLF ? loneCRLines : [])
    }

    /// The lines of `text`, split at LF, CRLF or lone CR (for text that did not come
    /// through `normalize`). The last line is kept even when empty only if the text does
    /// not end with a line end, as editors count lines.
    public static func lines(_ text: String) -> [Substring] {
        var result: [Substring] = []
        let scalars = text.unicodeScalars
        var start = scalars.startIndex
        var i = start
        while i < scalars.endIndex {
            let scalar = scalars[i]
            if scalar == "\n" || scalar == "\r" {
                result.append(Substring(scalars[start..<i]))
                var next = scalars.index(after: i)
                if scalar == "\r", next < scalars.endIndex, scalars[next] == "\n" { next = scalars.index(after: next) }
                start = next
                i = next
            } else {
                i = scalars.index(after: i)
            }
        }
        if start < scalars.endIndex { result.append(Substring(scalars[start..<scalars.endIndex])) }
        return result
    }

    /// Lines of this file's text (already normalised).
    public var lines: [Substring] { TextFile.lines(text) }

    /// Tabs expanded to the next multiple of `width` columns (columns counted in Unicode
    /// scalars), as terminals and CommonMark do for code; a font has no glyph for a tab.
    public static func expandTabs(_ line: some StringProtocol, width: Int = 4) -> String {
        guard line.contains("\t") else { return String(line) }
        var out = ""
        var column = 0
        for scalar in line.unicodeScalars {
            if scalar == "\t" {
                let spaces = width - column % width
                out += String(repeating: " ", count: spaces)
                column += spaces
            } else if scalar == "\n" {
                out.unicodeScalars.append(scalar)
                column = 0
            } else {
                out.unicodeScalars.append(scalar)
                column += 1
            }
        }
        return out
    }

    /// A warning for each line with bytes that are not UTF-8, naming file and line.
    public var warnings: [String] {
        invalidUTF8Lines.map { "\(path):\($0): bytes that are not UTF-8 are shown as \u{FFFD}; save the file as UTF-8" }
    }
}

public struct TextFileError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable { case unreadable, tooLarge }
    public let path: String
    public let kind: Kind
    public let message: String
    public var description: String { message }
}
