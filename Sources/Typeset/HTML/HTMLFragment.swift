import Foundation

/// One HTML block of a Markdown page (cmark hands it over as text) read with libxml2
/// and mapped onto the document model: the subset README authors use (headings,
/// aligned paragraphs, images with width/height, links, line breaks, bold, italic, code,
/// simple tables, `<details>` shown open). Other elements keep their text; what is not
/// drawn as itself is listed in `dropped` (`lectern check --outline` shows it).
struct HTMLFragment {
    struct Dropped: Equatable, Sendable {
        var tag: String
        /// 1-based line within the fragment.
        var line: Int
        /// The element's text is still shown (only its meaning as a tag is lost).
        var textKept: Bool
    }

    /// Blocks with lines relative to the fragment (1-based) and no quote or list depth
    /// of their own beyond what the HTML itself nests.
    var blocks: [Block] = []
    var dropped: [Dropped] = []
    /// The fragment is only an opening `<div align="center">` (or `<p>`, `<center>`),
    /// closed by a later HTML block: the Markdown between is aligned so.
    var opensAlignment: Table.Alignment?
    /// The fragment is only closing tags (`</div>`), ending such an alignment.
    var onlyClosesTags = false

    static func read(_ given: String) -> HTMLFragment {
        var converter = HTMLConverter()
        let (html, sections) = withoutCDATA(given)
        converter.out.dropped += sections.map { Dropped(tag: "![CDATA[ section", line: $0, textKept: false) }
        let trimmed = html.trimmingCharacters(in: .whitespacesAndNewlines)
        HTMLParser.withNodes(html) { first in
            // Stray end tags leave libxml2's tree empty: `</div>` closing an earlier block.
            if trimmed.hasPrefix("</"), HTMLConverter.isBlank(first) {
                converter.out.onlyClosesTags = true
                return
            }
            if let only = first, HTMLParser.next(only) == nil, HTMLParser.isElement(only), HTMLConverter.isBlank(HTMLParser.children(only)),
               ["div", "p", "center"].contains(HTMLParser.name(only)), !trimmed.contains("</") {
                converter.out.opensAlignment = HTMLConverter.alignment(of: only) ?? .left
                return
            }
            converter.siblings(first, depth: 0)
            converter.flush()
        }
        return converter.out
    }
}

extension HTMLFragment {
    /// `html` without its CDATA sections (`<![CDATA[` to the first `]]>`, or to the end),
    /// each replaced by the line breaks it held so later lines keep their numbers, and
    /// the 1-based line each started on. CommonMark 0.31 makes such a section raw HTML a
    /// browser does not show; libxml2's HTML parser knows no CDATA and would keep it as text.
    static func withoutCDATA(_ html: String) -> (html: String, lines: [Int]) {
        guard html.contains("<![CDATA[") else { return (html, []) }
        var out = "", lines: [Int] = []
        var rest = html[...]
        var line = 1
        while let start = rest.range(of: "<![CDATA[") {
            let before = rest[..<start.lowerBound]
            out += before
            line += before.count { $0 == "\n" }
            lines.append(line)
            let end = rest[start.upperBound...].range(of: "]]>")?.upperBound ?? rest.endIndex
            let breaks = rest[start.lowerBound..<end].count { $0 == "\n" }
            out += String(repeating: "\n", count: breaks)
            line += breaks
            rest = rest[end...]
        }
        out += rest
        return (out, lines)
    }
}
