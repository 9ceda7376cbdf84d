/// Where the menu's language choice sits: one pill per language, named in itself,
/// in the band the ring leaves free. Above the ring when that band is tall enough (any
/// portrait screen, most landscape ones), else in a column beside it (a short
/// landscape screen such as 800×480). The ring itself keeps its place (DESIGN §1).
public struct LanguageBarLayout: Sendable, Equatable {
    /// A pill in device px.
    public struct Pill: Sendable, Equatable {
        public let x: Double, y: Double, width: Double, height: Double
        public var centerX: Double { x + width / 2 }
        public var centerY: Double { y + height / 2 }
    }

    public let pills: [Pill]
    /// Device px per logical px.
    public let scale: Double

    /// Logical px: wide enough for an endonym at the label size (the longest common ones,
    /// "Bahasa Indonesia", "Українська", fit), tall enough for a finger (12.7 mm at 96 dpi).
    public static let pillWidth = 176.0
    public static let pillHeight = 48.0
    public static let gap = 12.0
    public static let margin = 8.0
    public static let labelSize = 18.0
    /// A tap counts this far beyond a pill's edge (less than the ring's: pills sit close).
    public static let hitSlop = 6.0

    public init(count: Int, ring: RingLayout) {
        scale = ring.scale
        let w = Self.pillWidth * scale, h = Self.pillHeight * scale, gap = Self.gap * scale, margin = Self.margin * scale
        let ringTop = ring.height / 2 - ring.radius - ring.itemRadius
        let ringLeft = ring.width / 2 - ring.radius - ring.itemRadius
        let rowWidth = Double(count) * w + Double(max(count - 1, 0)) * gap
        let columnHeight = Double(count) * h + Double(max(count - 1, 0)) * gap
        let rowFits = ringTop >= h + 2 * margin && rowWidth + 2 * margin <= ring.width
        let columnFits = ringLeft >= w + 2 * margin && columnHeight + 2 * margin <= ring.height
        if rowFits || !columnFits {
            // Centred in the band above the ring (at the top edge if even that is short).
            let y = max(margin, ((ringTop - h) / 2).rounded())
            let x0 = ((ring.width - rowWidth) / 2).rounded()
            pills = (0..<count).map { Pill(x: x0 + Double($0) * (w + gap), y: y, width: w, height: h) }
        } else {
            let x = max(margin, ((ringLeft - w) / 2).rounded())
            let y0 = ((ring.height - columnHeight) / 2).rounded()
            pills = (0..<count).map { Pill(x: x, y: y0 + Double($0) * (h + gap), width: w, height: h) }
        }
    }

    /// The pill under (x, y), if any.
    public func item(atX x: Double, y: Double) -> Int? {
        let slop = Self.hitSlop * scale
        return pills.firstIndex { x >= $0.x - slop && x < $0.x + $0.width + slop && y >= $0.y - slop && y < $0.y + $0.height + slop }
    }
}
