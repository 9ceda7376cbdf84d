/// The canvas rows a page shows, and how far above and below them a scroll is about to
/// reach: where `DecodedPictures`' background mode decodes pictures ahead and keeps them.
///
/// Only the rows at the screen's two edges matter: a scroll draws the rows it uncovers
/// there, while the rows inside the screen are already drawn (in the shadow) and need no
/// decoded picture until the page is drawn whole again. So a picture taller than the
/// screen keeps the bands at and beyond each edge, not the ones it shows in between.
public struct RowsOnScreen: Equatable {
    public var rows: Range<Int>
    public var margin: Int

    public init(rows: Range<Int>, margin: Int) {
        self.rows = rows
        self.margin = max(0, margin)
    }

    /// The screen of `height` rows from row 0 and a quarter of it beyond each edge.
    public init(height: Int) { self.init(rows: 0..<height, margin: height / 4) }

    /// The rows about to come into view beyond each edge, with the edge row itself (whose
    /// picture band the next strip draws from). Empty for an empty screen.
    public var edges: [Range<Int>] {
        guard !rows.isEmpty else { return [] }
        return [rows.lowerBound - margin..<rows.lowerBound + 1, rows.upperBound - 1..<rows.upperBound + margin]
    }

    /// The same rows `dy` further down the canvas.
    public func offsetBy(_ dy: Int) -> RowsOnScreen {
        RowsOnScreen(rows: rows.lowerBound + dy..<rows.upperBound + dy, margin: margin)
    }
}
