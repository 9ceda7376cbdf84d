import Foundation

/// The walk from libxml2's tree to blocks. Recursive, bounded by `maxDepth` (libxml2
/// itself nests at most 256 deep).
/// (Tables: HTMLConverter+Table.swift.)
struct HTMLConverter {
    var out = HTMLFragment()
    var inlines: [Inline] = []
    var blockLine = 0
    var strong = 0, emphasis = 0, code = 0, strike = 0
    var links: [String] = []
    var alignments: [Table.Alignment] = []
    var quoteDepth = 0
    var lists: [(ordered: Bool, next: Int)] = []
    var pendingMarker: ListMarker?
    /// Inside a table cell blocks do not end: they become line breaks in the cell.
    var cellDepth = 0
    var preDepth = 0

    static let maxDepth = 200

    /// Elements drawn as what they mean (others keep their text and are listed).
    private static let inlineStyles: Set<String> = ["b", "strong", "i", "em", "cite", "var", "dfn", "code", "kbd", "samp", "tt", "s", "strike", "del"]
    private static let containers: Set<String> = ["p", "div", "center", "section", "article", "header", "footer", "main", "nav",
                                                  "aside", "figure", "figcaption", "address", "dl", "dt", "dd", "picture"]
    /// Elements whose content is not text for a reader: not shown at all.
    private static let hidden: Set<String> = ["script", "style", "template", "iframe", "video", "audio", "object", "embed", "svg",
                                              "math", "canvas", "form", "input", "button", "select", "textarea", "head", "title", "meta",
                                              "link", "source", "track", "map", "area", "noembed"]
    private static let transparent: Set<String> = ["html", "body", "thead", "tbody", "tfoot"]

    /// No element and no visible text among these siblings.
    static func isBlank(_ first: HTMLNode?) -> Bool {
        var node = first
        while let current = node {
            if HTMLParser.isElement(current) || (HTMLParser.isText(current) && !HTMLParser.content(current).allSatisfy(\.isWhitespace)) {
                return false
            }
            node = HTMLParser.next(current)
        }
        return true
    }

    static func alignment(of node: HTMLNode) -> Table.Alignment? {
        if HTMLParser.name(node) == "center" { return .center }
        switch HTMLParser.attribute(node, "align")?.lowercased().trimmingCharacters(in: .whitespaces) {
        case "center", "middle": return .center
        case "right": return .right
        case "left": return .left
        default: return nil
        }
    }

    mutating func siblings(_ first: HTMLNode?, depth: Int) {
        var node = first
        while let current = node {
            visit(current, depth: depth)
            node = HTMLParser.next(current)
        }
    }

    mutating func visit(_ node: HTMLNode, depth: Int) {
        if HTMLParser.isText(node) { text(HTMLParser.content(node), line: HTMLParser.line(node)); return }
        if HTMLParser.isComment(node) { out.dropped.append(.init(tag: "!-- comment", line: HTMLParser.line(node), textKept: false)); return }
        guard HTMLParser.isElement(node) else { return }
        let name = HTMLParser.name(node), line = HTMLParser.line(node)
        guard depth < Self.maxDepth else {
            out.dropped.append(.init(tag: name + " (nested too deep)", line: line, textKept: false))
            return
        }
        let children = HTMLParser.children(node)
        switch name {
        case _ where Self.transparent.contains(name):
            siblings(children, depth: depth + 1)
        case "video":
            flush()
            video(node, line: line)
        case _ where Self.hidden.contains(name):
            out.dropped.append(.init(tag: name, line: line, textKept: false))
        case "h1", "h2", "h3", "h4", "h5", "h6":
            flush()
            withAlignment(node) { $0.siblings(children, depth: depth + 1); $0.flush(heading: Int(String(name.dropFirst()))!) }
        case _ where Self.containers.contains(name):
            flush()
            withAlignment(node) { $0.siblings(children, depth: depth + 1); $0.flush() }
        case "blockquote":
            flush()
            quoteDepth += 1
            siblings(children, depth: depth + 1)
            flush()
            quoteDepth -= 1
        case "ul", "ol", "menu":
            flush()
            let start = HTMLParser.attribute(node, "start").flatMap { Int($0) } ?? 1
            lists.append((name == "ol", start))
            siblings(children, depth: depth + 1)
            flush()
            lists.removeLast()
        case "li":
            flush()
            if var list = lists.popLast() {
                pendingMarker = list.ordered ? .number(list.next) : .bullet
                list.next += 1
                lists.append(list)
            } else {
                pendingMarker = .bullet
            }
            siblings(children, depth: depth + 1)
            flush()
        case "pre":
            flush()
            preDepth += 1
            code += 1
            siblings(children, depth: depth + 1)
            code -= 1
            preDepth -= 1
            flush(code: true)
        case "hr":
            flush()
            emit(.rule, [], line: line)
        case "br":
            if blockLine == 0 { blockLine = line }
            inlines.append(Inline("\n", .hardBreak))
        case "img":
            image(node, line: line)
        case "a":
            let href = HTMLParser.attribute(node, "href")
            if let href { links.append(href) }
            siblings(children, depth: depth + 1)
            if href != nil { links.removeLast() }
        case _ where Self.inlineStyles.contains(name):
            let counter: WritableKeyPath<HTMLConverter, Int> = switch name {
            case "b", "strong": \.strong
            case "code", "kbd", "samp", "tt": \.code
            case "s", "strike", "del": \.strike
            default: \.emphasis
            }
            self[keyPath: counter] += 1
            siblings(children, depth: depth + 1)
            self[keyPath: counter] -= 1
        case "table":
            flush()
            table(node, depth: depth)
        case "details":
            flush()
            siblings(children, depth: depth + 1)
            flush()
        case "summary":
            flush()
            strong += 1
            siblings(children, depth: depth + 1)
            strong -= 1
            flush()
        default:
            // span, sub, sup, u, mark, font, … and unknown elements: their text stays.
            out.dropped.append(.init(tag: name, line: line, textKept: true))
            siblings(children, depth: depth + 1)
        }
    }

    mutating func withAlignment(_ node: HTMLNode, _ body: (inout HTMLConverter) -> Void) {
        let own = Self.alignment(of: node)
        if let own { alignments.append(own) }
        body(&self)
        if own != nil { alignments.removeLast() }
    }

    var style: Inline.Style {
        var style: Inline.Style = []
        if strong > 0 { style.insert(.strong) }
        if emphasis > 0 { style.insert(.emphasis) }
        if code > 0 { style.insert(.code) }
        if strike > 0 { style.insert(.strikethrough) }
        if !links.isEmpty { style.insert(.link) }
        return style
    }

    /// Text as a browser shows it: runs of white space are one space (none at a line's
    /// start); inside `<pre>` it is kept as written.
    mutating func text(_ raw: String, line: Int) {
        var text = raw
        if preDepth == 0 {
            text = String(raw.split(omittingEmptySubsequences: false, whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" || $0 == "\u{0C}" })
                .filter { !$0.isEmpty }.joined(separator: " "))
            if let c = raw.first, c.isWhitespace, c != "\u{A0}" { text = " " + text }
            if let c = raw.last, c.isWhitespace, c != "\u{A0}", !text.hasSuffix(" ") { text += " " }
            let atLineStart = inlines.last.map { $0.style.contains(.hardBreak) || $0.text.hasSuffix(" ") } ?? true
            if atLineStart, text.hasPrefix(" ") { text.removeFirst() }
        }
        guard !text.isEmpty else { return }
        if blockLine == 0 { blockLine = line }
        let style = self.style, url = links.last
        if let last = inlines.last, last.style == style, last.url == url, !style.contains(.image) {
            inlines[inlines.count - 1].text += text
        } else {
            inlines.append(Inline(text, style, url: url))
        }
    }

    mutating func image(_ node: HTMLNode, line: Int) {
        let src = HTMLParser.attribute(node, "src") ?? ""
        guard !src.isEmpty else {
            out.dropped.append(.init(tag: "img (no src)", line: line, textKept: false))
            return
        }
        if blockLine == 0 { blockLine = line }
        var inline = Inline(HTMLParser.attribute(node, "alt") ?? "", style.union(.image), url: src)
        inline.imageSize = HTMLImageSize(width: HTMLImageSize.length(HTMLParser.attribute(node, "width")),
                                         height: HTMLImageSize.length(HTMLParser.attribute(node, "height")))
        // A linked image stays a picture; its link is kept on the alt text only.
        inline.style.remove(.link)
        inlines.append(inline)
    }

    /// `<video>`: a clip block (ClipSource.init(video:)). Without a source it is dropped
    /// and listed, like an `<img>` without one.
    mutating func video(_ node: HTMLNode, line: Int) {
        guard let clip = ClipSource(video: node) else {
            out.dropped.append(.init(tag: "video (no src)", line: line, textKept: false))
            return
        }
        emit(.clip(clip), [], line: line)
    }

    /// Ends the paragraph (or heading, or code) being collected.
    mutating func flush(heading: Int? = nil, code isCode: Bool = false) {
        if cellDepth > 0 {
            // Inside a cell a block's end is a line break.
            if let last = inlines.last, !last.style.contains(.hardBreak) { inlines.append(Inline("\n", .hardBreak)) }
            return
        }
        var content = inlines
        inlines = []
        let line = blockLine
        blockLine = 0
        while let last = content.last, last.style.contains(.hardBreak) || (!last.style.contains(.image) && last.text.allSatisfy(\.isWhitespace)) {
            content.removeLast()
        }
        if !isCode, let last = content.last, !last.style.contains(.image) {
            var trimmed = last.text
            while trimmed.last == " " { trimmed.removeLast() }
            content[content.count - 1].text = trimmed
        }
        guard !content.isEmpty else { return }
        if isCode {
            var text = content.map(\.text).joined()
            if text.hasPrefix("\n") { text.removeFirst() }
            while text.hasSuffix("\n") { text.removeLast() }
            emit(.code, [Inline(text, .code)], line: line)
        } else if let heading {
            emit(.heading(level: heading), content, line: line)
        } else {
            emit(.paragraph, content, line: line)
        }
    }

    mutating func emit(_ kind: Block.Kind, _ content: [Inline], line: Int) {
        var block = Block(kind: kind, inlines: content, quoteDepth: quoteDepth, listDepth: lists.count, marker: pendingMarker, line: line)
        block.alignment = alignments.last ?? .left
        pendingMarker = nil
        out.blocks.append(block)
    }
}
