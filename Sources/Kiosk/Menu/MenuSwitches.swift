/// The visitor's switches in the menu (docs/accessibility.md): high contrast, and the
/// larger-text step. They sit side by side in the middle of the ring, which no page
/// item uses, so the ring keeps its layout and the menu layer its box.
public enum MenuSwitch: Sendable, Equatable, CaseIterable {
    case contrast
    case textSize
}

/// Where the switches are: two circles of `diameter` logical px, centred on the
/// screen `spacing` apart; a tap counts within `RingLayout.hitSlop` beyond their edge.
public struct MenuSwitchLayout: Sendable, Equatable {
    public let width: Double
    public let height: Double
    public let scale: Double
    /// 72 logical px: 19 mm at 96 dpi, over the 9 mm a touch target needs.
    public static let diameter = 72.0
    public static let spacing = 120.0

    public init(width: Double, height: Double, scale: Double) {
        self.width = width; self.height = height; self.scale = scale
    }

    public var radius: Double { Self.diameter / 2 * scale }

    public func center(of item: MenuSwitch) -> (x: Double, y: Double) {
        let dx = Self.spacing / 2 * scale
        return (width / 2 + (item == .contrast ? -dx : dx), height / 2)
    }

    public func item(atX x: Double, y: Double) -> MenuSwitch? {
        let reach = radius + RingLayout.hitSlop * scale
        return MenuSwitch.allCases.first { item in
            let c = center(of: item)
            return (x - c.x) * (x - c.x) + (y - c.y) * (y - c.y) <= reach * reach
        }
    }
}
