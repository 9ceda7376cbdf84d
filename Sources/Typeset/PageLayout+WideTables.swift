import Raster

/// A table wider than the content column: laid out at its natural width (no column
/// narrower than its longest word) and shown through a window as wide as the column,
/// which a horizontal drag inside it pans (`PageLayout.draw(tableOffsets:)`).
public struct WideTable: Sendable, Equatable {
    /// The table's box in layout coordinates, at offset 0.
    public let frame: IntRect
    /// Where it is seen: the content column's width, the table's height.
    public let window: IntRect

    /// How far it can pan: the width hidden at offset 0.
    public var maxOffset: Int { max(0, frame.width - window.width) }

    /// Whether a point in layout coordinates is inside the table's window.
    public func contains(x: Int, y: Int) -> Bool {
        x >= window.minX && x < window.maxX && y >= window.minY && y < window.maxY
    }
}

extension PageLayout {
    /// The wide table whose window holds the point (layout coordinates), if any.
    public func wideTable(atX x: Int, y: Int) -> Int? {
        wideTables.firstIndex { $0.contains(x: x, y: y) }
    }
}
