extension HTMLConverter {
    /// `<table>` with `<tr>` rows of `<th>`/`<td>` cells (in `<thead>`/`<tbody>` or not)
    /// into the table block; the first row is the header, as in GFM. Cells keep their
    /// inline content; blocks inside a cell become lines of it.
    mutating func table(_ node: HTMLNode, depth: Int) {
        guard cellDepth == 0 else {
            siblings(HTMLParser.children(node), depth: depth + 1)
            return
        }
        var rows: [[[Inline]]] = []
        var alignments: [Table.Alignment] = []
        var rowNodes: [HTMLNode] = []
        func collectRows(_ first: HTMLNode?, level: Int) {
            var child = first
            while let current = child {
                if HTMLParser.isElement(current) {
                    let name = HTMLParser.name(current)
                    if name == "tr" { rowNodes.append(current) } else if level < 2, ["thead", "tbody", "tfoot"].contains(name) {
                        collectRows(HTMLParser.children(current), level: level + 1)
                    } else if name == "caption" {
                        // Shown above the table as a paragraph.
                        siblings(HTMLParser.children(current), depth: depth + 1)
                        flush()
                    }
                }
                child = HTMLParser.next(current)
            }
        }
        collectRows(HTMLParser.children(node), level: 0)
        let line = HTMLParser.line(node)
        for rowNode in rowNodes {
            var row: [[Inline]] = []
            var cell = HTMLParser.children(rowNode)
            while let current = cell {
                if HTMLParser.isElement(current), ["td", "th"].contains(HTMLParser.name(current)) {
                    if rows.isEmpty { alignments.append(Self.alignment(of: current) ?? .left) }
                    cellDepth += 1
                    let saved = (inlines, blockLine)
                    inlines = []
                    siblings(HTMLParser.children(current), depth: depth + 2)
                    var content = inlines
                    while let last = content.last, last.style.contains(.hardBreak) || last.text == " " { content.removeLast() }
                    (inlines, blockLine) = saved
                    cellDepth -= 1
                    row.append(content)
                }
                cell = HTMLParser.next(current)
            }
            if !row.isEmpty { rows.append(row) }
        }
        guard !rows.isEmpty else { return }
        let columns = rows.map(\.count).max() ?? 0
        alignments += Array(repeating: .left, count: max(0, columns - alignments.count))
        emit(.table(Table(alignments: alignments, rows: rows)), [], line: line)
    }
}
