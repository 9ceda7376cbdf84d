import Raster

/// Where the search panel's parts sit on a screen (device px), fixed by the screen and
/// the scale alone, so the scene hit-tests exactly the boxes the renderer draws: the
/// field across the top with the close button at its end, the results under it, one row
/// each (title and snippet), and the keyboard (`KeyboardGeometry`) along the bottom.
public struct SearchPanelLayout: Sendable, Equatable {
    public let field: IntRect
    public let close: IntRect
    /// The rows results are drawn in, top to bottom; a result beyond the last is not shown.
    public let rows: [IntRect]
    /// Text sizes in device px.
    public let fieldSize: Double
    public let titleSize: Double
    public let snippetSize: Double
    public let keySize: Double
    public let margin: Int

    /// The panel over `width` × `height` with the keyboard's top at `keyboardTop`.
    public init(width: Double, height: Double, scale s: Double, keyboardTop: Double) {
        margin = Int((12 * s).rounded())
        fieldSize = (22 * s).rounded()
        titleSize = (18 * s).rounded()
        snippetSize = (15 * s).rounded()
        keySize = (20 * s).rounded()
        // 9 mm at 96 dpi and more: a target for a finger.
        let fieldHeight = Int((48 * s).rounded())
        close = IntRect(x: Int(width) - margin - fieldHeight, y: margin, width: fieldHeight, height: fieldHeight)
        field = IntRect(x: margin, y: margin, width: max(1, close.x - 2 * margin), height: fieldHeight)
        // A title line and two snippet lines, about 1.45 × each size.
        let rowHeight = Int((titleSize * 1.45 + 2 * snippetSize * 1.45 + 8 * s).rounded(.up))
        var rows: [IntRect] = []
        var y = field.maxY + margin
        while rowHeight > 0, Double(y + rowHeight) <= keyboardTop - Double(margin) / 2 {
            rows.append(IntRect(x: margin, y: y, width: max(1, Int(width) - 2 * margin), height: rowHeight))
            y += rowHeight
        }
        self.rows = rows
    }

    /// The result row under (x, y) (an index into `rows`).
    public func row(atX x: Double, y: Double) -> Int? {
        rows.firstIndex { $0.contains(x: Int(x.rounded(.down)), y: Int(y.rounded(.down))) }
    }

    /// Where a message goes when there are no results to show (nothing found, still indexing).
    public var messageBox: IntRect { rows.first ?? IntRect(x: field.x, y: field.maxY + margin, width: field.width, height: field.height) }
}
