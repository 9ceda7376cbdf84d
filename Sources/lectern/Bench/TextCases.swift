import Kiosk
import Raster
import Typeset

/// Text: laying out a 20 KB mixed Latin/CJK page at 1080 px, and drawing a full
/// screen of 18 px text with a warm glyph cache.
final class TextCases {
    private let typesetter: Typesetter
    private let variants: [Document]
    private let frame: Bitmap
    private let screenLayout: PageLayout
    private var k = 0

    init(width: Int, height: Int) throws {
        typesetter = try Typesetter(style: TextStyle(size: 18))
        // 20 KB of the demo pages' Markdown (English and Chinese), in eight variants so
        // the typesetter's cache of recent layouts never answers.
        var text = ""
        let pages = ConfigTemplate.pages.map(\.markdown)
        while text.utf8.count < 20_000 { text += pages[text.count % pages.count] + "\n\n" }
        variants = (0..<8).map { Document.markdown(text + "\n\nvariant \($0)\n") }
        frame = try Bitmap(width: width, height: height)
        screenLayout = typesetter.layout(variants[0], width: width - 96)
        screenLayout.draw(into: frame.canvas, originX: 48, originY: 0, clip: frame.canvas.bounds) // warm the glyph cache
    }

    var cases: [(String, () -> Void)] {
        [
            ("text.layout", {
                self.k += 1
                _ = self.typesetter.layout(self.variants[self.k % self.variants.count], width: 1080)
            }),
            ("text.draw", {
                self.screenLayout.draw(into: self.frame.canvas, originX: 48, originY: 0, clip: self.frame.canvas.bounds)
            }),
        ]
    }
}
