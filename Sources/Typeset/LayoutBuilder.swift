import Foundation
import Raster
import TextFile
import Video

/// Turns a document's blocks into a `PageLayout`, top to bottom: each block is shaped,
/// broken into lines that fit its width (indented for lists and quotes) and stacked
/// with paragraph spacing between blocks. Paragraph and line placement is in
/// LayoutBuilder+Paragraph.swift, tables in LayoutBuilder+Table.swift, markers and
/// task boxes in LayoutBuilder+Marks.swift.
struct LayoutBuilder {
    let typesetter: Typesetter
    let style: TextStyle
    let width: Int
    let baseDirectory: String?
    let contentLeft: Double
    let contentWidth: Double
    /// The body text's column: at most `style.measure` characters wide, centred in the
    /// content width (ReadingMeasure.swift). Wide blocks may use the whole content width.
    let bodyLeft: Double
    let bodyWidth: Double
    /// The page's language: its dictionary hyphenates long words (nil: none do).
    var language: String?
    /// How paragraphs get their direction (page `dir`, language) and the direction of
    /// the block being laid out (Bidi/).
    var directionPolicy = DirectionPolicy.automatic
    var blockDirection = TextDirection.leftToRight
    var y: Double
    var lines: [PageLayout.Line] = []
    var glyphs: [PageLayout.PlacedGlyph] = []
    var rects: [PageLayout.PlacedRect] = []
    var images: [PlacedImage] = []
    var clips: [PlacedClip] = []
    var blocks: [BlockExtent] = []
    /// Task boxes drawn once per layout and placed wherever a task item is.
    var taskBoxes: [Bool: Image] = [:]
    var previousQuoteDepth = 0
    var previousBottom = 0.0
    var isFirstBlock = true
    /// Links and heading anchors (Links/LayoutLinks.swift).
    var linkRecorder = LinkRecorder()
    /// Tables wider than the content, panned sideways (LayoutBuilder+Table.swift).
    var wideTables: [WideTable] = []
    /// Set while a code block is laid out: its lines get the block's tint, not each span's.
    var inCodeBlock = false
    var previousWasCalloutLabel = false

    /// Nesting deeper than this is drawn at this depth: past a few levels more indent
    /// only squeezes the text, and a file of a million `>` must not draw a million bars.
    static let maxVisibleQuoteDepth = 6
    static let maxVisibleListDepth = 8

    var em: Double { style.size }

    init(typesetter: Typesetter, width: Int, baseDirectory: String?) {
        self.typesetter = typesetter
        style = typesetter.style
        self.width = max(width, 1)
        self.baseDirectory = baseDirectory
        contentLeft = Double(style.margins.left)
        contentWidth = max(Double(width - style.margins.left - style.margins.right), style.size * 4)
        (bodyLeft, bodyWidth) = ReadingMeasure.bodyColumn(left: contentLeft, width: contentWidth,
                                                          measure: typesetter.measureWidth, minimum: style.size * 4)
        y = Double(style.margins.top)
    }

    mutating func add(_ block: Block) {
        if !isFirstBlock {
            let before: Double = if case .heading = block.kind { 1.5 } else if block.tight || previousWasCalloutLabel { 0.25 } else { 1 }
            y += (style.paragraphSpacing * em * before).rounded()
        }
        isFirstBlock = false
        let top = y
        let quoteDepth = min(block.quoteDepth, Self.maxVisibleQuoteDepth)
        let indent = Double(quoteDepth) * em * 1.2 + Double(min(block.listDepth, Self.maxVisibleListDepth)) * em * 1.5
        blockDirection = direction(of: block)
        let rightToLeft = blockDirection == .rightToLeft
        let w = max(bodyWidth - indent, em * 4)
        // Right to left, the indent is on the right: the text ends `indent` short of it.
        let x0 = rightToLeft ? bodyLeft + bodyWidth - indent - w : bodyLeft + indent
        // Headings, tables and code start with the body but may run on to the content's edge.
        let wide = rightToLeft ? max(x0 + w - contentLeft, w) : max(contentLeft + contentWidth - x0, w)
        let wideX = rightToLeft ? x0 + w - wide : x0
        // Quotes are muted; an alert's text is meant to be read, as GitHub sets it.
        let color: PaletteColor = block.quoteDepth > 0 && block.callout == nil ? .muted : .text
        var firstBaseline: Int?
        switch block.kind {
        case let .heading(level):
            let scale = [2.0, 1.5, 1.25, 1.1, 1, 1][min(max(level, 1), 6) - 1]
            firstBaseline = addParagraph(block.inlines, base: TextAttributes(variant: .bold, scale: scale, color: level >= 6 ? .muted : color),
                                         x: block.alignment == .left ? wideX : x0, width: block.alignment == .left ? wide : w, alignment: block.alignment)
        case .paragraph:
            // An alert's label is bold in the alert's colour.
            let base = block.isCalloutLabel ? TextAttributes(variant: .bold, color: block.callout?.paletteColor ?? .accent) : TextAttributes(color: color)
            firstBaseline = addParagraph(block.inlines, base: base, x: x0, width: w, alignment: block.alignment)
        case .code:
            firstBaseline = addCode(block.inlines.map(\.text).joined(), color: color, x: wideX, width: wide)
        case let .image(path, alt):
            if !addImage(path: path, x: x0, width: w, alignment: block.alignment) {
                // The alt text stands in for an image that cannot be shown.
                firstBaseline = addParagraph([altText(alt, path: path)], base: TextAttributes(color: .muted), x: x0, width: w)
            }
        case let .clip(source):
            if !addClip(source, x: x0, width: w, alignment: block.alignment) {
                // The caption and the reason stand in for a clip that cannot be shown.
                let problem = clipProblem(source)
                let reason = problem.isEmpty ? "" : " (\(problem))"
                firstBaseline = addParagraph([altText(source.caption + reason, path: source.path)], base: TextAttributes(color: .muted), x: x0, width: w)
            }
        case .rule:
            let thickness = max(1, (em / 12).rounded())
            rects.append(.init(rect: IntRect(x: Int(x0), y: Int(y + em / 2), width: Int(w), height: Int(thickness)), color: .muted))
            y += em
        case let .table(table):
            firstBaseline = addTable(table, x: x0, width: w, color: color)
        }
        if let marker = block.marker {
            // An empty item or an image still gets its marker, on a body-text baseline.
            if y == top { y += (em * 1.2 * style.lineSpacing).rounded() }
            // Beside the text's start: left of it, or right of it in right-to-left text.
            addMarker(marker, depth: block.listDepth, baseline: firstBaseline ?? Int(top + em),
                      edge: rightToLeft ? x0 + w + em * 0.4 : x0 - em * 0.4, rightToLeft: rightToLeft)
        }
        addQuoteBars(depth: quoteDepth, top: top, innermost: block.callout?.paletteColor ?? .accent, rightToLeft: rightToLeft)
        previousWasCalloutLabel = block.isCalloutLabel
        previousQuoteDepth = quoteDepth
        previousBottom = y
        blocks.append(BlockExtent(top: Int(top), bottom: Int(y.rounded(.up))))
    }

    func finish() -> PageLayout {
        let height = Int(y.rounded(.up)) + style.margins.bottom
        let layout = PageLayout(width: width, height: height, lines: lines, glyphs: glyphs, rects: rects, images: images,
                                palette: style.palette, store: typesetter.store, pictures: typesetter.pictures, overhang: Int((em * 2.5).rounded(.up)),
                                links: linkRecorder.finish(lines: lines), anchors: linkRecorder.anchors,
                                blocks: blocks, chains: typesetter.openChains, wideTables: wideTables)
        layout.bodyColumn = Int(bodyLeft.rounded())..<Int((bodyLeft + bodyWidth).rounded())
        layout.clips = clips
        return layout
    }

    /// Code keeps its lines (each may still wrap if wider than the page, at spaces and
    /// after "/" only) in the monospace face, on a tinted box; tabs were expanded when
    /// the document was read.
    private mutating func addCode(_ source: String, color: PaletteColor, x: Double, width: Double) -> Int? {
        var first: Int?
        let pad = (em * 0.5).rounded(), top = y.rounded()
        let background = rects.count
        rects.append(.init(rect: .zero, color: .codeBackground))
        y = top + (pad * 0.6).rounded()
        inCodeBlock = true
        for line in TextFile.lines(source) {
            let inline = Inline(line.isEmpty ? " " : TextFile.expandTabs(line), .code)
            let baseline = addParagraph([inline], base: TextAttributes(color: color), x: x + pad, width: max(width - 2 * pad, em))
            if first == nil { first = baseline }
        }
        inCodeBlock = false
        y += (pad * 0.6).rounded()
        rects[background].rect = IntRect(x: Int(x), y: Int(top), width: Int(width), height: Int(y - top))
        return first
    }

    func altText(_ alt: String, path: String) -> Inline {
        Inline(alt.isEmpty ? "[\((path as NSString).lastPathComponent)]" : alt, .emphasis)
    }

    /// Decodes a local image fitted to the text width. False when it cannot be shown
    /// (`lectern check` reports why, through `ImageLoader.problems`).
    /// A picture wider than the body column is centred on the page, up to the whole
    /// content width; a narrower one starts with the text.
    private mutating func addImage(path: String, x: Double, width: Double, alignment: Table.Alignment = .left) -> Bool {
        let room = max(width, contentWidth - (x - bodyLeft))
        guard let image = try? ImageLoader.picture(path: path, relativeTo: baseDirectory, width: Int(room), scale: style.imageScale,
                                                   pictures: typesetter.pictures)
        else { return false }
        let slack = width - Double(image.width)
        let left = slack >= 0 ? x + (alignment == .center ? (slack / 2).rounded() : alignment == .right ? slack : 0)
            : max(contentLeft, contentLeft + ((contentWidth - Double(image.width)) / 2).rounded())
        images.append(PlacedImage(rect: IntRect(x: Int(left), y: Int(y.rounded()), width: image.width, height: image.height), picture: image))
        y = y.rounded() + Double(image.height)
        return true
    }
}
