import Foundation
import Raster

/// Turns a document's blocks into a `PageLayout`, top to bottom: each block is shaped,
/// broken into lines that fit its width (indented for lists and quotes) and stacked
/// with paragraph spacing between blocks.
struct LayoutBuilder {
    private let typesetter: Typesetter
    private let style: TextStyle
    private let width: Int
    private let baseDirectory: String?
    private let contentLeft: Double
    private let contentWidth: Double
    private var y: Double
    private var lines: [PageLayout.Line] = []
    private var glyphs: [PageLayout.PlacedGlyph] = []
    private var rects: [PageLayout.PlacedRect] = []
    private var images: [PlacedImage] = []
    private var previousQuoteDepth = 0
    private var previousBottom = 0.0
    private var isFirstBlock = true

    private var em: Double { style.size }

    init(typesetter: Typesetter, width: Int, baseDirectory: String?) {
        self.typesetter = typesetter
        style = typesetter.style
        self.width = max(width, 1)
        self.baseDirectory = baseDirectory
        contentLeft = Double(style.margins.left)
        contentWidth = max(Double(width - style.margins.left - style.margins.right), style.size * 4)
        y = Double(style.margins.top)
    }

    mutating func add(_ block: Block) {
        if !isFirstBlock {
            let before: Double = if case .heading = block.kind { 1.5 } else { 1 }
            y += (style.paragraphSpacing * em * before).rounded()
        }
        isFirstBlock = false
        let top = y
        let indent = Double(block.quoteDepth) * em * 1.2 + Double(block.listDepth) * em * 1.5
        let x0 = contentLeft + indent
        let w = max(contentWidth - indent, em * 4)
        let color: PaletteColor = block.quoteDepth > 0 ? .muted : .text
        switch block.kind {
        case let .heading(level):
            let scale = [2.0, 1.5, 1.25][min(max(level, 1), 3) - 1]
            addParagraph(block.inlines, base: TextAttributes(variant: .bold, scale: scale, color: color), x: x0, width: w)
        case .paragraph:
            addParagraph(block.inlines, base: TextAttributes(color: color), x: x0, width: w)
        case let .listItem(marker):
            let baseline = addParagraph(block.inlines, base: TextAttributes(color: color), x: x0, width: w)
            addMarker(marker, baseline: baseline ?? Int(y), rightEdge: x0 - em * 0.4)
        case .code:
            let source = block.inlines.map(\.text).joined()
            for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
                let inline = Inline(line.isEmpty ? " " : String(line), .code)
                addParagraph([inline], base: TextAttributes(color: color), x: x0, width: w)
            }
        case let .image(path, alt):
            if !addImage(path: path, x: x0, width: w) {
                // The alt text stands in for an image that cannot be shown.
                let text = alt.isEmpty ? "[\((path as NSString).lastPathComponent)]" : alt
                addParagraph([Inline(text, .emphasis)], base: TextAttributes(color: .muted), x: x0, width: w)
            }
        case .rule:
            let thickness = max(1, (em / 12).rounded())
            rects.append(.init(rect: IntRect(x: Int(x0), y: Int(y + em / 2), width: Int(w), height: Int(thickness)), color: .muted))
            y += em
        }
        addQuoteBars(depth: block.quoteDepth, top: top)
        previousQuoteDepth = block.quoteDepth
        previousBottom = y
    }

    func finish() -> PageLayout {
        let palette = [style.textColor, style.mutedColor, style.accentColor]
        let height = Int(y.rounded(.up)) + style.margins.bottom
        return PageLayout(width: width, height: height, lines: lines, glyphs: glyphs, rects: rects, images: images,
                          palette: palette, store: typesetter.store, overhang: Int((em * 2.5).rounded(.up)))
    }

    /// Lays out one paragraph at the current y; returns the first line's baseline.
    @discardableResult
    private mutating func addParagraph(_ inlines: [Inline], base: TextAttributes, x: Double, width: Double) -> Int? {
        var text = ParagraphText()
        for inline in inlines { text.append(inline.text, attributes(of: inline.style, base: base)) }
        guard !text.isEmpty else { return nil }
        let shaped = typesetter.shaper.shape(text)
        let fitted = LineFitter(text: text, glyphs: shaped).lines(maxWidth: Float(width), breaks: LineBreaks.opportunities(in: text.utf16))
        let primary = (try? typesetter.chain(base.variant, scale: base.scale))?.primary
        var firstBaseline: Int?
        for line in fitted {
            // Not `firstBaseline ?? addLine(...)`: `??` would skip placing every line after the first.
            let baseline = addLine(shaped[line.glyphs], primaryFace: primary, x: x)
            if firstBaseline == nil { firstBaseline = baseline }
        }
        return firstBaseline
    }

    /// Places one line's glyphs; line height from the largest font on the line.
    private mutating func addLine(_ line: ArraySlice<ShapedGlyph>, primaryFace: Int?, x: Double) -> Int {
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
        for glyph in line {
            glyphs.append(.init(x: Float(pen) + glyph.xOffset, glyph: glyph.glyph, face: glyph.face,
                                dy: Int16(clamping: Int(glyph.yOffset.rounded())), color: glyph.color))
            pen += Double(glyph.advance)
        }
        lines.append(.init(top: Int32(top), bottom: Int32(top + height), baseline: Int32(baseline),
                           glyphStart: Int32(start), glyphEnd: Int32(glyphs.count)))
        y = top + height
        return baseline
    }

    /// A list bullet or number, right-aligned in the hanging indent on the first line.
    private mutating func addMarker(_ marker: String, baseline: Int, rightEdge: Double) {
        var text = ParagraphText()
        text.append(marker, TextAttributes(color: .muted))
        let shaped = typesetter.shaper.shape(text)
        var pen = rightEdge - Double(shaped.reduce(0) { $0 + $1.advance })
        let start = glyphs.count
        for glyph in shaped {
            glyphs.append(.init(x: Float(pen) + glyph.xOffset, glyph: glyph.glyph, face: glyph.face, dy: 0, color: .muted))
            pen += Double(glyph.advance)
        }
        // The marker is its own zero-height line at the item's baseline, kept in y order
        // just before the item's first line so the binary search still holds.
        guard let firstLine = lines.lastIndex(where: { Int($0.baseline) == baseline }) else { return }
        let host = lines[firstLine]
        lines.insert(.init(top: host.top, bottom: host.bottom, baseline: host.baseline,
                           glyphStart: Int32(start), glyphEnd: Int32(glyphs.count)), at: firstLine)
    }

    private mutating func addQuoteBars(depth: Int, top: Double) {
        guard depth > 0 else { return }
        let barWidth = max(2, (em * 0.15).rounded())
        for level in 0..<depth {
            // Consecutive quoted blocks get one continuous bar across the gap.
            let start = level < previousQuoteDepth ? previousBottom : top
            let x = contentLeft + Double(level) * em * 1.2 + em * 0.2
            rects.append(.init(rect: IntRect(x: Int(x), y: Int(start), width: Int(barWidth), height: Int((y - start).rounded())),
                               color: .accent))
        }
    }

    private func attributes(of style: Inline.Style, base: TextAttributes) -> TextAttributes {
        var attributes = base
        let bold = style.contains(.strong) || base.variant == .bold
        let italic = style.contains(.emphasis)
        if style.contains(.code) {
            attributes.variant = .monospace
            attributes.scale = base.scale * 0.9
        } else {
            attributes.variant = bold && italic ? .boldItalic : bold ? .bold : italic ? .italic : .regular
        }
        if style.contains(.link) { attributes.color = .accent }
        return attributes
    }

    /// Decodes a local image fitted to the text width. False when it cannot be shown
    /// (`lectern check` reports why, through `ImageLoader.problems`).
    private mutating func addImage(path: String, x: Double, width: Double) -> Bool {
        guard let image = try? ImageLoader.load(path: path, relativeTo: baseDirectory, width: Int(width), scale: style.imageScale)
        else { return false }
        images.append(PlacedImage(rect: IntRect(x: Int(x), y: Int(y.rounded()), width: image.width, height: image.height), image: image))
        y = y.rounded() + Double(image.height)
        return true
    }
}
