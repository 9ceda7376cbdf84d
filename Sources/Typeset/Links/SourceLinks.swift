import CCmark
import TextFile

/// A link in a content file as written, with the line it is on: what `lectern check`
/// reports (a page link that points nowhere, the web links a page hands out).
public struct SourceLink: Sendable, Equatable {
    public let target: String
    public let text: String
    /// 1-based line in the file (front matter counted).
    public let line: Int

    public init(target: String, text: String, line: Int) {
        self.target = target; self.text = text; self.line = line
    }
}

extension Document {
    /// Every link of a Markdown text, in order, through the same cmark parse as the page.
    public static func links(inMarkdown source: String) -> [SourceLink] {
        let front = FrontMatter(source)
        let (body, skipped) = (front.body, front.lines)
        return CMark.withTree(body) { root in
            var links: [SourceLink] = []
            var open: (target: String, text: String, line: Int)?
            var blockLine = 0
            CMark.walk(root) { node, entering in
                let type = cmark_node_get_type(node)
                let line = Int(cmark_node_get_start_line(node))
                switch (type, entering) {
                case (CMARK_NODE_LINK, true):
                    // Inline nodes may carry no position (autolinks): their block's line then.
                    open = (CMark.string(cmark_node_get_url(node)), "", (line > 0 ? line : blockLine) + skipped)
                case (CMARK_NODE_LINK, false):
                    if let link = open { links.append(SourceLink(target: link.target, text: link.text, line: link.line)) }
                    open = nil
                case (CMARK_NODE_TEXT, _), (CMARK_NODE_CODE, _):
                    open?.text += CMark.string(cmark_node_get_literal(node))
                case (CMARK_NODE_SOFTBREAK, _), (CMARK_NODE_LINEBREAK, _):
                    open?.text += " "
                default:
                    if entering, line > 0, cmark_node_first_child(node) != nil || type == CMARK_NODE_PARAGRAPH {
                        blockLine = line
                    }
                }
            }
            return links
        }
    }

    /// The links of a content file (Markdown; a plain text file has none).
    public static func links(path: String, limit: Int = contentSizeLimit) throws -> [SourceLink] {
        let ext = path.split(separator: ".").last.map { $0.lowercased() } ?? ""
        guard ext == "md" || ext == "markdown" else { return [] }
        do {
            return links(inMarkdown: try TextFile.read(path: path, limit: limit).text)
        } catch {
            let prefix = "\(path): "
            throw LoadError.unreadable(path: path, reason: error.message.hasPrefix(prefix) ? String(error.message.dropFirst(prefix.count)) : error.message)
        }
    }
}
