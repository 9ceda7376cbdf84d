/// An sRGB colour with 8-bit channels. Pixels in memory are XRGB8888 / ARGB8888
/// little-endian words: 0xAARRGGBB.
public struct Color: Sendable, Equatable, Hashable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// From a pixel word 0xAARRGGBB.
    public init(argb: UInt32) {
        alpha = UInt8(truncatingIfNeeded: argb >> 24)
        red = UInt8(truncatingIfNeeded: argb >> 16)
        green = UInt8(truncatingIfNeeded: argb >> 8)
        blue = UInt8(truncatingIfNeeded: argb)
    }

    public var argb: UInt32 {
        UInt32(alpha) << 24 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
    }

    /// "#rrggbb" or "#rrggbbaa" (the "#" is optional). Nil for anything else.
    public init?(hex: String) {
        var text = Substring(hex)
        if text.hasPrefix("#") { text = text.dropFirst() }
        guard text.count == 6 || text.count == 8, text.allSatisfy(\.isHexDigit), let value = UInt32(text, radix: 16) else {
            return nil
        }
        if text.count == 6 {
            self.init(argb: 0xFF00_0000 | value)
        } else {
            self.init(red: UInt8(value >> 24), green: UInt8((value >> 16) & 0xFF), blue: UInt8((value >> 8) & 0xFF), alpha: UInt8(value & 0xFF))
        }
    }

    public var description: String {
        let hex = String(argb & 0xFF_FFFF, radix: 16)
        let body = String(repeating: "0", count: 6 - hex.count) + hex
        return alpha == 255 ? "#\(body)" : "#\(body)" + String(format2: alpha)
    }

    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 255, green: 255, blue: 255)
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

    /// Linear mix in 8-bit sRGB (no gamma), correctly rounded: a·self + (1−a)·other.
    public func mixed(over other: Color, alpha a: Double) -> Color {
        func mix(_ p: UInt8, _ q: UInt8) -> UInt8 {
            UInt8((a * Double(p) + (1 - a) * Double(q)).rounded().clamped(0, 255))
        }
        return Color(red: mix(red, other.red), green: mix(green, other.green), blue: mix(blue, other.blue))
    }
}

extension String {
    fileprivate init(format2 value: UInt8) {
        let hex = String(value, radix: 16)
        self = hex.count == 1 ? "0" + hex : hex
    }
}

extension Double {
    func clamped(_ low: Double, _ high: Double) -> Double { Swift.min(Swift.max(self, low), high) }
}
