extension Typesetter {
    /// The lines a paragraph of `inlines` wraps into at `width` px, as text, exactly as
    /// layout breaks them (code rules, hyphenation in `language`); a hyphenated line ends
    /// in "-". For tests and tooling that need to read what a reader would see.
    func wrap(_ inlines: [Inline], width: Double, language: String?) -> [String] {
        var builder = LayoutBuilder(typesetter: self, width: Int(width) + style.margins.left + style.margins.right, baseDirectory: nil)
        let text = builder.paragraphText(inlines, base: TextAttributes())
        let shaped = shaper.shape(text)
        let hyphenation = language.map { LineFitter.Hyphenation(language: $0, faces: store.faces) }
        let lines = LineFitter(text: text, glyphs: shaped, hyphenation: hyphenation)
            .lines(maxWidth: Float(width), breaks: CodeBreaks.opportunities(in: text))
        return lines.map { line in
            let start = Int(shaped[line.glyphs.lowerBound].cluster)
            let end = line.glyphs.upperBound < shaped.count ? Int(shaped[line.glyphs.upperBound].cluster) : text.utf16.count
            return String(decoding: text.utf16[start..<end], as: UTF16.self) + (line.hyphenated ? "-" : "")
        }
    }
}
