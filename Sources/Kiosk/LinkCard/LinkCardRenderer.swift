import Raster
import Typeset

/// Draws the link card over the page: the page dimmed by the overlay colour, and the
/// card (drawn once per card into its own bitmap) over that, both at the card's fade.
/// At rest the card is opaque, so its QR code is exactly black on white: whole-pixel
/// modules, no scaling, no blending.
final class LinkCardRenderer {
    /// How much the overlay colour dims the page around the card (the menu uses the
    /// theme's overlay_alpha, 0.9; the card leaves more of the page visible).
    static let scrimAlpha = 0.6
    static let cardColor = Color.white
    static let moduleColor = Color.black

    private let config: KioskConfig
    private var bitmap: Bitmap?
    private var key: (generation: Int, layout: LinkCardLayout)?
    private struct SetterKey: Hashable { let size: Int; let color: UInt32 }
    private var setters: [SetterKey: Typesetter] = [:]

    init(config: KioskConfig) { self.config = config }

    /// dst = page with the scrim and card at `alpha` (1/255 steps) over `rect`.
    func compose(_ card: LinkCard, layout: LinkCardLayout, over page: Canvas, into dst: Canvas, alpha: Int, rect: IntRect) {
        let fade = Double(alpha) / 255
        dst.blend(color: config.theme.overlay, alpha: fade * Self.scrimAlpha, over: page, rect: rect)
        let box = layout.card
        guard dst.bounds.contains(box), let face = cardCanvas(card, layout: layout),
              let under = try? dst.subCanvas(box) else { return }
        let r = min(layout.cornerRadius, box.width / 2, box.height / 2)
        // Where the card is square, its bitmap goes over as it is; its four rounded
        // corners are filled as shapes so the page shows past the curve.
        let body = [IntRect(x: box.x + r, y: box.y, width: box.width - 2 * r, height: box.height),
                    IntRect(x: box.x, y: box.y + r, width: r, height: box.height - 2 * r),
                    IntRect(x: box.maxX - r, y: box.y + r, width: r, height: box.height - 2 * r)]
        for piece in body {
            let part = piece.intersection(rect)
            guard !part.isEmpty else { continue }
            under.composite(face, over: under, alpha: fade, rect: part.offsetBy(dx: -box.x, dy: -box.y))
        }
        let corners = [IntRect(x: box.x, y: box.y, width: r, height: r), IntRect(x: box.maxX - r, y: box.y, width: r, height: r),
                       IntRect(x: box.x, y: box.maxY - r, width: r, height: r), IntRect(x: box.maxX - r, y: box.maxY - r, width: r, height: r)]
        for corner in corners {
            var c = dst
            c.clip = corner.intersection(rect)
            guard !c.clip.isEmpty else { continue }
            c.fillRoundedRect(x: Double(box.x), y: Double(box.y), width: Double(box.width), height: Double(box.height),
                              radius: Double(r), color: Self.cardColor, alpha: fade)
        }
    }

    /// The card's face (card-sized), drawn when a new card or size comes.
    private func cardCanvas(_ card: LinkCard, layout: LinkCardLayout) -> Canvas? {
        if let key, key.generation == card.generation, key.layout == layout, let bitmap { return bitmap.canvas }
        if bitmap?.width != layout.card.width || bitmap?.height != layout.card.height {
            bitmap = try? Bitmap(width: layout.card.width, height: layout.card.height)
        }
        guard let bitmap, let link = card.link else { return nil }
        draw(link, layout: layout, into: bitmap.canvas)
        key = (card.generation, layout)
        return bitmap.canvas
    }

    private func draw(_ link: WebLink, layout: LinkCardLayout, into canvas: Canvas) {
        canvas.fill(canvas.bounds, color: Self.cardColor)
        let origin = (x: layout.card.x, y: layout.card.y)
        let theme = config.theme
        let title = link.text.trimmingCharacters(in: .whitespacesAndNewlines)
        drawText(title.isEmpty ? link.address : title, size: layout.titleSize, color: theme.text,
                 box: layout.title.offsetBy(dx: -origin.x, dy: -origin.y), into: canvas)
        drawText(link.address, size: layout.addressSize, color: theme.text.mixed(over: Self.cardColor, alpha: 0.75),
                 box: layout.address.offsetBy(dx: -origin.x, dy: -origin.y), into: canvas)
        let codeBox = layout.code.offsetBy(dx: -origin.x, dy: -origin.y)
        guard let code = QRCode(link.address) else {
            drawText("This address is too long for a QR code.", size: layout.addressSize, color: theme.muted, box: codeBox, into: canvas)
            return
        }
        // The quiet zone is the card's own white around the symbol.
        let (module, placed) = layout.codePlacement(modules: code.sizeWithQuietZone)
        let square = placed.offsetBy(dx: -origin.x, dy: -origin.y)
        let left = square.x + QRCode.quietZone * module, top = square.y + QRCode.quietZone * module
        for y in 0..<code.size {
            var x = 0
            while x < code.size {
                guard code.isDark(x: x, y: y) else { x += 1; continue }
                var end = x + 1
                while end < code.size, code.isDark(x: end, y: y) { end += 1 }
                canvas.fill(IntRect(x: left + x * module, y: top + y * module, width: (end - x) * module, height: module),
                            color: Self.moduleColor)
                x = end
            }
        }
    }

    /// Wrapped text in `box`, cut short with `…` until its lines fit (the card's boxes
    /// are a fixed size: a long address shows its start).
    private func drawText(_ text: String, size: Double, color: Color, box: IntRect, into canvas: Canvas) {
        guard let setter = setter(size: size, color: color) else { return }
        // Start from about as many characters as can fit at a narrow average width.
        var capacity = max(8, Int(Double(box.width * box.height) / (size * size * 0.4)))
        var layout = setter.layout(.plainText(Self.cut(text, to: capacity)), width: box.width)
        while layout.height > box.height, capacity > 2 {
            capacity = capacity * 4 / 5
            layout = setter.layout(.plainText(Self.cut(text, to: capacity)), width: box.width)
        }
        layout.draw(into: canvas, originX: box.x, originY: box.y, clip: box)
    }

    static func cut(_ text: String, to count: Int) -> String {
        text.count > count ? String(text.prefix(max(1, count - 1))) + "…" : text
    }

    private func setter(size: Double, color: Color) -> Typesetter? {
        let key = SetterKey(size: Int(size.rounded()), color: color.argb)
        if let setter = setters[key] { return setter }
        var style = TypesetContent.style(config: config, size: Double(key.size))
        style.textColor = color
        style.glyphCacheBytes = 512 << 10  // a few lines of text per card
        let setter = try? Typesetter(style: style)
        setters[key] = setter
        return setter
    }
}
