import Raster

/// Paragraphs: inline runs shaped, broken into lines, placed, with their decorations.
extension LayoutBuilder {
    /// Lays out one paragraph at the current y; returns the first line's baseline. Hard
    /// breaks start a new line; an inline image that can be shown sits on its own line
    /// at that point (one that cannot shows its alt text in the run of text).
    @discardableResult
    mutating func addParagraph(_ inlines: [Inline], base: TextAttributes, x: Double, width: Double,
                               alignment: Table.Alignment = .left) -> Int? {
        var first: Int?
        var segment: [Inline] = []
        var afterBreak = false
        func flush(_ builder: inout LayoutBuilder) {
            // Two breaks in a row leave an empty line.
            if segment.isEmpty, afterBreak { segment = [Inline(" ")] }
            let baseline = builder.addLines(segment, base: base, x: x, width: width, alignment: alignment)
            if first == nil { first = baseline }
            segment.removeAll()
        }
        for inline in inlines {
            if inline.style.contains(.hardBreak) {
                flush(&self)
                afterBreak = true
            } else if inline.style.contains(.image), let image = loadImage(inline, room: width) {
                afterBreak = false
                flush(&self)
                let slack = max(0, width - Double(image.width))
                let left = x + (alignment == .center ? (slack / 2).rounded() : alignment == .right ? slack : 0)
                images.append(PlacedImage(rect: IntRect(x: Int(left), y: Int(y.rounded()), width: image.width, height: image.height), picture: image))
                y = y.rounded() + Double(image.height)
            } else {
                afterBreak = false
                segment.append(inline.style.contains(.image) ? Inline(altText(inline.text, path: inline.url ?? "").text, .image) : inline)
            }
        }
        flush(&self)
        return first
    }

    /// Shapes, breaks and places one run of inlines with no forced breaks in it.
    private mutating func addLines(_ inlines: [Inline], base: TextAttributes, x: Double, width: Double,
                                   alignment: Table.Alignment) -> Int? {
        var text = paragraphText(inlines, base: base)
        guard !text.isEmpty else { return nil }
        text.resolveBidi(blockDirection)
        var shaper = typesetter.shaper
        shaper.language = language
        let shaped = shaper.shape(text)
        // Right-to-left paragraphs sit against the column's right edge.
        let alignment: Table.Alignment = text.isRightToLeft && alignment == .left ? .right : alignment
        let hyphenation = language.map { LineFitter.Hyphenation(language: $0, faces: typesetter.store.faces) }
        let fitted = LineFitter(text: text, glyphs: shaped, hyphenation: hyphenation)
            .lines(maxWidth: Float(width), breaks: CodeBreaks.opportunities(in: text))
        let primary = (try? typesetter.chain(base.variant, scale: base.scale))?.primary
        var firstBaseline: Int?
        for line in fitted {
            let slack = max(0, width - Double(line.width))
            let offset = alignment == .right ? slack : alignment == .center ? (slack / 2).rounded() : 0
            var placed = line.hyphenated ? withHyphen(shaped[line.glyphs]) : shaped[line.glyphs]
            if text.isRightToLeft { placed = LineOrder.trimmingTrailingSpace(placed, text: text) }
            placed = LineOrder.visual(placed, text: text)
            // Not `firstBaseline ?? addLine(...)`: `??` would skip placing every line after the first.
            let baseline = addLine(placed, contentWidth: Double(line.width), primaryFace: primary, x: x + offset)
            if firstBaseline == nil { firstBaseline = baseline }
        }
        return firstBaseline
    }

    /// A hyphenated line's glyphs and the hyphen, in the last glyph's face and look.
    private func withHyphen(_ line: ArraySlice<ShapedGlyph>) -> ArraySlice<ShapedGlyph> {
        guard let last = line.last, let hyphen = typesetter.store.faces[Int(last.face)].hyphenGlyph else { return line }
        var glyphs = Array(line)
        glyphs.append(ShapedGlyph(face: last.face, glyph: hyphen.glyph, cluster: last.cluster, advance: hyphen.advance,
                                  xOffset: 0, yOffset: 0, color: last.color, decoration: last.decoration))
        return glyphs[...]
    }

    /// Places one line's glyphs; line height from the largest font on the line. Underline
    /// and strikethrough become rectangles under the glyphs they decorate (trailing
    /// white space, past `contentWidth`, is not decorated).
    private mutating func addLine(_ line: ArraySlice<ShapedGlyph>, contentWidth: Double, primaryFace: Int?, x: Double) -> Int {
        let faces = typesetter.store.faces
        var ascent = 0.0, descent = 0.0, natural = 0.0
        var seen = Set<Int32>()
        if let primaryFace { seen.insert(Int32(primaryFace)) }
        for glyph in line { seen.insert(glyph.face) }
        for index in seen {
            let face = faces[Int(index)]
            ascent = max(ascent, face.ascent)
            descent = max(descent, face.descent)
            natural = max(natural, face.lineHeight)
        }
        let height = (natural * style.lineSpacing).rounded()
        let top = y.rounded()
        let baseline = Int(top + ((height - ascent - descent) / 2 + ascent).rounded())
        let start = glyphs.count
        var pen = x
        var run: (start: Double, decoration: Decoration, color: PaletteColor, face: Int32)?
        var linkRun = LinkRun()
        func closeRun(at end: Double, _ builder: inout LayoutBuilder) {
            guard let open = run else { return }
            run = nil
            builder.addDecoration(open.decoration, from: open.start, to: min(end, x + contentWidth), baseline: baseline,
                                  face: faces[Int(open.face)], color: open.color)
        }
        for glyph in line {
            linkRun.step(link: glyph.link, pen: pen, glyph: glyphs.count, into: &linkRecorder)
            if glyph.decoration != run?.decoration || glyph.color != run?.color {
                closeRun(at: pen, &self)
                if !glyph.decoration.isEmpty { run = (pen, glyph.decoration, glyph.color, glyph.face) }
            }
            glyphs.append(.init(x: Float(pen) + glyph.xOffset, glyph: glyph.glyph, face: glyph.face,
                                dy: Int16(clamping: Int(glyph.yOffset.rounded())), color: glyph.color))
            pen += Double(glyph.advance)
        }
        closeRun(at: pen, &self)
        linkRun.close(at: min(pen, x + contentWidth), into: &linkRecorder)
        lines.append(.init(top: Int32(top), bottom: Int32(top + height), baseline: Int32(baseline),
                           glyphStart: Int32(start), glyphEnd: Int32(glyphs.count)))
        y = top + height
        return baseline
    }

    private mutating func addDecoration(_ decoration: Decoration, from start: Double, to end: Double, baseline: Int,
                                        face: FontFace, color: PaletteColor) {
        guard end > start else { return }
        let thickness = max(1, Int((face.lineHeight / 16).rounded()))
        let x = Int(start.rounded()), w = Int(end.rounded()) - Int(start.rounded())
        if decoration.contains(.codeBackground) {
            // From above the ascenders to below the descenders, a little wider than the code.
            let pad = max(1, Int((face.lineHeight * 0.12).rounded()))
            let top = baseline - Int(face.ascent.rounded()) - pad / 2
            rects.append(.init(rect: IntRect(x: x - pad, y: top, width: w + 2 * pad, height: Int((face.ascent + face.descent).rounded()) + pad),
                               color: .codeBackground))
        }
        if decoration.contains(.underline) {
            let gap = max(1, Int((face.descent * 0.35).rounded()))
            rects.append(.init(rect: IntRect(x: x, y: baseline + gap, width: w, height: thickness), color: color))
        }
        if decoration.contains(.strikethrough) {
            // Through the middle of the lower-case letters: about 0.3 of the ascent.
            let middle = baseline - Int((face.ascent * 0.3).rounded())
            rects.append(.init(rect: IntRect(x: x, y: middle - thickness / 2, width: w, height: thickness), color: color))
        }
    }

    func attributes(of style: Inline.Style, base: TextAttributes) -> TextAttributes {
        var attributes = base
        let bold = style.contains(.strong) || base.variant == .bold
        let italic = style.contains(.emphasis) || style.contains(.image)
        if style.contains(.code) {
            attributes.variant = .monospace
            attributes.scale = base.scale * 0.9
            if !inCodeBlock { attributes.decoration.insert(.codeBackground) }
        } else {
            attributes.variant = bold && italic ? .boldItalic : bold ? .bold : italic ? .italic : .regular
        }
        if style.contains(.link) || style.contains(.footnote) { attributes.color = .accent }
        if style.contains(.image) { attributes.color = .muted }
        if style.contains(.link) { attributes.decoration.insert(.underline) }
        if style.contains(.strikethrough) { attributes.decoration.insert(.strikethrough) }
        return attributes
    }
}
