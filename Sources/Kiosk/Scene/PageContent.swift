import Raster

/// The pages' content, as the scene and its renderer reach it: one reference
/// (`KioskScene.content`) answers everything asked of the text. Drawing and heights are
/// required here; each other concern is a part with its own folder and defaults for
/// content that has none of it (no links, no wide tables, no text to speak, no zoom),
/// so a test fake need only draw:
/// - `PageReading` (Reading/): the measure, the text zoom, anchors kept through a reflow;
/// - `PageLinks` (Links/): links under a finger, their targets, heading anchors;
/// - `WideTableContent` (Tables/): tables wider than the column, panned sideways;
/// - `PageSpeechContent` (Speech/): a page's language, blocks and links for speech mode;
/// - `PageClips` (Clips/): the video clips laid out on a page.
/// The typesetter implements all of it (`TypesetContent`, handing PDF pages to `PDFContent`).
public protocol PageContent: PageReading, PageLinks, WideTableContent, PageSpeechContent, PageClips {
    /// Height in device px of page `page`'s content laid out at `width` device px.
    func height(page: Int, width: Double) -> Double
    /// Draw page `page` laid out at `width`, its top-left at (originX, originY),
    /// touching only pixels inside `clip`.
    func draw(page: Int, width: Double, into canvas: Canvas, originX: Int, originY: Int, clip: IntRect)
    /// The same, with page `page`'s wide tables panned by `tableOffsets` (by index).
    func draw(page: Int, width: Double, into canvas: Canvas, originX: Int, originY: Int, clip: IntRect, tableOffsets: [Int])
    /// The parts of `clip` that opaque pictures of page `page` cover whole when it is drawn
    /// at (originX, originY): the renderer leaves the background unfilled there.
    func opaqueCover(page: Int, width: Double, originX: Int, originY: Int, clip: IntRect) -> [IntRect]
    /// Whether page `page` inside `clip` may be drawn as several clips one after another
    /// at no more cost than in one draw (the compositor's bands).
    func drawsInParts(page: Int, width: Double, originX: Int, originY: Int, clip: IntRect) -> Bool
    /// One line of text centred at (centerX, centerY), for ring labels and letters;
    /// returns the rectangle it drew into.
    @discardableResult
    func drawLabel(_ text: String, size: Double, color: Color, centerX: Int, centerY: Int, into canvas: Canvas) -> IntRect
    /// The rectangle `drawLabel` with these arguments draws into, without drawing.
    func labelBounds(_ text: String, size: Double, centerX: Int, centerY: Int) -> IntRect
}

extension PageContent {
    /// Content that draws no pictures covers nothing.
    public func opaqueCover(page: Int, width: Double, originX: Int, originY: Int, clip: IntRect) -> [IntRect] { [] }

    /// Content that keeps nothing between draws draws in parts as it draws whole.
    public func drawsInParts(page: Int, width: Double, originX: Int, originY: Int, clip: IntRect) -> Bool { true }

    /// Content without wide tables draws as it always does.
    public func draw(page: Int, width: Double, into canvas: Canvas, originX: Int, originY: Int, clip: IntRect, tableOffsets: [Int]) {
        draw(page: page, width: width, into: canvas, originX: originX, originY: originY, clip: clip)
    }
}
