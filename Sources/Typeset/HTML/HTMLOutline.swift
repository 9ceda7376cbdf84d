import CCmark

// MARK: - What `lectern check --outline` says about HTML

extension HTMLFragment {
    /// A block read from HTML, in a few words: "heading 1 "Title"", "image", "table 3×2".
    static func describe(_ block: Block) -> String {
        let align = block.alignment == .left ? "" : " (\(block.alignment))"
        switch block.kind {
        case let .heading(level): return "heading \(level)\(align) " + MarkdownOutline.quoted(block.inlines.map(\.text).joined())
        case .paragraph:
            let images = block.inlines.filter { $0.style.contains(.image) }.count
            let text = block.inlines.filter { !$0.style.contains(.image) }.map(\.text).joined()
            return "paragraph\(align)" + (images > 0 ? " with \(images) image(s)" : "") + (text.isEmpty ? "" : " " + MarkdownOutline.quoted(text))
        case .code: return "code"
        case .image: return "image"
        case let .clip(source): return "clip " + MarkdownOutline.quoted(source.path)
        case .rule: return "rule"
        case let .table(table): return "table \(table.rows.map(\.count).max() ?? 0) column(s) × \(table.rows.count) row(s)"
        }
    }
}

extension MarkdownOutline {
    /// The HTML tags in `node` (an HTML block, or the inline HTML directly in a
    /// paragraph, heading or cell) that are not drawn as themselves, with the line
    /// relative to the node's start.
    static func droppedHTML(in node: OpaquePointer) -> [(line: Int, text: String)] {
        func say(_ tag: String, textKept: Bool) -> String {
            "dropped <\(tag)>" + (textKept ? " (its text is shown)" : " (not shown)")
        }
        if cmark_node_get_type(node) == CMARK_NODE_HTML_BLOCK {
            return HTMLFragment.read(CMark.string(cmark_node_get_literal(node))).dropped.map { ($0.line, say($0.tag, textKept: $0.textKept)) }
        }
        var out: [(line: Int, text: String)] = []
        let start = Int(cmark_node_get_start_line(node))
        var child = cmark_node_first_child(node)
        while let inline = child {
            if cmark_node_get_type(inline) == CMARK_NODE_HTML_INLINE,
               let dropped = HTMLInlineTag.parse(CMark.string(cmark_node_get_literal(inline))).dropped {
                let line = Int(cmark_node_get_start_line(inline))
                out.append((line > 0 && start > 0 ? line - start + 1 : 1, say(dropped.tag, textKept: dropped.textKept)))
            }
            // Tags inside emphasis and links are one level down.
            if let inner = cmark_node_first_child(inline), cmark_node_get_type(inline) != CMARK_NODE_HTML_INLINE {
                var nested = Optional(inner)
                while let n = nested {
                    if cmark_node_get_type(n) == CMARK_NODE_HTML_INLINE, let dropped = HTMLInlineTag.parse(CMark.string(cmark_node_get_literal(n))).dropped {
                        let line = Int(cmark_node_get_start_line(n))
                        out.append((line > 0 && start > 0 ? line - start + 1 : 1, say(dropped.tag, textKept: dropped.textKept)))
                    }
                    nested = cmark_node_next(n)
                }
            }
            child = cmark_node_next(inline)
        }
        return out
    }
}
