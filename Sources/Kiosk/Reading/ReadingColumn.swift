/// Where the page's text goes across the screen: side margins and the text area
/// between them. Wide screens keep the usual margins and the layout centres the body
/// column (`TextStyle.measure`) inside the text area; on a narrow or portrait screen
/// the margins give way first, down to `minimumMargin`, so the body keeps its measure
/// as long as it can; only then does the column narrow.
public struct ReadingColumn: Sendable, Equatable {
    /// Left edge and width of the text area, device px.
    public let left: Double
    public let width: Double

    /// The margin each side when there is room, and the least it shrinks to, logical px.
    public static let preferredMargin = 48.0
    public static let minimumMargin = 16.0

    /// - Parameter measure: the body column's width in device px, nil when unlimited.
    public init(screenWidth: Double, scale: Double, measure: Double?) {
        let preferred = Self.preferredMargin * scale, least = Self.minimumMargin * scale
        let margin: Double
        if let measure {
            margin = max(least, min(preferred, ((screenWidth - measure) / 2).rounded(.down)))
        } else {
            margin = preferred
        }
        left = margin.rounded()
        width = max(40, screenWidth - 2 * left)
    }
}
