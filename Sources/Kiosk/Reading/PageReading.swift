import Typeset

/// What the scene asks of the page text beyond its height (part of `PageContent`): the
/// body measure (for the margins), the text zoom, and reading anchors to keep the
/// visitor's place through a reflow. The defaults (no measure, no zoom, no anchors) suit
/// content without real text.
public protocol PageReading: AnyObject {
    /// The body column's width in device px at the current zoom, nil when unlimited.
    var measureWidth: Double? { get }
    /// The zoom the pages are laid out at now: the content owns it (its layouts are made
    /// at it), so the scene reads it here rather than keeping a copy that could disagree.
    var textZoom: Double { get }
    /// Lay pages out at this text zoom (within the range given); returns the zoom in effect.
    @discardableResult
    func setTextZoom(_ zoom: Double, range: ClosedRange<Double>) -> Double
    /// The anchor at layout y on page `page` laid out at `width`.
    func readingAnchor(page: Int, width: Double, atY y: Double) -> ReadingAnchor?
    /// Where `anchor` is (layout y) on page `page` laid out at `width`, at the current zoom.
    func readingPosition(of anchor: ReadingAnchor, page: Int, width: Double) -> Double?
    /// Pages that zoom without reflowing (PDF sheets) and pan sideways: after a pinch
    /// from `startZoom`, keep the point under the fingers' start (text-area x) under their
    /// end. False for pages that reflow (nothing to pan).
    func panSheets(page: Int, width: Double, startX: Double, startZoom: Double, x: Double) -> Bool
    /// Page `page`'s zoomed sheets, when wider than the text area: how far they are moved
    /// left now and at most (device px); nil for pages that reflow and sheets that fit.
    func sheetPan(page: Int, width: Double) -> (offset: Double, limit: Double)?
    /// Moves page `page`'s zoomed sheets `offset` px left (kept within their width).
    func setSheetPan(page: Int, width: Double, offset: Double)
}

extension PageReading {
    public var measureWidth: Double? { nil }
    public var textZoom: Double { 1 }
    @discardableResult
    public func setTextZoom(_ zoom: Double, range: ClosedRange<Double>) -> Double { 1 }
    public func readingAnchor(page: Int, width: Double, atY y: Double) -> ReadingAnchor? { nil }
    public func readingPosition(of anchor: ReadingAnchor, page: Int, width: Double) -> Double? { nil }
    public func panSheets(page: Int, width: Double, startX: Double, startZoom: Double, x: Double) -> Bool { false }
    public func sheetPan(page: Int, width: Double) -> (offset: Double, limit: Double)? { nil }
    public func setSheetPan(page: Int, width: Double, offset: Double) {}
}

extension TypesetContent: PageReading {
    public func readingAnchor(page: Int, width: Double, atY y: Double) -> ReadingAnchor? {
        if let pdf, pdf.isPDF(page) { return pdf.anchor(page: page, width: width, y: y) }
        return pageLayout(page: page, width: width).anchor(atY: y)
    }

    public func readingPosition(of anchor: ReadingAnchor, page: Int, width: Double) -> Double? {
        if let pdf, pdf.isPDF(page) { return pdf.position(page: page, width: width, anchor: anchor) }
        return pageLayout(page: page, width: width).y(of: anchor)
    }

    public func panSheets(page: Int, width: Double, startX: Double, startZoom: Double, x: Double) -> Bool {
        guard let pdf, pdf.isPDF(page) else { return false }
        pdf.keepHorizontally(page: page, width: width, startX: startX, startZoom: startZoom, x: x)
        return true
    }

    public func sheetPan(page: Int, width: Double) -> (offset: Double, limit: Double)? {
        guard let pdf, pdf.isPDF(page) else { return nil }
        return pdf.pan(page: page, width: width)
    }

    public func setSheetPan(page: Int, width: Double, offset: Double) {
        guard let pdf, pdf.isPDF(page) else { return }
        pdf.setPan(page: page, width: width, offset: offset)
    }
}
