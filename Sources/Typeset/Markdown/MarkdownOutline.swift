import CCmark

/// `lectern check --outline`: cmark's block tree as text, one block a line, indented by
/// depth, each with the line it starts on (front matter counted), so an author can see
/// why a thing renders as it does. Inline nodes are summarised as the block's text.
enum MarkdownOutline {
    static func outline(_ source: String) -> [String] {
        let front = FrontMatter(source)
        let (title, body, skipped) = (front.title, front.body, front.lines)
        var out: [String] = []
        if skipped > 0 { out.append(line(depth: 0, line: 1, text: "front matter" + (title.map { " title " + quoted($0) } ?? ""))) }
        CMark.withTree(body) { root in
            var depth = 0
            CMark.walk(root) { node, entering in
                guard isBlock(node) else { return }
                guard entering else { depth -= 1; return }
                let start = Int(cmark_node_get_start_line(node))
                out.append(line(depth: depth, line: start > 0 ? start + skipped : 0, text: describe(node)))
                // What HTML in or under this block does not draw as itself, at its line.
                for item in droppedHTML(in: node) {
                    out.append(line(depth: depth + 1, line: start > 0 ? start + skipped + item.line - 1 : 0, text: item.text))
                }
                // Leaf blocks (code, HTML, rules) get no exit event.
                if hasExit(node) { depth += 1 }
            }
        }
        return out
    }

    static func line(depth: Int, line: Int, text: String) -> String {
        let number = String(line)
        return String(repeating: " ", count: max(0, 4 - number.count)) + number + " " + String(repeating: "  ", count: depth) + text
    }

    /// At most 48 characters of `text`, in quotes, on one line.
    static func quoted(_ text: String) -> String {
        let flat = text.map { $0.isNewline ? " " : $0 }
        return "\"" + (flat.count > 48 ? String(flat.prefix(47)) + "…" : String(flat)) + "\""
    }

    private static func isBlock(_ node: OpaquePointer) -> Bool {
        let type = cmark_node_get_type(node).rawValue
        let mask = UInt32(CMARK_NODE_TYPE_MASK)
        if type & mask == UInt32(CMARK_NODE_TYPE_BLOCK) { return true }
        // GFM table rows and cells are registered as inline-free containers; show them too.
        return ["table_header", "table_row", "table_cell"].contains(CMark.typeName(node))
    }

    private static func hasExit(_ node: OpaquePointer) -> Bool {
        let type = cmark_node_get_type(node)
        return ![CMARK_NODE_CODE_BLOCK, CMARK_NODE_HTML_BLOCK, CMARK_NODE_THEMATIC_BREAK].contains(type)
    }

    private static func describe(_ node: OpaquePointer) -> String {
        let name = CMark.typeName(node)
        switch cmark_node_get_type(node) {
        case CMARK_NODE_HEADING:
            return "heading level \(cmark_node_get_heading_level(node)) " + quoted(plainText(node))
        case CMARK_NODE_LIST:
            let ordered = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
            let tight = cmark_node_get_list_tight(node) != 0 ? "tight" : "loose"
            return ordered ? "list ordered from \(cmark_node_get_list_start(node)), \(tight)" : "list bullet, \(tight)"
        case CMARK_NODE_ITEM where name == "tasklist":
            return "task item " + (cmark_gfm_extensions_get_tasklist_item_checked(node) ? "[checked]" : "[unchecked]")
        case CMARK_NODE_CODE_BLOCK:
            let info = CMark.string(cmark_node_get_fence_info(node))
            let lines = CMark.string(cmark_node_get_literal(node)).filter { $0 == "\n" }.count
            var length: Int32 = 0, offset: Int32 = 0, character: CChar = 0  // cmark writes all three
            let fenced = cmark_node_get_fenced(node, &length, &offset, &character) != 0
            return "code block \(fenced ? "fenced" : "indented")\(info.isEmpty ? "" : " " + quoted(info)), \(lines) line(s)"
        case CMARK_NODE_HTML_BLOCK:
            let fragment = HTMLFragment.read(CMark.string(cmark_node_get_literal(node)))
            let shown = fragment.blocks.map(HTMLFragment.describe).joined(separator: ", ")
            if let alignment = fragment.opensAlignment { return "html block: opens \(alignment)-aligned content" }
            if fragment.onlyClosesTags { return "html block: closes tags" }
            return "html block: " + (shown.isEmpty ? "nothing shown" : shown)
        case CMARK_NODE_PARAGRAPH:
            return "paragraph " + quoted(plainText(node))
        case CMARK_NODE_FOOTNOTE_DEFINITION:
            return "footnote definition"
        default:
            if name == "table" {
                let count = Int(cmark_gfm_extensions_get_table_columns(node))
                let raw = cmark_gfm_extensions_get_table_alignments(node)
                let alignments = (0..<count).map { i -> String in
                    switch raw.map({ UInt8($0[i]) }) {
                    case UInt8(ascii: "c"): return "center"
                    case UInt8(ascii: "r"): return "right"
                    case UInt8(ascii: "l"): return "left"
                    default: return "none"
                    }
                }
                return "table \(count) column(s): \(alignments.joined(separator: ", "))"
            }
            if name == "table_cell" { return "table cell " + quoted(plainText(node)) }
            return name.replacingOccurrences(of: "_", with: " ")
        }
    }

    /// The text of a node's inline descendants (code spans and alt text included).
    private static func plainText(_ node: OpaquePointer) -> String {
        var text = ""
        let iterator = cmark_iter_new(node)!
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let child = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(child) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE: text += CMark.string(cmark_node_get_literal(child))
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: text += " "
            default: break
            }
            if text.count > 64 { break }
        }
        return text
    }
}
