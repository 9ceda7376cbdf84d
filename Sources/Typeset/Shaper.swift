import CHarfBuzz

/// A piece of a paragraph in one look: font variant, size factor and colour.
struct TextAttributes: Hashable {
    var variant: FontChain.Variant = .regular
    /// Multiple of the body size.
    var scale: Double = 1
    var color: PaletteColor = .text
    var decoration: Decoration = []
    /// Which link of the layout this text belongs to (`LinkRecorder`), -1 for none.
    var link: Int32 = -1
}

/// Lines drawn with the text: under links, through struck-out text.
struct Decoration: OptionSet, Hashable, Sendable {
    let rawValue: UInt8
    static let underline = Decoration(rawValue: 1)
    static let strikethrough = Decoration(rawValue: 2)
    /// Inline code's tinted box behind the glyphs.
    static let codeBackground = Decoration(rawValue: 4)
}

enum PaletteColor: UInt8, Sendable {
    case text, muted, accent
    /// The tint behind code (TextStyle+Palette.swift), and the alerts' colours.
    case codeBackground, note, tip, important, warning, caution
}

/// One shaped glyph, in logical order within its paragraph.
struct ShapedGlyph {
    var face: Int32
    var glyph: UInt32
    /// UTF-16 offset of the cluster this glyph belongs to.
    var cluster: Int32
    var advance: Float
    var xOffset: Float
    var yOffset: Float
    var color: PaletteColor
    var decoration: Decoration = []
    var link: Int32 = -1
}

/// A paragraph's text as UTF-16 with attributes, grapheme boundaries and white space
/// flags by code unit, ready for shaping and breaking.
struct ParagraphText {
    private(set) var utf16: [UInt16] = []
    private(set) var attributeRuns: [(start: Int, attributes: TextAttributes)] = []
    /// True at the UTF-16 offset of each grapheme cluster start (and at the end).
    private(set) var graphemeStart: [Bool] = []
    private(set) var isWhitespace: [Bool] = []
    /// Each grapheme cluster: where it starts and its scalars' range in `scalars`.
    private(set) var clusters: [(offset: Int, attributes: TextAttributes)] = []
    private(set) var clusterScalars: [Range<Int>] = []
    private(set) var scalars: [Unicode.Scalar] = []

    var isEmpty: Bool { utf16.isEmpty }

    mutating func append(_ text: String, _ attributes: TextAttributes) {
        guard !text.isEmpty else { return }
        attributeRuns.append((utf16.count, attributes))
        if !graphemeStart.isEmpty { graphemeStart.removeLast() }
        for character in text {
            clusters.append((utf16.count, attributes))
            let first = scalars.count
            scalars.append(contentsOf: character.unicodeScalars)
            clusterScalars.append(first..<scalars.count)
            // ASCII without Swift's Unicode tables ("\r\n" is one Character: asciiValue 10).
            let white = character.asciiValue.map { $0 == 0x20 || (0x09...0x0D).contains($0) } ?? character.isWhitespace
            var firstUnit = true
            for unit in character.utf16 {
                utf16.append(unit)
                graphemeStart.append(firstUnit)
                isWhitespace.append(white)
                firstUnit = false
            }
        }
        graphemeStart.append(true)
    }
}

/// Shapes paragraphs with HarfBuzz, splitting them into runs by attributes and by
/// which face in the chain covers each grapheme cluster.
struct Shaper {
    let store: FontStore
    let chainFor: (TextAttributes) -> FontChain

    func shape(_ text: ParagraphText) -> [ShapedGlyph] {
        guard !text.isEmpty, let buffer = hb_buffer_create() else { return [] }
        defer { hb_buffer_destroy(buffer) }
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(text.utf16.count)
        var runStart = 0
        var runFace = -1
        var runAttributes = TextAttributes()
        text.utf16.withUnsafeBufferPointer { utf16 in
            func flush(upTo end: Int) {
                guard runFace >= 0, end > runStart else { return }
                shapeRun(buffer, utf16, runStart..<end, face: runFace, attributes: runAttributes, into: &glyphs)
            }
            // One chain lookup per run of attributes, not per cluster.
            var chainAttributes: TextAttributes?
            var chain: FontChain!
            for (index, cluster) in text.clusters.enumerated() {
                if cluster.attributes != chainAttributes {
                    chain = chainFor(cluster.attributes)
                    chainAttributes = cluster.attributes
                }
                let face = chain.face(forCluster: text.scalars[text.clusterScalars[index]])
                if face != runFace || cluster.attributes != runAttributes {
                    flush(upTo: cluster.offset)
                    runStart = cluster.offset
                    runFace = face
                    runAttributes = cluster.attributes
                }
            }
            flush(upTo: text.utf16.count)
        }
        return glyphs
    }

    private func shapeRun(_ buffer: OpaquePointer, _ utf16: UnsafeBufferPointer<UInt16>, _ range: Range<Int>,
                          face: Int, attributes: TextAttributes, into glyphs: inout [ShapedGlyph]) {
        guard !store.faces[face].isClosed else { return }
        let font = store.faces[face].hbFont
        hb_buffer_clear_contents(buffer)
        // The whole paragraph is passed as context so shaping at run edges is right;
        // clusters come back as UTF-16 offsets into the paragraph.
        hb_buffer_add_utf16(buffer, utf16.baseAddress, Int32(utf16.count), UInt32(range.lowerBound), Int32(range.count))
        hb_buffer_guess_segment_properties(buffer)
        // Pages are laid out left to right; right-to-left scripts are not supported.
        hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
        hb_shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return }
        for i in 0..<Int(count) {
            glyphs.append(ShapedGlyph(
                face: Int32(face), glyph: infos[i].codepoint, cluster: Int32(infos[i].cluster),
                advance: Float(positions[i].x_advance) / 64,
                xOffset: Float(positions[i].x_offset) / 64, yOffset: Float(positions[i].y_offset) / 64,
                color: attributes.color, decoration: attributes.decoration, link: attributes.link))
        }
    }
}
