/// An integer pixel rectangle. Empty when width or height is not positive.
public struct IntRect: Sendable, Equatable, Hashable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    public static let zero = IntRect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Int { x }
    public var minY: Int { y }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public var area: Int { isEmpty ? 0 : width * height }

    public func intersection(_ other: IntRect) -> IntRect {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        return x1 > x0 && y1 > y0 ? IntRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : .zero
    }

    public func intersects(_ other: IntRect) -> Bool { !intersection(other).isEmpty }

    /// The smallest rectangle holding both (an empty one contributes nothing).
    public func union(_ other: IntRect) -> IntRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(minX, other.minX), y0 = min(minY, other.minY)
        let x1 = max(maxX, other.maxX), y1 = max(maxY, other.maxY)
        return IntRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public func contains(_ other: IntRect) -> Bool {
        other.isEmpty || (other.minX >= minX && other.minY >= minY && other.maxX <= maxX && other.maxY <= maxY)
    }

    public func contains(x px: Int, y py: Int) -> Bool {
        px >= minX && px < maxX && py >= minY && py < maxY
    }

    public func offsetBy(dx: Int, dy: Int) -> IntRect { IntRect(x: x + dx, y: y + dy, width: width, height: height) }

    public func insetBy(dx: Int, dy: Int) -> IntRect {
        IntRect(x: x + dx, y: y + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    /// The pixels touched by a fractional rectangle (rounded outwards).
    public static func enclosing(x: Double, y: Double, width: Double, height: Double) -> IntRect {
        guard width.isFinite, height.isFinite, x.isFinite, y.isFinite, width > 0, height > 0 else { return .zero }
        let x0 = Int((x).rounded(.down)), y0 = Int((y).rounded(.down))
        let x1 = Int((x + width).rounded(.up)), y1 = Int((y + height).rounded(.up))
        return IntRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Calls `body` with the parts of this rectangle outside `hole` (at most four:
    /// above, below, left, right), without allocating.
    public func forEachPiece(outside hole: IntRect, _ body: (IntRect) -> Void) {
        let h = intersection(hole)
        guard !h.isEmpty else { if !isEmpty { body(self) }; return }
        let pieces = [
            IntRect(x: minX, y: minY, width: width, height: h.minY - minY),
            IntRect(x: minX, y: h.maxY, width: width, height: maxY - h.maxY),
            IntRect(x: minX, y: h.minY, width: h.minX - minX, height: h.height),
            IntRect(x: h.maxX, y: h.minY, width: maxX - h.maxX, height: h.height),
        ]
        for piece in pieces where !piece.isEmpty { body(piece) }
    }

    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}
