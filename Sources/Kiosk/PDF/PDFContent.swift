import Foundation
import PDFPages
import Raster
import Typeset

/// The PDF pages of a kiosk: each document's sheets stacked under each other at the
/// reading (or screen) width, drawn from bitmaps that poppler renders in its sandboxed
/// process off the frame loop. A sheet not rendered yet is a grey box of its size with
/// "Loading page N…"; one that cannot be rendered says so (and the log names the file
/// and page). Only the sheets drawn lately stay decoded (`ImageCache`, bounded bytes).
public final class PDFContent {
    let config: KioskConfig
    public let queue: PDFRenderQueue
    /// The screen the kiosk is laid out for (its width for `pdf_width = "screen"`).
    let screen: ScreenSize
    private var screenWidth: Double { screen.width }
    let scale: Double
    private var documents: [Int: DocumentState] = [:]
    private var images: ImageCache
    private var stacks: [StackKey: PDFPageStack] = [:]
    /// Sheets that failed, by (config page, sheet from 1, width rendered at): their reason.
    /// By width, so a sheet that failed at one zoom (too big, too slow) is tried again at
    /// another, but never again at the same (no retry loop).
    private var failures: [SheetKey: String] = [:]
    /// The gap between sheets, logical px.
    static let gap = 12.0
    /// The visitor's zoom (the text zoom, whose owner is `TypesetContent`): sheets are
    /// rendered at their width × this, so a pinch shows poppler's pixels at the new size,
    /// not a blown-up bitmap. Idle going home sets the text zoom, so this, back to 1.
    var zoom: () -> Double = { 1 }
    /// The body measure at zoom 1 (device px, nil: unlimited). The text area widens with
    /// the text zoom when a measure is set; the sheets' own size must not, or they would
    /// grow twice.
    var baseMeasure: () -> Double? = { nil }
    /// How far a zoomed sheet is moved left (device px of the zoomed sheet), so a
    /// two-finger pan reaches its right side; clamped to the sheet when drawn.
    public internal(set) var panX = 0.0

    enum DocumentState {
        case loading
        case failed(String)
        case ready(PDFTools.Opened)
    }

    private struct StackKey: Hashable { let page: Int; let width: Int }
    struct SheetKey: Hashable { let page: Int; let sheet: Int; let width: Int }

    public init(config: KioskConfig, scale: Double, screen: ScreenSize, queue: PDFRenderQueue? = nil,
                memoryBudget: Int = 96 << 20) {
        self.config = config
        self.scale = scale
        self.screen = screen
        self.queue = queue ?? PDFRenderQueue.shared
        images = ImageCache(budget: memoryBudget)
    }

    public func isPDF(_ page: Int) -> Bool { config.pages.indices.contains(page) && config.pages[page].isPDF }

    func path(_ page: Int) -> String {
        if case let .file(path) = config.pages[page].source { return path }
        return ""
    }

    /// The document of `page`, asking for it on first use.
    func state(_ page: Int) -> DocumentState {
        if let state = documents[page] { return state }
        documents[page] = .loading
        queue.request(.open(path: path(page)))
        return .loading
    }

    /// What finished work changed: page heights (a document opened or failed: lay out
    /// again) and pixels (a sheet arrived or failed: redraw).
    public struct Change: Equatable, Sendable {
        public var heights = false
        public var pixels = false
    }

    /// Takes what the renderers finished (never waits).
    @discardableResult
    public func collect() -> Change {
        var change = Change()
        for (job, outcome) in queue.collect() {
            switch (job, outcome) {
            case let (.open(path), .opened(opened)):
                for page in pagesShowing(path) {
                    documents[page] = .ready(opened)
                    if opened.info.pageCount > opened.info.pages.count {
                        Log.warning("PDF \(path): showing the first \(opened.info.pages.count) of \(opened.info.pageCount) pages (the limit)")
                    }
                    if let problem = opened.textProblem { Log.warning("PDF \(path): no links or text: \(problem)") }
                    if let problem = opened.annotationProblem {
                        Log.warning("PDF \(path): links on pictures and drawings not read: \(problem)")
                    }
                }
                Log.info("PDF \(path): \(opened.info.pageCount) pages; renderer sandbox: \(opened.sandbox)")
                stacks.removeAll()
                change.heights = true
            case let (.open(path), .failed(reason)):
                for page in pagesShowing(path) { documents[page] = .failed(reason) }
                Log.error("PDF \(path): cannot be shown: \(reason); showing a placeholder")
                change.heights = true
            case let (.render(path, hash, sheet, width), .rendered(image)):
                images.insert(image, for: .init(hash: hash, sheet: sheet, width: width))
                _ = path
                change.pixels = true
            case let (.render(path, _, sheet, width), .failed(reason)):
                for page in pagesShowing(path) { failures[SheetKey(page: page, sheet: sheet, width: width)] = reason }
                Log.error("PDF \(path) page \(sheet): \(reason); showing a placeholder")
                change.pixels = true
            default:
                break
            }
        }
        return change
    }

    private func pagesShowing(_ path: String) -> [Int] {
        config.pages.indices.filter { isPDF($0) && self.path($0) == path }
    }

    // MARK: Geometry

    /// The sheets' width and the x of their left edge relative to the text area, at zoom 1.
    func baseFrame(page: Int, width: Double) -> (width: Int, left: Int) {
        if config.pages[page].pdfWidth == .screen, screenWidth > width {
            return (Int(screenWidth.rounded()), -Int(((screenWidth - width) / 2).rounded()))
        }
        // The text area at zoom 1, centred in today's (wider when the text is zoomed).
        let unzoomed = screenWidth > 0 ? min(width, ReadingColumn(screenWidth: screenWidth, scale: scale, measure: baseMeasure()).width) : width
        return (Int(unzoomed.rounded()), Int(((width - unzoomed) / 2).rounded()))
    }

    /// The sheets' width and left edge at the visitor's zoom: smaller ones centred in the
    /// base frame, larger ones moved left by `panX` (within the sheet).
    func sheetFrame(page: Int, width: Double) -> (width: Int, left: Int) {
        let base = baseFrame(page: page, width: width)
        let z = zoom()
        guard z != 1 else { return base }
        let zoomed = max(1, Int((Double(base.width) * z).rounded()))
        let overflow = zoomed - base.width
        if overflow <= 0 { return (zoomed, base.left - overflow / 2) }
        return (zoomed, base.left - Int(min(max(panX, 0), Double(overflow)).rounded()))
    }

    /// How far the zoomed sheets are moved left and at most, when wider than their base
    /// frame (the same rounding as `sheetFrame`); nil when they fit.
    func pan(page: Int, width: Double) -> (offset: Double, limit: Double)? {
        let base = baseFrame(page: page, width: width)
        let overflow = Double(max(1, Int((Double(base.width) * zoom()).rounded())) - base.width)
        guard overflow >= 1 else { return nil }
        return (min(max(panX, 0), overflow), overflow)
    }

    /// A one-finger drag moved the zoomed sheets to `offset` px left.
    func setPan(page: Int, width: Double, offset: Double) {
        guard let limit = pan(page: page, width: width)?.limit else { return }
        panX = min(max(offset, 0), limit)
    }

    /// After a pinch from `startZoom` (or a two-finger pan): moves the sheets sideways so
    /// the point under the fingers' start (`startX`, text-area x) is under their end (`x`).
    func keepHorizontally(page: Int, width: Double, startX: Double, startZoom: Double, x: Double) {
        let z = zoom()
        // The left edge as it was: the frame at startZoom, with the pan then.
        let base = baseFrame(page: page, width: width)
        let before = Double(base.width) * startZoom
        let leftBefore = before <= Double(base.width) ? Double(base.left) + (Double(base.width) - before) / 2
            : Double(base.left) - min(max(panX, 0), before - Double(base.width))
        let onSheet = (startX - leftBefore) * z / startZoom
        panX = Double(base.left) + onSheet - x
        let overflow = Double(base.width) * z - Double(base.width)
        panX = overflow > 0 ? min(max(panX, 0), overflow) : 0
    }

    /// The reading anchor of layout y on a PDF page: the sheet (as `block`) and how far
    /// down it, so a zoom keeps the place under the fingers.
    func anchor(page: Int, width: Double, y: Double) -> ReadingAnchor? {
        guard let stack = stack(page: page, width: width), !stack.tops.isEmpty else { return nil }
        let index = stack.tops.lastIndex { Double($0) <= y } ?? 0
        return ReadingAnchor(block: index, fraction: (y - Double(stack.tops[index])) / Double(max(1, stack.heights[index])))
    }

    func position(page: Int, width: Double, anchor: ReadingAnchor) -> Double? {
        guard let stack = stack(page: page, width: width), stack.tops.indices.contains(anchor.block) else { return nil }
        return Double(stack.tops[anchor.block]) + anchor.fraction * Double(stack.heights[anchor.block])
    }

    func stack(page: Int, width: Double) -> PDFPageStack? {
        guard case let .ready(opened) = state(page) else { return nil }
        let frame = sheetFrame(page: page, width: width)
        let key = StackKey(page: page, width: frame.width)
        if let s = stacks[key] { return s }
        let s = PDFPageStack(sizes: opened.info.pages, width: frame.width, gap: Int((Self.gap * scale).rounded()))
        stacks[key] = s
        return s
    }

    /// A placeholder sheet (A4 portrait) while the document opens or when it cannot.
    func placeholderHeight(page: Int, width: Double) -> Int { Int((Double(sheetFrame(page: page, width: width).width) * 1.414).rounded()) }

    public func height(page: Int, width: Double) -> Double {
        Double(stack(page: page, width: width)?.height ?? placeholderHeight(page: page, width: width))
    }

    /// The top of sheet `sheet` (from 1) in layout px.
    public func sheetTop(page: Int, width: Double, sheet: Int) -> Double? {
        guard let stack = stack(page: page, width: width), stack.tops.indices.contains(sheet - 1) else { return nil }
        return Double(stack.tops[sheet - 1])
    }

    // MARK: Drawing

    public func draw(page: Int, width: Double, into canvas: Canvas, originX: Int, originY: Int, clip: IntRect,
                     labels: PageContent) {
        let frame = sheetFrame(page: page, width: width)
        let left = originX + frame.left
        switch state(page) {
        case .loading:
            placeholder(canvas, labels: labels, rect: IntRect(x: left, y: originY, width: frame.width, height: placeholderHeight(page: page, width: width)),
                        text: "Loading \(config.pages[page].title)…", clip: clip)
        case let .failed(reason):
            placeholder(canvas, labels: labels, rect: IntRect(x: left, y: originY, width: frame.width, height: placeholderHeight(page: page, width: width)),
                        text: "This document cannot be shown (\(reason.prefix(60)))", clip: clip)
        case let .ready(opened):
            guard let stack = stack(page: page, width: width) else { return }
            let visible = stack.pages(overlapping: clip.minY - originY, clip.maxY - originY)
            for index in visible {
                let sheet = index + 1
                let rect = IntRect(x: left, y: originY + stack.tops[index], width: frame.width, height: stack.heights[index])
                let wanted = renderWidth(frame.width, height: rect.height)
                if let image = images.image(for: .init(hash: opened.hash, sheet: sheet, width: wanted)) {
                    drawSheet(image, in: rect, canvas: canvas, clip: clip)
                } else if let reason = failures[SheetKey(page: page, sheet: sheet, width: wanted)] {
                    placeholder(canvas, labels: labels, rect: rect, text: "Page \(sheet) cannot be shown (\(reason.prefix(50)))", clip: clip)
                } else if let older = images.anyImage(hash: opened.hash, sheet: sheet) {
                    // Zoomed, and poppler is still rendering at the new size: the sheet as
                    // rendered before, scaled (what the pinch showed), until it arrives.
                    queue.request(.render(path: opened.path, hash: opened.hash, page: sheet, width: wanted))
                    drawSheet(older, in: rect, canvas: canvas, clip: clip)
                } else {
                    queue.request(.render(path: opened.path, hash: opened.hash, page: sheet, width: wanted))
                    placeholder(canvas, labels: labels, rect: rect, text: "Loading page \(sheet)…", clip: clip)
                }
            }
            // The sheet after the last one drawn, so scrolling on finds it ready.
            if let last = visible.last, last + 1 < stack.tops.count {
                let wanted = renderWidth(frame.width, height: stack.heights[last + 1])
                let next = ImageCache.Key(hash: opened.hash, sheet: last + 2, width: wanted)
                if images.image(for: next) == nil, failures[SheetKey(page: page, sheet: last + 2, width: wanted)] == nil {
                    queue.request(.render(path: opened.path, hash: opened.hash, page: last + 2, width: wanted))
                }
            }
        }
    }

    /// The width a sheet is rendered at: its width on screen, unless that sheet would take
    /// more than a third of the decoded-image budget (a big zoom on a large screen: 2.5×
    /// of a 1824-px A4 sheet is 117 MB), so two sheets on screen never push each other
    /// out and back in; then it is rendered smaller and drawn scaled up.
    func renderWidth(_ width: Int, height: Int) -> Int {
        let pixels = Double(images.budget / 4 / 3), aspect = Double(max(1, height)) / Double(max(1, width))
        return max(1, min(width, Int((pixels / aspect).squareRoot())))
    }

    /// A rendered sheet in its rect: copied when rendered at its size, else scaled to it.
    private func drawSheet(_ image: Image, in rect: IntRect, canvas: Canvas, clip: IntRect) {
        if image.width == rect.width {
            canvas.blit(image.canvas, from: IntRect(x: 0, y: 0, width: image.width, height: min(image.height, rect.height)),
                        toX: rect.x, y: rect.y)
            if image.height < rect.height {
                canvas.fill(IntRect(x: rect.x, y: rect.y + image.height, width: rect.width, height: rect.height - image.height)
                                .intersection(clip), color: .white)
            }
            return
        }
        var c = canvas
        c.clip = canvas.clip.intersection(clip).intersection(rect)
        c.drawScaled(image.canvas, factor: Double(rect.width) / Double(max(1, image.width)), sourceX: 0, sourceY: 0,
                     toX: Double(rect.x), toY: Double(rect.y), background: .white)
    }

    private func placeholder(_ canvas: Canvas, labels: PageContent, rect: IntRect, text: String, clip: IntRect) {
        let shown = rect.intersection(clip)
        guard !shown.isEmpty else { return }
        canvas.fill(shown, color: Self.placeholderColor)
        let size = 18 * scale
        let centreY = rect.y + min(rect.height / 2, Int(120 * scale))
        let bounds = labels.labelBounds(text, size: size, centerX: rect.x + rect.width / 2, centerY: centreY)
        guard bounds.intersects(clip) else { return }
        var c = canvas
        c.clip = canvas.clip.intersection(clip)
        labels.drawLabel(text, size: size, color: config.theme.muted, centerX: rect.x + rect.width / 2, centerY: centreY, into: c)
    }

    static let placeholderColor = Color(red: 0xE4, green: 0xE4, blue: 0xE4)

    /// Decoded bytes held (the bound the soak and the tests watch).
    public var imageBytes: Int { images.bytes }
}
