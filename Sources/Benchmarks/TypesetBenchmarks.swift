import Measure
import Typeset
import Raster

/// `lectern bench` cases for text: layout of a 20 KB mixed Latin/CJK page at 1080 px,
/// and drawing a full screen of 18 px text with a warm glyph cache.
public enum TypesetBenchmarks {
    /// About `bytes` of UTF-8 Markdown mixing English and Chinese paragraphs.
    public static func sampleMarkdown(bytes: Int) -> String {
        let latin = "The kiosk shows articles in **Latin** and CJK text, wrapped by *UAX #14* rules with kerning and ligatures. "
        let cjk = "在触摸屏上显示文章，文字按照规则换行。中文与英文混排，标点不会出现在行首。"
        var text = "# Benchmark page\n\n"
        var i = 0
        while text.utf8.count < bytes {
            text += i % 2 == 0 ? latin + latin + "\n\n" : cjk + "Mixed 混排 text. " + cjk + "\n\n"
            i += 1
        }
        return text
    }

    public static var cases: [BenchCase] {
        [
            BenchCase(name: "text.layout") { _, _ in
                let typesetter = try Typesetter(style: TextStyle(size: 18))
                let document = Document.markdown(sampleMarkdown(bytes: 20 * 1024))
                _ = typesetter.freshLayout(document, width: 1080)  // fonts opened, chains warm
                return { _ = typesetter.freshLayout(document, width: 1080) }
            },
            // A pathological page: one letter and 300 000 combining marks (600 KB), a
            // single grapheme cluster. HarfBuzz alone was quadratic in it (108 s).
            BenchCase(name: "text.layout.marks") { _, _ in
                let typesetter = try Typesetter(style: TextStyle(size: 18))
                let document = Document.markdown("a" + String(repeating: "\u{301}", count: 300_000))
                _ = typesetter.freshLayout(document, width: 1080)
                return { _ = typesetter.freshLayout(document, width: 1080) }
            },
            BenchCase(name: "text.draw") { w, h in
                let typesetter = try Typesetter(style: TextStyle(size: 18))
                let layout = typesetter.layout(.markdown(sampleMarkdown(bytes: 40 * 1024)), width: w)
                let frame = try Bitmap(width: w, height: h)
                layout.draw(into: frame.canvas, originX: 0, originY: 0, clip: frame.canvas.bounds)  // warm the glyph cache
                // The body keeps `frame` (owner of the pixels) alive, not just a canvas view.
                return { layout.draw(into: frame.canvas, originX: 0, originY: 0, clip: frame.canvas.bounds) }
            },
        ]
    }
}
