import Foundation

/// The visitor's switches in the menu (docs/accessibility.md): high contrast, the
/// larger-text step and search (which opens the search panel). They sit in a triangle in
/// the middle of the ring, which no page item uses, so the ring keeps its layout and the
/// menu layer its box.
public enum MenuSwitch: Sendable, Equatable, CaseIterable {
    case contrast
    case textSize
    case search
}

/// Where the switches are: circles of `diameter` logical px at the corners of a
/// triangle centred on the screen, `spacing` apart (search at the top, contrast and text
/// size below it); a tap counts within `RingLayout.hitSlop` beyond their edge, never as
/// far as half-way to a neighbour. They are there only when they fit inside the ring
/// with no hit area touching an item's (an 800×480 panel at scale 1 has room; a 320×240
/// one has not).
public struct MenuSwitchLayout: Sendable, Equatable {
    public let width: Double
    public let height: Double
    public let scale: Double
    /// 56 logical px: 15 mm at 96 dpi, over the 9 mm a touch target needs.
    public static let diameter = 56.0
    public static let spacing = 76.0

    public init(width: Double, height: Double, scale: Double) {
        self.width = width; self.height = height; self.scale = scale
    }

    public var radius: Double { Self.diameter / 2 * scale }

    /// A tap's reach from a switch's centre.
    var reach: Double { min(radius + RingLayout.hitSlop * scale, Self.spacing / 2 * scale) }

    /// From the screen's centre to each switch's.
    var distance: Double { Self.spacing / 3.0.squareRoot() * scale }

    /// Whether the ring leaves room for the switches in its middle.
    public var isShown: Bool {
        let ring = RingLayout(width: width, height: height, count: 1, scale: scale)
        let slop = RingLayout.hitSlop * scale
        return ring.radius - ring.itemRadius - slop >= distance + reach
    }

    /// The switches drawn and tapped: none when they do not fit.
    public var items: [MenuSwitch] { isShown ? MenuSwitch.allCases : [] }

    public func center(of item: MenuSwitch) -> (x: Double, y: Double) {
        let degrees: Double
        switch item {
        case .search: degrees = -90
        case .contrast: degrees = 150
        case .textSize: degrees = 30
        }
        let angle = degrees * Double.pi / 180
        return (width / 2 + distance * cos(angle), height / 2 + distance * sin(angle))
    }

    /// The switch under (x, y). The hit areas stop short of the screen's very centre (a
    /// tap meant to close the menu).
    public func item(atX x: Double, y: Double) -> MenuSwitch? {
        func distance(_ item: MenuSwitch) -> Double {
            let c = center(of: item)
            return ((x - c.x) * (x - c.x) + (y - c.y) * (y - c.y)).squareRoot()
        }
        return items.first { distance($0) < reach }
    }
}
