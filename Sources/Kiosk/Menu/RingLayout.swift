import Foundation

/// Where the menu's page items sit: a ring centred on the screen, radius
/// 0.3 · min(W, H), item i at −90° + 360° · i / n clockwise (the first at the top).
/// Items are circles of `itemDiameter` logical px; a tap counts within
/// `hitSlop` px beyond an item's edge.
public struct RingLayout: Sendable, Equatable {
    public let width: Double
    public let height: Double
    public let count: Int
    /// Device px per logical px.
    public let scale: Double
    public static let itemDiameter = 96.0
    public static let hitSlop = 12.0

    public init(width: Double, height: Double, count: Int, scale: Double) {
        self.width = width; self.height = height; self.count = count; self.scale = scale
    }

    public var radius: Double { 0.3 * min(width, height) }
    public var itemRadius: Double { Self.itemDiameter / 2 * scale }

    public func center(of i: Int) -> (x: Double, y: Double) {
        let angle = (-90 + 360 * Double(i) / Double(max(count, 1))) * Double.pi / 180
        return (width / 2 + radius * cos(angle), height / 2 + radius * sin(angle))
    }

    /// The item under (x, y), nearest first when hit areas overlap.
    public func item(atX x: Double, y: Double) -> Int? {
        let reach = itemRadius + Self.hitSlop * scale
        var best: (Int, Double)?
        for i in 0..<count {
            let c = center(of: i)
            let d = ((x - c.x) * (x - c.x) + (y - c.y) * (y - c.y)).squareRoot()
            if d <= reach && d < (best?.1 ?? .infinity) { best = (i, d) }
        }
        return best?.0
    }
}
