import Raster

/// Lays out documents in one `TextStyle`: owns the fonts (FreeType faces, fallback
/// chains) and the glyph cache that its page layouts draw with.
///
/// Not thread-safe: use a typesetter and its layouts from one thread.
public final class Typesetter {
    public let style: TextStyle
    let store: FontStore
    /// Where its pages' pictures keep their pixels (one per process unless a test asks).
    public var pictures: DecodedPictures = .shared
    private var chains: [ChainKey: FontChain] = [:]
    /// The last few layouts, so asking again for the same page at the same width
    /// (a redraw, a page revisited) does not lay it out again.
    private var recentLayouts: [(document: Document, width: Int, layout: PageLayout)] = []
    /// Mean advance of a character of ordinary prose in the body font (ReadingMeasure.swift).
    public private(set) lazy var averageCharacterWidth: Double = ReadingMeasure.averageCharacterWidth(of: self)

    private struct ChainKey: Hashable {
        var variant: FontChain.Variant
        var scale: Double
    }

    public enum Error: Swift.Error, Equatable, CustomStringConvertible {
        case noFonts
        case badSize(Double)
        public var description: String {
            switch self {
            case .noFonts: return "no fonts configured: at least one font path is needed"
            case let .badSize(size): return "text size \(size) px is out of range (4…512)"
            }
        }
    }

    /// Configured fonts that cannot be used (each message names the file and why); the
    /// others are used without them. Empty when every font opened.
    public var fontProblems: [String] {
        var seen = Set<String>()
        return FontChain.Variant.allCases.compactMap { chains[ChainKey(variant: $0, scale: 1)] }
            .flatMap(\.problems).filter { seen.insert($0).inserted }
    }

    /// Opens every configured font at the body size. A font that cannot be used is left
    /// out (`fontProblems`); an error, naming the font file, only when none can be.
    public init(style: TextStyle) throws {
        guard !style.fontPaths.isEmpty else { throw Error.noFonts }
        guard style.size >= 4, style.size <= 512 else { throw Error.badSize(style.size) }
        self.style = style
        store = try FontStore(glyphCacheBudget: style.glyphCacheBytes)
        for variant in FontChain.Variant.allCases { _ = try chain(variant, scale: 1) }
    }

    /// The same fonts at another body size (text zoom), sharing `other`'s faces and glyph
    /// cache: faces already opened at a size are not opened again.
    public init(resizing other: Typesetter, size: Double) throws {
        guard size >= 4, size <= 512 else { throw Error.badSize(size) }
        var style = other.style
        style.size = size
        self.style = style
        store = other.store
        pictures = other.pictures
        for variant in FontChain.Variant.allCases { _ = try chain(variant, scale: 1) }
    }

    /// Forgets the recent layouts (a hyphenation dictionary arrived: the same page at
    /// the same width now breaks its lines elsewhere).
    public func forgetLayouts() { recentLayouts.removeAll() }

    public func layout(_ document: Document, width: Int) -> PageLayout {
        if let hit = recentLayouts.first(where: { $0.width == width && $0.document == document }) { return hit.layout }
        let layout = freshLayout(document, width: width)
        recentLayouts.insert((document, width, layout), at: 0)
        if recentLayouts.count > 4 { recentLayouts.removeLast() }
        return layout
    }

    /// Lays out without consulting the recent-layouts memo (benchmarks measure this).
    public func freshLayout(_ document: Document, width: Int) -> PageLayout {
        var builder = LayoutBuilder(typesetter: self, width: width, baseDirectory: document.baseDirectory)
        builder.language = document.language ?? style.language
        builder.directionPolicy = DirectionPolicy(explicit: document.direction ?? style.direction,
                                                  fallback: builder.language.map(TextDirection.of(language:)) ?? .leftToRight)
        for block in document.blocks { builder.addAnchoring(block) }
        return builder.finish()
    }

    /// Characters of `document` that no font covers (configured fonts, then system
    /// fonts when enabled), with how often each occurs, in order of first appearance.
    public func missingCharacters(in document: Document) -> [(scalar: Unicode.Scalar, count: Int)] {
        missingCharacters(in: document.visibleText)
    }

    public func missingCharacters(in text: String) -> [(scalar: Unicode.Scalar, count: Int)] {
        let regular = try? chain(.regular, scale: 1)
        var counts: [Unicode.Scalar: Int] = [:]
        var order: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars where !FontChain.isInvisible(scalar) {
            if let known = counts[scalar] {
                if known > 0 { counts[scalar] = known + 1 }
                continue
            }
            let covered = regular?.face(for: scalar.value) != nil
            counts[scalar] = covered ? 0 : 1
            if !covered { order.append(scalar) }
        }
        return order.map { ($0, counts[$0]!) }
    }

    /// Shapes one line of text in the body style: glyph ids, faces and advances. For
    /// tests and measurements.
    func shape(_ string: String, variant: FontChain.Variant = .regular) -> [ShapedGlyph] {
        var text = ParagraphText()
        text.append(string, TextAttributes(variant: variant))
        return shaper.shape(text)
    }

    /// The font file that draws the first character of `string` (fallback included).
    public func fontPath(for string: String) -> String? {
        guard let glyph = shape(string).first else { return nil }
        return store.faces[Int(glyph.face)].path
    }

    var shaper: Shaper {
        Shaper(store: store) { [unowned self] attributes in
            // Chains for the body were opened in init and for other sizes they open
            // files that already opened once; a failure here falls back to the body chain.
            (try? self.chain(attributes.variant, scale: attributes.scale)) ?? self.chains[ChainKey(variant: .regular, scale: 1)]!
        }
    }

    /// Every chain opened so far (a layout keeps the ones it was set with).
    var openChains: [FontChain] { Array(chains.values) }

    func chain(_ variant: FontChain.Variant, scale: Double) throws -> FontChain {
        let key = ChainKey(variant: variant, scale: scale)
        if let chain = chains[key] { return chain }
        let chain = try FontChain(store: store, entries: entries(for: variant), variant: variant,
                                  size: style.size * scale, useSystemFallback: style.useSystemFallback)
        chains[key] = chain
        return chain
    }

    /// The configured faces for a variant: its own file if set, else the regular font
    /// with synthesised weight or slant; then the rest of the regular chain (synthesised
    /// alike) so CJK and other fallbacks are styled too.
    private func entries(for variant: FontChain.Variant) -> [FontChain.Entry] {
        let regular = style.fontPaths
        let rest = regular.dropFirst()
        func styled(_ path: String?, embolden: Bool, oblique: Bool) -> [FontChain.Entry] {
            let synthesis = FontFace.Synthesis(embolden: embolden, oblique: oblique)
            let first = path.map { FontChain.Entry(path: $0, synthesis: .none) }
                ?? FontChain.Entry(path: regular[0], synthesis: synthesis)
            return [first] + rest.map { FontChain.Entry(path: $0, synthesis: synthesis) }
        }
        switch variant {
        case .regular: return regular.map { FontChain.Entry(path: $0, synthesis: .none) }
        case .bold: return styled(style.boldFontPath, embolden: true, oblique: false)
        case .italic: return styled(style.italicFontPath, embolden: false, oblique: true)
        case .boldItalic:
            if let path = style.boldItalicFontPath { return styled(path, embolden: true, oblique: true) }
            if let bold = style.boldFontPath {
                return [FontChain.Entry(path: bold, synthesis: .init(embolden: false, oblique: true))]
                    + rest.map { FontChain.Entry(path: $0, synthesis: .init(embolden: true, oblique: true)) }
            }
            return styled(nil, embolden: true, oblique: true)
        case .monospace:
            return (style.monospaceFontPath.map { [FontChain.Entry(path: $0, synthesis: .none)] } ?? [])
                + regular.map { FontChain.Entry(path: $0, synthesis: .none) }
        }
    }
}

extension Typesetter {
    /// The lines one paragraph of body text wraps into at `width` px, as strings, with
    /// each line's width. Used by tests and by `lectern check` style tooling.
    func wrap(_ string: String, width: Double) -> [(text: String, width: Float)] {
        var text = ParagraphText()
        text.append(string, TextAttributes())
        let shaped = shaper.shape(text)
        let hyphenation = style.language.map { LineFitter.Hyphenation(language: $0, faces: store.faces) }
        let lines = LineFitter(text: text, glyphs: shaped, hyphenation: hyphenation)
            .lines(maxWidth: Float(width), breaks: LineBreaks.opportunities(in: text.utf16))
        return lines.map { line in
            let start = Int(shaped[line.glyphs.lowerBound].cluster)
            let end = line.glyphs.upperBound < shaped.count ? Int(shaped[line.glyphs.upperBound].cluster) : text.utf16.count
            return (String(decoding: text.utf16[start..<end], as: UTF16.self) + (line.hyphenated ? "-" : ""), line.width)
        }
    }
}
