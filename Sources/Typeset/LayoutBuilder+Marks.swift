import Raster

/// What sits beside the text: list markers, task boxes and quote bars.
extension LayoutBuilder {
    /// A list bullet, number or footnote number in the hanging indent on the first line,
    /// ending at `edge` (starting there in right-to-left text, where the indent is on
    /// the right); a task item's box drawn there as a shape.
    mutating func addMarker(_ marker: ListMarker, depth: Int, baseline: Int, edge: Double, rightToLeft: Bool = false) {
        if case let .task(checked) = marker {
            addTaskBox(checked: checked, baseline: baseline, edge: edge, rightToLeft: rightToLeft)
            return
        }
        var text = ParagraphText()
        text.append(marker.text(depth: depth), TextAttributes(color: .muted))
        let shaped = typesetter.shaper.shape(text)
        var pen = rightToLeft ? edge : edge - Double(shaped.reduce(0) { $0 + $1.advance })
        let start = glyphs.count
        for glyph in shaped {
            glyphs.append(.init(x: Float(pen) + glyph.xOffset, glyph: glyph.glyph, face: glyph.face, dy: 0, color: .muted))
            pen += Double(glyph.advance)
        }
        // The marker is its own line at the item's baseline, kept in y order just before
        // the item's first line so the binary search still holds.
        let at = lines.lastIndex(where: { Int($0.baseline) == baseline })
        let host = at.map { lines[$0] } ?? .init(top: Int32(baseline) - Int32(em), bottom: Int32(baseline) + Int32(em / 4),
                                                  baseline: Int32(baseline), glyphStart: 0, glyphEnd: 0)
        let line = PageLayout.Line(top: host.top, bottom: host.bottom, baseline: host.baseline,
                                   glyphStart: Int32(start), glyphEnd: Int32(glyphs.count))
        if let at { lines.insert(line, at: at) } else { lines.append(line) }
    }

    /// A rounded square about the height of a capital letter: an outline when open, filled
    /// in the accent colour with a tick when done.
    private mutating func addTaskBox(checked: Bool, baseline: Int, edge: Double, rightToLeft: Bool) {
        guard let box = taskBox(checked: checked) else { return }
        let x = Int((rightToLeft ? edge : edge - Double(box.width)).rounded())
        images.append(PlacedImage(rect: IntRect(x: x, y: baseline - box.height + Int((em * 0.05).rounded()), width: box.width, height: box.height),
                                  image: box))
    }

    private mutating func taskBox(checked: Bool) -> Image? {
        if let box = taskBoxes[checked] { return box }
        let side = max(8, Int((em * 0.8).rounded()))
        guard let bitmap = try? Bitmap(width: side, height: side) else { return nil }
        let canvas = bitmap.canvas
        let s = Double(side), line = max(1.5, s / 10), radius = s / 6
        if checked {
            canvas.fillRoundedRect(x: 0, y: 0, width: s, height: s, radius: radius, color: style.accentColor)
            canvas.strokePolyline([Point(x: s * 0.24, y: s * 0.52), Point(x: s * 0.43, y: s * 0.72), Point(x: s * 0.77, y: s * 0.3)],
                                  width: line * 1.2, color: .white)
        } else {
            let h = line / 2
            canvas.strokePolyline([Point(x: h, y: h), Point(x: s - h, y: h), Point(x: s - h, y: s - h), Point(x: h, y: s - h), Point(x: h, y: h)],
                                  width: line, color: style.mutedColor)
        }
        let image = Image(bitmap: bitmap)
        taskBoxes[checked] = image
        return image
    }

    /// The innermost bar takes `innermost`'s colour: an alert's, else the accent.
    mutating func addQuoteBars(depth: Int, top: Double, innermost: PaletteColor = .accent, rightToLeft: Bool = false) {
        guard depth > 0 else { return }
        let barWidth = max(2, (em * 0.15).rounded())
        for level in 0..<depth {
            // Consecutive quoted blocks get one continuous bar across the gap.
            let start = level < previousQuoteDepth ? previousBottom : top
            let fromEdge = Double(level) * em * 1.2 + em * 0.2
            let x = rightToLeft ? bodyLeft + bodyWidth - fromEdge - barWidth : bodyLeft + fromEdge
            rects.append(.init(rect: IntRect(x: Int(x), y: Int(start), width: Int(barWidth), height: Int((y - start).rounded())),
                               color: level == depth - 1 ? innermost : .accent))
        }
    }
}
