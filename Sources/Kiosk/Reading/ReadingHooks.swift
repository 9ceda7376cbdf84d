import Typeset

/// What the scene asks of the page text beyond its height: the body measure (for the
/// margins), the text zoom, and reading anchors to keep the visitor's place through a
/// reflow. `KioskAssembly` connects them to `TypesetContent`; the defaults (no measure,
/// no zoom, no anchors) suit scenes without real text.
public struct ReadingHooks {
    /// The body column's width in device px at the current zoom, nil when unlimited.
    public var measureWidth: () -> Double?
    /// Lay pages out at this text zoom (within the range given); returns the zoom in effect.
    public var setZoom: (_ zoom: Double, _ range: ClosedRange<Double>) -> Double
    /// The zoom the pages are laid out at now: the content owns it (its layouts are made
    /// at it), so the scene reads it here rather than keeping a copy that could disagree.
    public var zoom: () -> Double
    /// The anchor at layout y on a page laid out at a width.
    public var anchor: (_ page: Int, _ width: Double, _ y: Double) -> ReadingAnchor?
    /// Where an anchor is (layout y) on a page laid out at a width, at the current zoom.
    public var position: (_ page: Int, _ width: Double, _ anchor: ReadingAnchor) -> Double?
    /// Pages that zoom without reflowing (PDF sheets) and pan sideways: after a pinch
    /// from `startZoom`, keep the point under the fingers' start (text-area x) under their
    /// end. False for pages that reflow (nothing to pan).
    public var panSheets: (_ page: Int, _ width: Double, _ startX: Double, _ startZoom: Double, _ x: Double) -> Bool

    public init(measureWidth: @escaping () -> Double? = { nil },
                setZoom: @escaping (Double, ClosedRange<Double>) -> Double = { _, _ in 1 },
                zoom: @escaping () -> Double = { 1 },
                anchor: @escaping (Int, Double, Double) -> ReadingAnchor? = { _, _, _ in nil },
                position: @escaping (Int, Double, ReadingAnchor) -> Double? = { _, _, _ in nil },
                panSheets: @escaping (Int, Double, Double, Double, Double) -> Bool = { _, _, _, _, _ in false }) {
        self.measureWidth = measureWidth
        self.setZoom = setZoom
        self.zoom = zoom
        self.anchor = anchor
        self.position = position
        self.panSheets = panSheets
    }
}

extension TypesetContent {
    /// The hooks for a scene showing this content.
    public var readingHooks: ReadingHooks {
        ReadingHooks(
            measureWidth: { [unowned self] in measureWidth },
            setZoom: { [unowned self] zoom, range in setTextZoom(zoom, range: range) },
            zoom: { [unowned self] in textZoom },
            anchor: { [unowned self] page, width, y in
                if let pdf, pdf.isPDF(page) { return pdf.anchor(page: page, width: width, y: y) }
                return pageLayout(page: page, width: width).anchor(atY: y)
            },
            position: { [unowned self] page, width, anchor in
                if let pdf, pdf.isPDF(page) { return pdf.position(page: page, width: width, anchor: anchor) }
                return pageLayout(page: page, width: width).y(of: anchor)
            },
            panSheets: { [unowned self] page, width, startX, startZoom, x in
                guard let pdf, pdf.isPDF(page) else { return false }
                pdf.keepHorizontally(page: page, width: width, startX: startX, startZoom: startZoom, x: x)
                return true
            })
    }
}
