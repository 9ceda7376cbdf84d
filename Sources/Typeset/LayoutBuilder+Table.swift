import Raster

/// GFM tables: columns sized from their content, cells that wrap, the header row in
/// bold over a rule, each column aligned as its delimiter row says. No column is
/// narrower than its longest word (cells are not hyphenated); a table that fits the
/// text column sits in it, a wider one is centred on the content width, and one wider
/// than that keeps its width and pans sideways (`WideTable`). A right-to-left table is
/// mirrored: its first column at the right, the table against the column's right edge,
/// a wide one showing its right edge first.
extension LayoutBuilder {
    /// A table shows at most this many body rows; the rest are counted in a muted line.
    /// Every cell is a paragraph of its own (shaped and broken), so a generated table of
    /// 120,000 rows took 4.8 s to lay out; nobody reads past a thousand rows on a kiosk.
    static let maximumTableRows = 1000

    /// Returns the first baseline (the header's). `x` and `width` are the text column's.
    mutating func addTable(_ full: Table, x column: Double, width: Double, color: PaletteColor) -> Int? {
        var table = full
        let omitted = max(0, full.rows.count - 1 - Self.maximumTableRows)
        if omitted > 0 { table.rows = Array(full.rows.prefix(Self.maximumTableRows + 1)) }
        let columns = max(table.alignments.count, table.rows.map(\.count).max() ?? 0)
        guard columns > 0, !table.rows.isEmpty else { return nil }
        let padding = (em * 0.4).rounded()
        // The content width, less the column's indent (quotes, lists) on both sides.
        let indent = max(0, column - bodyLeft)
        let room = max(width, contentWidth - 2 * indent)
        let innerWidth = max(room - Double(columns) * 2 * padding, Double(columns))
        let savedLanguage = language
        language = nil  // words in cells are never hyphenated: columns fit their longest word
        defer { language = savedLanguage }
        let header = TextAttributes(variant: .bold, color: color), body = TextAttributes(color: color)
        var natural = [Double](repeating: 0, count: columns), minimum = [Double](repeating: 0, count: columns)
        for (r, row) in table.rows.enumerated() {
            for (c, cell) in row.enumerated() where c < columns {
                let measured = measure(cell, base: r == 0 ? header : body)
                natural[c] = max(natural[c], measured.natural)
                minimum[c] = max(minimum[c], measured.minimum)
            }
        }
        let widths = Self.columnWidths(natural: natural, minimum: minimum, available: innerWidth)
        let tableWidth = widths.reduce(0, +) + Double(columns) * 2 * padding
        let roomLeft = contentLeft + indent
        let rightToLeft = blockDirection == .rightToLeft
        let x = tableWidth <= width ? (rightToLeft ? column + width - tableWidth : column)
            : max(roomLeft, (contentLeft + (contentWidth - tableWidth) / 2).rounded())
        let start = (lines: lines.count, rects: rects.count, images: images.count, top: y)
        var firstBaseline: Int?
        let thin = max(1, Int((em / 24).rounded())), thick = max(2, Int((em / 10).rounded()))
        for (r, row) in table.rows.enumerated() {
            let rowTop = y
            let firstLine = lines.count
            var cells: [PlacedCell] = []
            var cellX = x
            // Right to left, column c starts where the columns before it end, from the right.
            var cellRight = x + tableWidth
            for c in 0..<columns {
                if rightToLeft {
                    cellRight -= widths[c] + 2 * padding
                    cellX = cellRight
                }
                y = rowTop + (em * 0.2).rounded()
                let alignment = c < table.alignments.count ? table.alignments[c] : .left
                let cell = c < row.count ? row[c] : []
                let start = (lines.count, rects.count, images.count)
                let baseline = addParagraph(cell, base: r == 0 ? header : body, x: cellX + padding, width: widths[c], alignment: alignment)
                cells.append(PlacedCell(lines: start.0..<lines.count, rects: start.1..<rects.count, images: start.2..<images.count,
                                        baseline: baseline, bottom: y))
                cellX += widths[c] + 2 * padding
            }
            if rightToLeft { cellX = x + tableWidth }
            let bottom = alignBaselines(cells, rowTop: rowTop)
            if r == 0, firstBaseline == nil { firstBaseline = cells.compactMap(\.baseline).max() }
            y = bottom + (em * 0.2).rounded()
            // Cells were laid out one after another; lines must be in y order for drawing.
            lines[firstLine...].sort { ($0.top, $0.bottom) < ($1.top, $1.bottom) }
            let ruleWidth = Int((cellX - x).rounded())
            if r == 0 {
                rects.append(.init(rect: IntRect(x: Int(x), y: Int(y), width: ruleWidth, height: thick), color: color))
                y += Double(thick)
            } else if r < table.rows.count - 1 {
                rects.append(.init(rect: IntRect(x: Int(x), y: Int(y), width: ruleWidth, height: thin), color: .muted))
                y += Double(thin)
            }
        }
        if tableWidth > room + 1 {
            // Wider than the screen: it keeps its columns and pans inside a window.
            let pan = Int16(clamping: wideTables.count)
            for i in start.lines..<lines.count { lines[i].pan = pan }
            for i in start.rects..<rects.count { rects[i].pan = pan }
            for i in start.images..<images.count { images[i].pan = pan }
            let top = Int(start.top), bottom = Int(y.rounded(.up))
            wideTables.append(WideTable(frame: IntRect(x: Int(x), y: top, width: Int(tableWidth.rounded(.up)), height: bottom - top),
                                        window: IntRect(x: Int(roomLeft), y: top, width: Int(room), height: bottom - top),
                                        rightToLeft: rightToLeft))
        }
        if omitted > 0 {
            let note = "… and \(omitted) more rows: a table shows at most \(Self.maximumTableRows) rows; split it across pages"
            y += (em * 0.3).rounded()
            _ = addParagraph([Inline(note)], base: TextAttributes(variant: .italic, color: .muted), x: x, width: width)
        }
        return firstBaseline
    }

    /// What one cell of a row placed: index ranges into the builder's arrays.
    private struct PlacedCell {
        var lines: Range<Int>, rects: Range<Int>, images: Range<Int>
        var baseline: Int?
        var bottom: Double
    }

    /// Moves each cell of a row down so all first lines share one baseline (a cell whose
    /// first line is in a taller fallback font, CJK say, would otherwise sit lower than
    /// its neighbours); returns the row's new bottom.
    private mutating func alignBaselines(_ cells: [PlacedCell], rowTop: Double) -> Double {
        let target = cells.compactMap(\.baseline).max()
        var bottom = rowTop
        for cell in cells {
            let shift = target.flatMap { t in cell.baseline.map { t - $0 } } ?? 0
            if shift > 0 {
                let d = Int32(shift)
                for i in cell.lines { lines[i].top += d; lines[i].bottom += d; lines[i].baseline += d }
                for i in cell.rects { rects[i].rect = rects[i].rect.offsetBy(dx: 0, dy: shift) }
                for i in cell.images { images[i].rect = images[i].rect.offsetBy(dx: 0, dy: shift) }
            }
            bottom = max(bottom, cell.bottom + Double(shift))
        }
        return bottom
    }

    /// Widths for columns whose content wants `natural` on one line and can wrap down to
    /// `minimum` (its longest word): all natural if they fit; else each gets its minimum
    /// and the rest is shared in proportion to how much more it wants (as browsers do);
    /// if even the minimums do not fit, the space is shared by them (long words split).
    static func columnWidths(natural: [Double], minimum: [Double], available: Double) -> [Double] {
        let wanted = natural.reduce(0, +), least = minimum.reduce(0, +)
        if wanted <= available { return natural.map { $0.rounded(.up) } }
        // Never below the longest word: the table grows wider than the room and pans.
        if least >= available { return minimum.map { $0.rounded(.up) } }
        let spare = available - least, stretch = wanted - least
        return zip(natural, minimum).map { n, m in max(m.rounded(.up), (m + (n - m) / stretch * spare).rounded(.down)) }
    }

    /// A cell's width on one line, and its widest piece that cannot be broken.
    private func measure(_ inlines: [Inline], base: TextAttributes) -> (natural: Double, minimum: Double) {
        var text = ParagraphText()
        for inline in inlines where !inline.style.contains(.hardBreak) {
            text.append(inline.style.contains(.image) ? altText(inline.text, path: inline.url ?? "").text : inline.text,
                        attributes(of: inline.style, base: base))
        }
        guard !text.isEmpty else { return (0, 0) }
        // Shaped as the cell will be (each run in its own direction): Arabic shaped left to
        // right joins the wrong neighbours, its widths differ, and a cell measured so
        // wrapped inside the width measured for it.
        text.resolveBidi(blockDirection)
        let shaped = typesetter.shaper.shape(text)
        var natural = 0.0, minimum = 0.0, piece = 0.0, trailing = 0.0
        var g = 0
        for offset in CodeBreaks.opportunities(in: text) {
            piece = 0
            trailing = 0
            while g < shaped.count, Int(shaped[g].cluster) < offset {
                let advance = Double(shaped[g].advance)
                piece += advance
                trailing = text.isWhitespace[Int(shaped[g].cluster)] ? trailing + advance : 0
                g += 1
            }
            natural += piece
            minimum = max(minimum, piece - trailing)
        }
        return (natural - trailing, minimum)
    }
}
