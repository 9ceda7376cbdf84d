import CCmark
import TextFile

/// Markdown through libcmark-gfm: full CommonMark plus the GitHub extensions (tables,
/// strikethrough, autolinks, task lists) and footnotes, its syntax tree walked into
/// the flat `Document` model. cmark parses in time linear in the input, whatever the
/// input (it was built against adversarial inputs), and its iterator walks any depth
/// of nesting without recursion, so neither can be made to blow up.
///
/// What each node becomes is listed in docs/content.md. HTML blocks and inline tags are
/// read with libxml2 (HTML/): the README subset is drawn, other tags keep their text.
/// A quote that starts with `[!NOTE]` (TIP, IMPORTANT, WARNING, CAUTION) is a GitHub
/// alert, drawn as a labelled callout (Callout.swift).
enum MarkdownReader {
    static func read(_ source: String) -> Document {
        let front = FrontMatter(source)
        var walker = MarkdownWalker(lineOffset: front.lines)
        CMark.withTree(front.body) { root in walker.walk(root) }
        var document = Document(title: front.title ?? walker.firstHeading, baseDirectory: nil, blocks: walker.blocks)
        document.language = front.language
        document.direction = front.direction
        return document
    }
}

/// Walks cmark's tree with its iterator (enter and exit events) and builds the blocks.
/// (Inlines: MarkdownReader+Inlines.swift.)
struct MarkdownWalker {
    let lineOffset: Int
    var blocks: [Block] = []
    var firstHeading: String?

    struct ListContext {
        var ordered: Bool
        var next: Int
        var tight: Bool
        var items = 0
    }
    var lists: [ListContext] = []
    var quoteDepth = 0
    var footnoteDepth = 0
    var pendingMarker: ListMarker?
    var pendingTight = false

    // Inline collection for the paragraph, heading or table cell being read.
    var inlines: [Inline] = []
    var emphasis = 0, strong = 0, strike = 0, code = 0
    /// Inline HTML tags open in the current paragraph, undone at its end.
    var openTags: [(name: String, effect: HTMLInlineTag.Effect)] = []
    var parsedTags: [String: HTMLInlineTag] = [:]
    /// `<div align="center">` blocks around Markdown, innermost last.
    var containerAlignment: [Table.Alignment] = []
    /// GitHub alerts open around the current block, with their quote depth.
    var callouts: [(kind: Callout, depth: Int)] = []
    /// The `[!NOTE]` marker's nodes, not shown as text.
    var skipped: Set<OpaquePointer> = []
    var links: [String] = []
    var pendingSoftBreak = false
    var imageDepth = 0
    var imageAlt = ""
    var imageURL = ""

    // Tables and footnotes.
    var table: Table?
    var footnoteNumbers: [String: Int] = [:]
    var sawFootnoteDefinition = false
    var footnoteDefinitions = 0

    init(lineOffset: Int) { self.lineOffset = lineOffset }

    mutating func walk(_ root: OpaquePointer) {
        CMark.walk(root) { node, entering in if entering { enter(node) } else { exit(node) } }
    }

    var style: Inline.Style {
        var style: Inline.Style = []
        if emphasis > 0 { style.insert(.emphasis) }
        if strong > 0 { style.insert(.strong) }
        if strike > 0 { style.insert(.strikethrough) }
        if code > 0 { style.insert(.code) }
        if !links.isEmpty { style.insert(.link) }
        return style
    }

    mutating func enter(_ node: OpaquePointer) {
        guard !skipped.contains(node) else { return }
        let type = cmark_node_get_type(node)
        switch type {
        case CMARK_NODE_BLOCK_QUOTE:
            quoteDepth += 1
            if let alert = Callout.marker(in: node) {
                callouts.append((alert.kind, quoteDepth))
                skipped.formUnion(alert.nodes)
                var label = Block(kind: .paragraph, inlines: [Inline(alert.kind.label, .strong)])
                label.isCalloutLabel = true
                emit(label, node)
            }
        case CMARK_NODE_LIST:
            lists.append(ListContext(ordered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
                                     next: Int(cmark_node_get_list_start(node)), tight: cmark_node_get_list_tight(node) != 0))
        case CMARK_NODE_ITEM:
            guard var list = lists.popLast() else { return }
            if CMark.typeName(node) == "tasklist" {
                pendingMarker = .task(checked: cmark_gfm_extensions_get_tasklist_item_checked(node))
            } else if list.ordered {
                pendingMarker = .number(list.next)
            } else {
                pendingMarker = .bullet
            }
            // A tight list's items sit close together; its first item keeps the usual
            // gap from the text above unless it is a sub-list.
            pendingTight = list.tight && (list.items > 0 || !lists.isEmpty)
            list.next += 1
            list.items += 1
            lists.append(list)
        case CMARK_NODE_FOOTNOTE_DEFINITION:
            if !sawFootnoteDefinition {
                sawFootnoteDefinition = true
                emit(.rule, [], node)
            }
            footnoteDepth += 1
            // cmark keeps only referenced definitions and moves them to the end in order
            // of first reference, which is how references were numbered.
            footnoteDefinitions += 1
            pendingMarker = .footnote(footnoteDefinitions)
        case CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING:
            startInlines()
        case CMARK_NODE_CODE_BLOCK:
            var code = CMark.string(cmark_node_get_literal(node))
            if code.hasSuffix("\n") { code.removeLast() }
            emit(.code, [Inline(TextFile.expandTabs(code), .code)], node)
        case CMARK_NODE_THEMATIC_BREAK:
            emit(.rule, [], node)
        case CMARK_NODE_HTML_BLOCK:
            let fragment = HTMLFragment.read(CMark.string(cmark_node_get_literal(node)))
            if let alignment = fragment.opensAlignment { containerAlignment.append(alignment) }
            if fragment.onlyClosesTags { _ = containerAlignment.popLast() }
            let start = Int(cmark_node_get_start_line(node))
            for var block in fragment.blocks {
                if case .heading(1) = block.kind, firstHeading == nil { firstHeading = block.inlines.filter { !$0.style.contains(.hardBreak) }.map(\.text).joined() }
                block.line = start > 0 ? start + block.line - 1 : 0
                emit(block, node)
            }
        case CMARK_NODE_TEXT:
            let text = CMark.string(cmark_node_get_literal(node))
            append(text.contains("\t") ? text.replacingOccurrences(of: "\t", with: " ") : text, style)
        case CMARK_NODE_CODE:
            append(TextFile.expandTabs(CMark.string(cmark_node_get_literal(node))), style.union(.code))
        case CMARK_NODE_SOFTBREAK:
            pendingSoftBreak = true
        case CMARK_NODE_LINEBREAK:
            appendBreak()
        case CMARK_NODE_HTML_INLINE:
            inlineTag(CMark.string(cmark_node_get_literal(node)))
        case CMARK_NODE_EMPH: emphasis += 1
        case CMARK_NODE_STRONG: strong += 1
        case CMARK_NODE_LINK: links.append(CMark.string(cmark_node_get_url(node)))
        case CMARK_NODE_IMAGE:
            imageDepth += 1
            if imageDepth == 1 {
                imageAlt = ""
                imageURL = CMark.string(cmark_node_get_url(node))
            }
        case CMARK_NODE_FOOTNOTE_REFERENCE:
            let number = footnoteNumber(CMark.string(cmark_node_get_literal(node)))
            append(superscript(number), style.union(.footnote))
        default:
            switch CMark.typeName(node) {
            case "table":
                let count = Int(cmark_gfm_extensions_get_table_columns(node))
                let raw = cmark_gfm_extensions_get_table_alignments(node)
                let alignments: [Table.Alignment] = (0..<count).map { i in
                    switch raw.map({ UInt8($0[i]) }) {
                    case UInt8(ascii: "c"): return .center
                    case UInt8(ascii: "r"): return .right
                    default: return .left
                    }
                }
                table = Table(alignments: alignments, rows: [])
            case "table_header", "table_row":
                table?.rows.append([])
            case "table_cell":
                startInlines()
            case "strikethrough":
                strike += 1
            default:
                break
            }
        }
    }

    mutating func exit(_ node: OpaquePointer) {
        let type = cmark_node_get_type(node)
        switch type {
        case CMARK_NODE_BLOCK_QUOTE:
            if callouts.last?.depth == quoteDepth { callouts.removeLast() }
            quoteDepth -= 1
        case CMARK_NODE_LIST: _ = lists.popLast()
        case CMARK_NODE_ITEM:
            // An empty item still shows its marker.
            if pendingMarker != nil { emit(.paragraph, [], node) }
        case CMARK_NODE_FOOTNOTE_DEFINITION:
            if pendingMarker != nil { emit(.paragraph, [], node) }
            footnoteDepth -= 1
        case CMARK_NODE_PARAGRAPH:
            var content = takeInlines()
            // An alert's marker alone in its paragraph leaves nothing to show.
            if content.isEmpty, let first = cmark_node_first_child(node), skipped.contains(first) { return }
            if quoteDepth > 0 { recognizeTaskInQuote(&content) }
            let images = content.filter { $0.style.contains(.image) }
            let rest = content.filter { !$0.style.contains(.image) && !$0.text.allSatisfy(\.isWhitespace) }
            if images.count == 1, rest.isEmpty, let clip = images.first?.clip {
                emit(.clip(clip), [], node)
            } else if images.count == 1, rest.isEmpty, let image = images.first, let url = image.url, ClipSource.hasClipExtension(url) {
                emit(.clip(ClipSource(path: url, caption: image.text)), [], node)
            } else if images.count == 1, rest.isEmpty, let image = images.first {
                emit(.image(path: image.url ?? "", alt: image.text), [], node)
            } else {
                emit(.paragraph, content, node)
            }
        case CMARK_NODE_HEADING:
            let content = takeInlines()
            let level = Int(cmark_node_get_heading_level(node))
            if level == 1, firstHeading == nil { firstHeading = content.filter { !$0.style.contains(.hardBreak) }.map(\.text).joined() }
            emit(.heading(level: level), content, node)
        case CMARK_NODE_EMPH: emphasis -= 1
        case CMARK_NODE_STRONG: strong -= 1
        case CMARK_NODE_LINK: _ = links.popLast()
        case CMARK_NODE_IMAGE:
            imageDepth -= 1
            if imageDepth == 0 {
                inlines.append(Inline(imageAlt, style.union(.image), url: imageURL))
            }
        default:
            switch CMark.typeName(node) {
            case "table":
                if let table { emit(.table(table), [], node) }
                table = nil
            case "table_cell":
                let cell = takeInlines()
                if table != nil, !table!.rows.isEmpty { table!.rows[table!.rows.count - 1].append(cell) }
            case "strikethrough":
                strike -= 1
            default:
                break
            }
        }
    }

    /// libcmark-gfm 0.29.0.gfm.6 (Debian 12) misses task items inside block quotes
    /// (`> - [x] done`) and leaves "[x] " as text, where GitHub shows a box. When a
    /// quoted bullet item's first paragraph starts so, it is taken as the task it is.
    mutating func recognizeTaskInQuote(_ content: inout [Inline]) {
        guard pendingMarker == .bullet, let first = content.first, first.style.isEmpty, first.url == nil else { return }
        let text = first.text
        for (prefix, checked) in [("[ ]", false), ("[x]", true), ("[X]", true)] where text.hasPrefix(prefix) {
            let rest = text.dropFirst(prefix.count)
            guard rest.isEmpty || rest.first == " " else { return }
            pendingMarker = .task(checked: checked)
            content[0].text = String(rest.dropFirst())
            if content[0].text.isEmpty { content.removeFirst() }
            return
        }
    }

    /// Footnotes are numbered in order of first reference, as GitHub does.
    mutating func footnoteNumber(_ label: String) -> Int {
        if let known = footnoteNumbers[label] { return known }
        let number = footnoteNumbers.count + 1
        footnoteNumbers[label] = number
        return number
    }

    mutating func emit(_ kind: Block.Kind, _ content: [Inline], _ node: OpaquePointer) {
        emit(Block(kind: kind, inlines: content), node)
    }

    /// Places `html` (a block from an HTML fragment, its depths relative to the fragment,
    /// its line absolute; or a new block with line 0) at the walk's depth.
    mutating func emit(_ html: Block, _ node: OpaquePointer) {
        let line = html.line > 0 ? html.line : Int(cmark_node_get_start_line(node))
        var block = html
        block.quoteDepth += quoteDepth
        block.listDepth += lists.count + footnoteDepth
        block.marker = html.marker ?? pendingMarker
        block.tight = pendingMarker != nil && pendingTight
        block.line = line > 0 ? line + lineOffset : 0
        if block.alignment == .left, let container = containerAlignment.last { block.alignment = container }
        if let callout = callouts.last, callout.depth == block.quoteDepth { block.callout = callout.kind }
        if block.marker == nil, let last = blocks.last, last.listDepth == block.listDepth, block.listDepth > 0,
           lists.last?.tight == true, last.quoteDepth == block.quoteDepth {
            // A tight item's second block (a sub-list's text, say) stays close too.
            block.tight = true
        }
        pendingMarker = nil
        pendingTight = false
        blocks.append(block)
    }
}
