import Typeset

/// The visitor's text size: the zoom the pages are laid out at, and the pinch that may
/// be changing it. While fingers pinch, the renderer draws the frame from the pinch's
/// start scaled by `Pinch.factor` (no layout per frame); when they lift, the page is laid
/// out once at the new size (quantised to whole px by the content) and scrolled so the
/// paragraph under the fingers stays there. The idle timer's `goHome` returns to 1.
public struct TextZoom: Sendable, Equatable {
    /// 0.75× to 2.5× the default size: smaller than ¾ is no longer comfortable at the
    /// distance the size was chosen for; 2.5× is about 53′ of arc a capital, enough for
    /// a visitor who would otherwise need reading glasses, and still some 28 characters
    /// a line on a 1080-px-wide portrait screen.
    public static let range: ClosedRange<Double> = 0.75...2.5

    /// The pinch in progress, if any. (The zoom the pages are laid out at is the
    /// content's, `KioskScene.committedZoom`: one owner.)
    public internal(set) var pinch: Pinch?

    public struct Pinch: Sendable, Equatable {
        /// The fingers' midpoint when the pinch began, screen px.
        public let startX: Double, startY: Double
        /// The zoom when it began.
        public let startZoom: Double
        /// The paragraph under the midpoint when it began (nil: a page without blocks).
        public let anchor: ReadingAnchor?
        /// Finger distance over the distance when it began, and the midpoint now.
        public var scale = 1.0
        public var x: Double, y: Double

        /// The zoom the fingers ask for now, within `range`.
        public var zoom: Double { min(max(startZoom * scale, TextZoom.range.lowerBound), TextZoom.range.upperBound) }
        /// How much larger than at the start the page is drawn now.
        public var factor: Double { zoom / startZoom }
    }
}
