import Foundation
import Raster
import Typeset

/// Page text through the typesetter: documents loaded once, laid out once per width,
/// drawn a visible band at a time. A page whose file cannot be read shows what is
/// wrong instead of its text (and the error is logged once), so one bad file never
/// takes the kiosk down.
public final class TypesetContent: PageContent {
    public let typesetter: Typesetter
    private let config: KioskConfig
    private let scale: Double
    private var documents: [Document?]
    /// Whether each page has a clip, known once its document is read (`hasClips`).
    var clipPages: [Bool?]
    /// Whether each page has an animated picture, known once it is laid out (`hasAnimations`).
    var animatedPages: [Bool?]
    private var layouts: [Int: PageLayout] = [:]
    /// Layouts at the current text zoom when it is not 1 (dropped when it changes; the
    /// default size's stay, as the visitor after the next one will want them).
    private var zoomedLayouts: [Int: PageLayout] = [:]
    private var labelSetters: [Int: Typesetter] = [:]
    private var labelCache: [LabelKey: LabelMask] = [:]
    public private(set) var problems: [String] = []
    /// The PDF pages (`content = "….pdf"`), nil when there are none: drawn from poppler's
    /// bitmaps, everything else here is for Markdown and text.
    public let pdf: PDFContent?
    /// The screen the kiosk is laid out for: where pictures are decoded ahead (`RowsOnScreen`).
    private let screen: ScreenSize

    /// The visitor's text zoom (pinch): layouts use `sized[bodySize]`; 1 is `typesetter`.
    public private(set) var textZoom = 1.0
    private var sized: [Int: Typesetter] = [:]

    /// - Parameters:
    ///   - bodySize: body text in device px (ReadingSize); nil: the configured size ×
    ///     `scale`, or 20 logical px when none is configured.
    ///   - screen: the screen the kiosk is laid out for (the scene's), read by PDF pages
    ///     and for the pictures decoded ahead.
    public init(config: KioskConfig, scale: Double, bodySize: Double? = nil, screen: ScreenSize) throws {
        self.config = config
        self.screen = screen
        self.scale = scale
        pdf = config.pages.contains(where: \.isPDF) ? PDFContent(config: config, scale: scale, screen: screen) : nil
        var style = Self.style(config: config, size: bodySize ?? (config.text.size ?? 20) * scale)
        style.imageScale = scale
        do {
            typesetter = try Typesetter(style: style)
            // One font that cannot be used is left out; the others keep serving.
            for problem in typesetter.fontProblems {
                Log.error("\(problem); the other fonts are used without it")
                problems.append(problem)
            }
        } catch {
            // A configured font that cannot be opened must not leave the screen empty:
            // say which, and show the pages in the system's default fonts.
            let message = "\(error); showing the pages in the default fonts (\(TextStyle.defaultFontPaths.joined(separator: ", ")))"
            Log.error(message)
            problems.append(message)
            var fallback = style
            fallback.fontPaths = TextStyle.defaultFontPaths
            typesetter = try Typesetter(style: fallback)
        }
        documents = Array(repeating: nil, count: config.pages.count)
        clipPages = Array(repeating: nil, count: config.pages.count)
        animatedPages = Array(repeating: nil, count: config.pages.count)
        pdf?.zoom = { [unowned self] in textZoom }
        pdf?.baseMeasure = { [unowned self] in typesetter.measureWidth }
    }

    static func style(config: KioskConfig, size: Double) -> TextStyle {
        var fonts = config.text.fonts
        for fallback in TextStyle.defaultFontPaths where !fonts.contains(fallback) { fonts.append(fallback) }
        var style = TextStyle(fontPaths: fonts, size: size)
        style.textColor = config.theme.text
        style.mutedColor = config.theme.muted
        style.accentColor = config.theme.accent
        style.backgroundColor = config.theme.background
        style.codeBackgroundColor = config.theme.codeBackground
        style.margins = .init(all: 0)
        style.measure = config.text.measure > 0 ? config.text.measure : nil
        style.language = config.text.language
        return style
    }

    /// The parsed document of page `i` (loaded on first use).
    public func document(_ i: Int) -> Document {
        if let d = documents[i] { return d }
        let d: Document
        if config.pages[i].isPDF {
            // Poppler shows it (`pdf`); the reading hooks see an empty text.
            documents[i] = .markdown("")
            return documents[i]!
        }
        switch config.pages[i].source {
        case let .builtIn(markdown):
            d = .markdown(markdown)
        case let .file(path):
            do {
                var loaded = try Document.load(path: path)
                // The [[page]]'s lang and dir stand in for front matter that names none.
                loaded.language = loaded.language ?? config.pages[i].language
                loaded.direction = loaded.direction ?? config.pages[i].direction
                d = loaded
            } catch {
                let message = "\(error)"
                problems.append(message)
                Log.error(message)
                d = .markdown("# \(config.pages[i].title)\n\nThis page cannot be shown: \(message)")
            }
        }
        documents[i] = d
        return d
    }

    /// Forgets every layout (a hyphenation dictionary arrived): pages are laid out again
    /// on their next use.
    public func dropLayouts() {
        layouts.removeAll()
        zoomedLayouts.removeAll()
        typesetter.forgetLayouts()
        for setter in sized.values { setter.forgetLayouts() }
    }

    /// The typesetter at the current text zoom.
    var current: Typesetter { textZoom == 1 ? typesetter : sized[Int((typesetter.style.size * textZoom).rounded())] ?? typesetter }

    /// Sets the text zoom, rounded so the body size is whole px within `range` of the
    /// base size; returns the zoom in effect. Layouts at the new size are made on demand.
    @discardableResult
    public func setTextZoom(_ zoom: Double, range: ClosedRange<Double>) -> Double {
        let base = typesetter.style.size
        let low = (base * range.lowerBound).rounded(.up), high = (base * range.upperBound).rounded(.down)
        let size = zoom == 1 ? base : min(max((base * zoom).rounded(), low), high)
        let effective = size == base ? 1 : size / base
        guard effective != textZoom else { return textZoom }
        if effective != 1, sized[Int(size)] == nil {
            // The same fonts at another size: the files opened once, so nothing new can fail
            // to open; should it anyway, the text stays at the size it has. Only the size in
            // use is kept: the faces of the one before close with it (FontStore.release).
            guard let resized = try? Typesetter(resizing: typesetter, size: size) else { return textZoom }
            sized = [Int(size): resized]
        } else if effective == 1 {
            sized.removeAll()
        }
        textZoom = effective
        zoomedLayouts.removeAll()
        return textZoom
    }

    /// The body measure in device px at the current zoom (nil: unlimited).
    public var measureWidth: Double? { current.measureWidth }

    /// The layout of `page` at `width` at the current zoom (laid out on first use).
    public func pageLayout(page: Int, width: Double) -> PageLayout { layout(page: page, width: width) }

    func layout(page: Int, width: Double) -> PageLayout {
        let w = Int(width.rounded())
        if textZoom != 1 {
            if let l = zoomedLayouts[page], l.width == w { return l }
            let l = current.layout(document(page), width: w)
            zoomedLayouts[page] = l
            return l
        }
        if let l = layouts[page], l.width == w { return l }
        let l = current.layout(document(page), width: w)
        layouts[page] = l
        return l
    }

    public func height(page: Int, width: Double) -> Double {
        if let pdf, pdf.isPDF(page) { return pdf.height(page: page, width: width) }
        return Double(layout(page: page, width: width).height)
    }

    public func draw(page: Int, width: Double, into canvas: Canvas, originX: Int, originY: Int, clip: IntRect) {
        draw(page: page, width: width, into: canvas, originX: originX, originY: originY, clip: clip, tableOffsets: [])
    }

    public func draw(page: Int, width: Double, into canvas: Canvas, originX: Int, originY: Int, clip: IntRect, tableOffsets: [Int]) {
        if let pdf, pdf.isPDF(page) {
            return pdf.draw(page: page, width: width, into: canvas, originX: originX, originY: originY, clip: clip, labels: self)
        }
        layout(page: page, width: width).draw(into: canvas, originX: originX, originY: originY, clip: clip, tableOffsets: tableOffsets,
                                              onScreen: RowsOnScreen(height: Int(screen.height)))
    }

    /// Where the rows of pictures that arrived (`DecodedPictures.takeArrivedRows`) are on
    /// `page` laid out `width` wide, in layout coordinates (none on a PDF page).
    public func rects(showing rows: [ObjectIdentifier: [Range<Int>]], page: Int, width: Double) -> [IntRect] {
        if let pdf, pdf.isPDF(page) { return [] }
        return layout(page: page, width: width).rects(showing: rows)
    }

    public func drawsInParts(page: Int, width: Double, originX: Int, originY: Int, clip: IntRect) -> Bool {
        if let pdf, pdf.isPDF(page) { return true }
        return layout(page: page, width: width).drawsInParts(originX: originX, originY: originY, clip: clip)
    }

    public func opaqueCover(page: Int, width: Double, originX: Int, originY: Int, clip: IntRect) -> [IntRect] {
        if let pdf, pdf.isPDF(page) { return pdf.opaqueCover(page: page, width: width, originX: originX, originY: originY, clip: clip) }
        return layout(page: page, width: width).opaqueCover(originX: originX, originY: originY, clip: clip)
    }

    // MARK: Labels

    private struct LabelKey: Hashable { let text: String; let size: Int }
    private struct LabelMask { let coverage: [UInt8]; let width: Int; let height: Int }

    @discardableResult
    public func drawLabel(_ text: String, size: Double, color: Color, centerX: Int, centerY: Int, into canvas: Canvas) -> IntRect {
        guard let mask = labelMask(text, size: Int(size.rounded())), mask.width > 0 else { return .zero }
        let rect = Self.labelRect(mask, centerX: centerX, centerY: centerY)
        mask.coverage.withUnsafeBufferPointer { buffer in
            canvas.drawMask(buffer.baseAddress!, width: mask.width, height: mask.height, stride: mask.width,
                            x: rect.x, y: rect.y, color: color)
        }
        return rect
    }

    public func labelBounds(_ text: String, size: Double, centerX: Int, centerY: Int) -> IntRect {
        guard let mask = labelMask(text, size: Int(size.rounded())), mask.width > 0 else { return .zero }
        return Self.labelRect(mask, centerX: centerX, centerY: centerY)
    }

    private static func labelRect(_ mask: LabelMask, centerX: Int, centerY: Int) -> IntRect {
        IntRect(x: centerX - mask.width / 2, y: centerY - mask.height / 2, width: mask.width, height: mask.height)
    }

    /// The label's ink as a coverage mask, cropped to its bounds (drawn once, cached):
    /// this centres text by what is actually drawn.
    private func labelMask(_ text: String, size: Int) -> LabelMask? {
        let key = LabelKey(text: text, size: size)
        if let cached = labelCache[key] { return cached }
        guard size >= 4 else { return nil }
        if labelSetters[size] == nil {
            var style = Self.style(config: config, size: Double(size))
            style.textColor = .white
            labelSetters[size] = try? Typesetter(style: style)
        }
        guard let setter = labelSetters[size] else { return nil }
        // At least the typesetter's narrowest content width (4 em): a right-to-left label
        // is set against the right of that width, and was cut off past a narrower scratch
        // (a Hebrew title's one-letter ring item drew nothing).
        let width = max(16, size * (text.count + 2), size * 4)
        let layout = setter.layout(.plainText(text), width: width)
        guard let scratch = try? Bitmap(width: width, height: max(1, layout.height + size)) else { return nil }
        let c = scratch.canvas
        c.fill(c.bounds, color: .black)
        layout.draw(into: c, originX: 0, originY: size / 2, clip: c.bounds)
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<c.height {
            let row = c.row(y)
            for x in 0..<c.width where row[x] & 0xFF00 != 0 {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard maxX >= minX, maxY >= minY else {
            labelCache[key] = LabelMask(coverage: [], width: 0, height: 0)
            return labelCache[key]
        }
        let w = maxX - minX + 1, h = maxY - minY + 1
        var coverage = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h {
            let row = c.row(minY + y)
            for x in 0..<w { coverage[y * w + x] = UInt8((row[minX + x] >> 8) & 0xFF) }
        }
        let mask = LabelMask(coverage: coverage, width: w, height: h)
        labelCache[key] = mask
        return mask
    }
}
