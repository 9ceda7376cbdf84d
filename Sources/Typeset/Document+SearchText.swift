extension Document {
    /// Everything a reader can read on the page, for the search index: headings,
    /// paragraphs, list items, quotes, code, every table cell (HTML tables included: the
    /// HTML reader makes the same blocks), the alt text of pictures and the captions of
    /// clips, block by block in reading order, one block a line. List markers and task
    /// boxes are left out: they are drawn, not read.
    public var searchText: String {
        var lines: [String] = []
        for block in blocks {
            switch block.kind {
            case let .image(_, alt):
                if !alt.isEmpty { lines.append(alt) }
            case let .clip(clip):
                if !clip.caption.isEmpty { lines.append(clip.caption) }
            case let .table(table):
                for row in table.rows {
                    lines.append(row.map { cell in cell.map(\.text).joined() }.joined(separator: " · "))
                }
            case .rule:
                break
            case .heading, .paragraph, .code:
                let text = block.inlines.map(\.text).joined()
                if !text.isEmpty { lines.append(text) }
            }
        }
        return lines.joined(separator: "\n")
    }
}
