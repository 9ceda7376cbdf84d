/// The Markdown subset Lectern shows, parsed line by line: ATX and setext headings,
/// paragraphs, bulleted and numbered lists (nested by indentation), block quotes,
/// fenced code, thematic breaks, images alone on a line, and YAML front matter (skipped,
/// its `title:` kept). Anything else is shown as text, never rejected.
enum MarkdownParser {
    static func parse(_ source: String) -> Document {
        var lines = source.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasSuffix("\r") ? line.dropLast() : line
        }
        let title = stripFrontMatter(&lines)
        var state = State()
        var index = 0
        while index < lines.count {
            index = state.consume(lines, at: index)
        }
        state.flushParagraph()
        let firstHeading = state.blocks.first { $0.kind == .heading(level: 1) }.map { $0.inlines.map(\.text).joined() }
        return Document(title: title ?? firstHeading, baseDirectory: nil, blocks: state.blocks)
    }

    /// Removes a leading `---` … `---` (or `...`) block and returns its `title:` value.
    private static func stripFrontMatter(_ lines: inout [Substring]) -> String? {
        guard lines.first?.trimmingCharacters(in: .whitespaces) == "---",
              let end = lines.dropFirst().firstIndex(where: { ["---", "..."].contains($0.trimmingCharacters(in: .whitespaces)) })
        else { return nil }
        var title: String?
        for line in lines[1..<end] where line.hasPrefix("title:") {
            var value = line.dropFirst("title:".count).trimmingCharacters(in: .whitespaces)
            if value.count >= 2, let q = value.first, q == "\"" || q == "'", value.last == q {
                value = String(value.dropFirst().dropLast())
            }
            if !value.isEmpty { title = value }
        }
        lines.removeSubrange(0...end)
        return title
    }

    private struct State {
        var blocks: [Block] = []
        var paragraph: [Substring] = []
        var paragraphKind: Block.Kind = .paragraph
        var paragraphQuote = 0
        var paragraphList = 0
        /// Indentation of the current list items by depth, to nest by indentation.
        var listIndents: [Int] = []

        mutating func flushParagraph() {
            guard !paragraph.isEmpty else { return }
            blocks.append(Block(kind: paragraphKind, inlines: InlineParser.parse(joinLines(paragraph)),
                                quoteDepth: paragraphQuote, listDepth: paragraphList))
            paragraph.removeAll()
            paragraphKind = .paragraph
        }

        /// Handles the line at `index` (and any it owns, such as a code fence's body);
        /// returns the index of the next line to look at.
        mutating func consume(_ lines: [Substring], at index: Int) -> Int {
            let (line, quote) = stripQuotes(lines[index])
            let indent = line.prefix { $0 == " " || $0 == "\t" }.reduce(0) { $0 + ($1 == "\t" ? 4 : 1) }
            let body = line.drop { $0 == " " || $0 == "\t" }

            if body.isEmpty {
                flushParagraph()
                return index + 1
            }
            if quote != paragraphQuote { flushParagraph() }
            if body.hasPrefix("```") || body.hasPrefix("~~~") {
                flushParagraph()
                return consumeFence(lines, from: index, fence: String(body.prefix(3)), quote: quote)
            }
            if let level = headingLevel(body) {
                flushParagraph()
                let text = body.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
                let cleaned = text.replacingOccurrences(of: #"\s+#+$"#, with: "", options: .regularExpression)
                blocks.append(Block(kind: .heading(level: min(level, 3)), inlines: InlineParser.parse(cleaned), quoteDepth: quote))
                listIndents.removeAll()
                return index + 1
            }
            if isSetextUnderline(body), !paragraph.isEmpty, paragraphKind == .paragraph, paragraphList == 0 {
                paragraphKind = .heading(level: body.first == "=" ? 1 : 2)
                flushParagraph()
                return index + 1
            }
            if isRule(body) {
                flushParagraph()
                blocks.append(Block(kind: .rule, inlines: [], quoteDepth: quote))
                return index + 1
            }
            if let (marker, rest) = listMarker(body) {
                flushParagraph()
                while let last = listIndents.last, last > indent { listIndents.removeLast() }
                if listIndents.last != indent { listIndents.append(indent) }
                paragraph = [rest]
                paragraphKind = .listItem(marker: marker)
                paragraphQuote = quote
                paragraphList = listIndents.count
                return index + 1
            }
            if paragraph.isEmpty, let image = imageAlone(body) {
                blocks.append(Block(kind: .image(path: image.path, alt: image.alt), inlines: [Inline(image.alt)],
                                    quoteDepth: quote, listDepth: 0))
                return index + 1
            }
            if paragraph.isEmpty {
                // Lazy continuation ends lists only at a blank line or an unindented paragraph.
                if indent == 0 { listIndents.removeAll() }
                paragraphQuote = quote
                paragraphList = listIndents.count
            }
            paragraph.append(body)
            return index + 1
        }

        private mutating func consumeFence(_ lines: [Substring], from start: Int, fence: String, quote: Int) -> Int {
            var body: [String] = []
            var index = start + 1
            while index < lines.count {
                let (line, _) = stripQuotes(lines[index])
                index += 1
                if line.trimmingCharacters(in: .whitespaces).hasPrefix(fence) { break }
                body.append(String(line))
            }
            blocks.append(Block(kind: .code, inlines: [Inline(body.joined(separator: "\n"), .code)], quoteDepth: quote))
            return index
        }
    }

    private static func stripQuotes(_ line: Substring) -> (Substring, Int) {
        var rest = line
        var depth = 0
        while true {
            let trimmed = rest.drop { $0 == " " }
            guard trimmed.first == ">", rest.count - trimmed.count < 4 else { break }
            rest = trimmed.dropFirst()
            if rest.first == " " { rest = rest.dropFirst() }
            depth += 1
        }
        return (rest, depth)
    }

    private static func headingLevel(_ body: Substring) -> Int? {
        let hashes = body.prefix { $0 == "#" }.count
        guard (1...6).contains(hashes) else { return nil }
        let after = body.dropFirst(hashes)
        return after.isEmpty || after.first == " " || after.first == "\t" ? hashes : nil
    }

    private static func isSetextUnderline(_ body: Substring) -> Bool {
        let t = body.trimmingCharacters(in: .whitespaces)
        return !t.isEmpty && (t.allSatisfy { $0 == "=" } || t.allSatisfy { $0 == "-" })
    }

    private static func isRule(_ body: Substring) -> Bool {
        let t = body.filter { $0 != " " }
        guard t.count >= 3, let c = t.first, c == "-" || c == "*" || c == "_" else { return false }
        return t.allSatisfy { $0 == c }
    }

    private static func listMarker(_ body: Substring) -> (String, Substring)? {
        if let c = body.first, c == "-" || c == "*" || c == "+", body.dropFirst().first == " " {
            return ("•", body.dropFirst(2).drop { $0 == " " })
        }
        let digits = body.prefix { $0.isASCII && $0.isNumber }
        guard (1...9).contains(digits.count) else { return nil }
        let after = body.dropFirst(digits.count)
        guard let d = after.first, d == "." || d == ")", after.dropFirst().first == " " else { return nil }
        return ("\(Int(digits) ?? 0).", after.dropFirst(2).drop { $0 == " " })
    }

    private static func imageAlone(_ body: Substring) -> (alt: String, path: String)? {
        let t = body.trimmingCharacters(in: .whitespaces)
        guard t.hasPrefix("!["), t.hasSuffix(")"), let close = t.range(of: "]("),
              !t[close.upperBound...].dropLast().contains(")") else { return nil }
        let alt = String(t[t.index(t.startIndex, offsetBy: 2)..<close.lowerBound])
        var path = String(t[close.upperBound...].dropLast()).trimmingCharacters(in: .whitespaces)
        // `![alt](path "title")`: drop the title.
        if let space = path.firstIndex(of: " ") { path = String(path[..<space]) }
        return (alt, path)
    }
}
