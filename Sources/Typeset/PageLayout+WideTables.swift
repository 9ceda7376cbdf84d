import Raster

/// A table wider than the content column: laid out at its natural width (no column
/// narrower than its longest word) and shown through a window as wide as the column,
/// which a horizontal drag inside it pans (`PageLayout.draw(tableOffsets:)`).
public struct WideTable: Sendable, Equatable {
    /// The table's box in layout coordinates, at offset 0.
    public let frame: IntRect
    /// Where it is seen: the content column's width, the table's height.
    public let window: IntRect

    /// A right-to-left table starts at its right edge (its first column) and pans left.
    public var rightToLeft = false

    /// How far it can pan: the width hidden at offset 0.
    public var maxOffset: Int { max(0, frame.width - window.width) }

    /// How far the table is moved left for a pan `offset` (0 … `maxOffset`, what the
    /// visitor panned from the table's start): a right-to-left table starts moved fully
    /// left, showing its right edge.
    public func shift(forOffset offset: Int) -> Int {
        let panned = max(0, min(offset, maxOffset))
        return rightToLeft ? maxOffset - panned : panned
    }

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
