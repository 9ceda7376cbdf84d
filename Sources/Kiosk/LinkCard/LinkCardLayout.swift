import Raster

/// Where the link card and its parts sit on a screen (device px): the link's text at
/// the top, the QR code in the middle, the address below. Fixed by the screen and the
/// scale alone, so the scene can tell a tap outside the card without any text laid out,
/// and the renderer draws into exactly these boxes.
public struct LinkCardLayout: Sendable, Equatable {
    public let card: IntRect
    public let title: IntRect
    public let code: IntRect
    public let address: IntRect
    public let cornerRadius: Int
    /// Text sizes in device px.
    public let titleSize: Double
    public let addressSize: Double

    /// Lines of text shown at most; longer text is cut (`…`).
    public static let titleLines = 2
    public static let addressLines = 3

    public init(width: Double, height: Double, scale s: Double) {
        let padding = (24 * s).rounded(), gap = (16 * s).rounded()
        titleSize = (22 * s).rounded()
        addressSize = (16 * s).rounded()
        // A line is about 1.2 × the font's own line height (≈ 1.17 em for DejaVu Sans).
        let titleHeight = (Double(Self.titleLines) * titleSize * 1.45).rounded(.up)
        let addressHeight = (Double(Self.addressLines) * addressSize * 1.45).rounded(.up)
        let margin = (16 * s).rounded()
        let cardWidth = max(1, min(width - 2 * margin, 460 * s)).rounded()
        let fixed = 2 * padding + titleHeight + addressHeight + 2 * gap
        // The code as big as fits: a phone reads it from further away.
        let side = max(QRCode.quietZone * 2 + 21, Int(min(cardWidth - 2 * padding, height - 2 * margin - fixed)))
        let cardHeight = fixed + Double(side)
        let x = ((width - cardWidth) / 2).rounded(.down), y = ((height - cardHeight) / 2).rounded(.down)
        card = IntRect(x: Int(x), y: Int(y), width: Int(cardWidth), height: Int(cardHeight))
        let inner = Int(cardWidth - 2 * padding)
        title = IntRect(x: Int(x + padding), y: Int(y + padding), width: inner, height: Int(titleHeight))
        code = IntRect(x: Int(x + (cardWidth - Double(side)) / 2), y: title.maxY + Int(gap), width: side, height: side)
        address = IntRect(x: Int(x + padding), y: code.maxY + Int(gap), width: inner, height: Int(addressHeight))
        cornerRadius = Int((16 * s).rounded())
    }

    /// The whole-module size for a code of `modules` per side (quiet zone included) in
    /// the code box, and the square it takes, centred: integer modules stay crisp.
    public func codePlacement(modules: Int) -> (module: Int, square: IntRect) {
        let module = max(1, code.width / max(1, modules))
        let side = module * modules
        return (module, IntRect(x: code.x + (code.width - side) / 2, y: code.y + (code.height - side) / 2, width: side, height: side))
    }
}
