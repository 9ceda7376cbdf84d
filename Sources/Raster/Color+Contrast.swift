import Foundation

/// WCAG 2.2 contrast (success criteria 1.4.3, 1.4.6, 1.4.11): relative luminance of an
/// sRGB colour and the contrast ratio of two, as the W3C defines them
/// (https://www.w3.org/TR/WCAG22/#dfn-relative-luminance). Alpha is ignored: mix a
/// translucent colour over what it is drawn on first (`mixed(over:alpha:)`).
extension Color {
    /// 0 for black … 1 for white.
    public var relativeLuminance: Double {
        func linear(_ channel: UInt8) -> Double {
            let c = Double(channel) / 255
            // WCAG 2.2 writes 0.04045 (the sRGB standard's threshold; 2.0 had 0.03928).
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// 1 (same luminance) … 21 (black on white), symmetric in its two colours.
    public func contrastRatio(with other: Color) -> Double {
        let a = relativeLuminance, b = other.relativeLuminance
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }
}
