import Raster
import Typeset

/// Draws a clip's caption over its picture: the cue's text set by Lectern's typesetter
/// (any script, right-to-left included: the shaping and bidi of a page's text), white on
/// an opaque black band at the clip's foot, centred on the ink. White on black is 21:1,
/// past WCAG AA (4.5:1) over any picture, which a see-through backdrop could not promise.
/// Each caption is set once into a small bitmap, kept while it shows (and a few others:
/// a looping clip shows them again).
final class CaptionPainter {
    static let textColor = Color.white
    static let backdrop = Color.black
    /// Captions kept set, at most.
    static let kept = 8

    private let config: KioskConfig
    private var setters: [Int: Typesetter] = [:]
    private var images: [Key: Bitmap] = [:]
    private var order: [Key] = []

    private struct Key: Hashable {
        let text: String
        let size: Int
        let width: Int
    }

    init(config: KioskConfig) { self.config = config }

    /// The caption's text size for a clip shown `height` px tall: a fifteenth of it,
    /// at least `minimum` (the page's small print) and at most 48 px.
    static func textSize(clipHeight height: Int, minimum: Double) -> Int {
        Int(min(max(Double(height) / 15, minimum), max(minimum, 48)).rounded())
    }

    /// Draws `text` centred at the foot of `rect` (its bottom `bottomInset` px left free for
    /// the progress bar), inside `canvas`'s clip.
    func draw(_ text: String, over rect: IntRect, bottomInset: Int, minimumSize: Double, on canvas: Canvas) {
        let size = Self.textSize(clipHeight: rect.height, minimum: minimumSize)
        guard let image = image(text, size: size, width: rect.width) else { return }
        let x = rect.x + (rect.width - image.width) / 2
        let y = max(rect.y, rect.maxY - bottomInset - size / 2 - image.height)
        canvas.blit(image.canvas, from: IntRect(x: 0, y: 0, width: image.width, height: min(image.height, rect.height)), toX: x, y: y)
    }

    /// The caption set white on black, cropped to its ink plus a margin of half a line's
    /// height across and a quarter down; nil when nothing can be set.
    private func image(_ text: String, size: Int, width: Int) -> Bitmap? {
        let key = Key(text: text, size: size, width: width)
        if let image = images[key] { return image }
        guard size >= 4, width > 2 * size, let setter = setter(size: size) else { return nil }
        let padX = size / 2, padY = size / 4
        let words = text.split(separator: "\n").joined(separator: " ")
        let layout = setter.layout(.plainText(words), width: width - 2 * padX)
        guard let scratch = try? Bitmap(width: width, height: max(1, layout.height + 2 * padY)) else { return nil }
        let c = scratch.canvas
        c.fill(c.bounds, color: Self.backdrop)
        layout.draw(into: c, originX: padX, originY: padY, clip: c.bounds)
        let backdrop = Self.backdrop.argb & 0xFF_FFFF
        var minX = Int.max, maxX = -1
        for y in 0..<c.height {
            let row = c.row(y)
            for x in 0..<c.width where row[x] & 0xFF_FFFF != backdrop {
                minX = min(minX, x)
                maxX = max(maxX, x)
            }
        }
        guard maxX >= minX else { return nil }
        let left = max(0, minX - padX), right = min(width, maxX + 1 + padX)
        guard let cropped = try? Bitmap(width: right - left, height: scratch.height) else { return nil }
        cropped.canvas.blit(c, from: IntRect(x: left, y: 0, width: right - left, height: scratch.height), toX: 0, y: 0)
        images[key] = cropped
        order.append(key)
        if order.count > Self.kept { images[order.removeFirst()] = nil }
        return cropped
    }

    private func setter(size: Int) -> Typesetter? {
        if let setter = setters[size] { return setter }
        var style = TypesetContent.style(config: config, size: Double(size))
        style.textColor = Self.textColor
        style.backgroundColor = Self.backdrop
        style.measure = nil
        style.glyphCacheBytes = 512 << 10  // a few lines at a time
        let setter = try? Typesetter(style: style)
        setters[size] = setter
        return setter
    }
}
