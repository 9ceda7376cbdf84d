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
    /// Bidi embedding level of each UTF-16 unit (Bidi/ParagraphText+Bidi.swift); empty
    /// when the whole paragraph is left to right at level 0 (no reordering needed).
    var levels: [UInt8] = []
    /// The paragraph's own direction (its base level is 1): right-aligned, reordered.
    var isRightToLeft = false

    func level(at offset: Int) -> UInt8 { levels.isEmpty ? 0 : levels[offset] }

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

    /// The page's language (BCP 47), passed to HarfBuzz for language-specific forms.
    var language: String? = nil

    /// Longest piece of one grapheme cluster handed to HarfBuzz at once, in scalars:
    /// HarfBuzz 6 attaches each mark by scanning back over the marks before it, so a
    /// cluster of n marks costs n² (300 000 marks after one letter took 108 s). Longer
    /// clusters are shaped in pieces of this many scalars; Unicode's stream-safe format
    /// (UAX #15) allows 30 non-starters in a row, so real text never gets cut.
    static let maxShapedClusterScalars = 32

    func shape(_ text: ParagraphText) -> [ShapedGlyph] {
        guard !text.isEmpty, let buffer = hb_buffer_create() else { return [] }
        defer { hb_buffer_destroy(buffer) }
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(text.utf16.count)
        var run = Run(start: 0, face: -1, attributes: TextAttributes(), level: 0, script: HB_SCRIPT_COMMON, longestCluster: 0)
        text.utf16.withUnsafeBufferPointer { utf16 in
            func flush(upTo end: Int) {
                guard run.face >= 0, end > run.start else { return }
                shapeRun(buffer, utf16, run.start..<end, run, into: &glyphs)
            }
            // One chain lookup per run of attributes, not per cluster.
            var chainAttributes: TextAttributes?
            var chain: FontChain!
            for (index, cluster) in text.clusters.enumerated() {
                if cluster.attributes != chainAttributes {
                    chain = chainFor(cluster.attributes)
                    chainAttributes = cluster.attributes
                }
                let scalars = text.scalars[text.clusterScalars[index]]
                let face = chain.face(forCluster: scalars)
                let level = text.level(at: cluster.offset)
                var script = Self.script(of: scalars.first!)
                if script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED { script = run.script }
                if face != run.face || cluster.attributes != run.attributes || level != run.level || script != run.script {
                    flush(upTo: cluster.offset)
                    run = Run(start: cluster.offset, face: face, attributes: cluster.attributes, level: level, script: script, longestCluster: 0)
                }
                let end = index + 1 < text.clusters.count ? text.clusters[index + 1].offset : text.utf16.count
                run.longestCluster = max(run.longestCluster, end - cluster.offset)
                if scalars.count > Self.maxShapedClusterScalars {
                    flush(upTo: cluster.offset)
                    var pieceStart = cluster.offset, offset = cluster.offset
                    for (i, scalar) in scalars.enumerated() {
                        if i > 0, i % Self.maxShapedClusterScalars == 0 {
                            run.longestCluster = offset - pieceStart
                            shapeRun(buffer, utf16, pieceStart..<offset, run, into: &glyphs)
                            pieceStart = offset
                        }
                        offset += scalar.utf16.count
                    }
                    run.longestCluster = offset - pieceStart
                    shapeRun(buffer, utf16, pieceStart..<offset, run, into: &glyphs)
                    run.face = -1
                }
            }
            flush(upTo: text.utf16.count)
        }
        return glyphs
    }

    /// A stretch of text shaped by one HarfBuzz call.
    struct Run {
        var start: Int
        var face: Int
        var attributes: TextAttributes
        var level: UInt8
        var script: hb_script_t
        /// UTF-16 length of its longest grapheme cluster (for `FontStore.shapingCost`).
        var longestCluster: Int
    }

    /// The scalar's script; ASCII without asking HarfBuzz's tables.
    private static func script(of scalar: Unicode.Scalar) -> hb_script_t {
        if scalar.value < 0x80 {
            return (0x41...0x5A).contains(scalar.value) || (0x61...0x7A).contains(scalar.value) ? HB_SCRIPT_LATIN : HB_SCRIPT_COMMON
        }
        return hb_unicode_script(hb_unicode_funcs_get_default(), scalar.value)
    }

    private func shapeRun(_ buffer: OpaquePointer, _ utf16: UnsafeBufferPointer<UInt16>, _ range: Range<Int>,
                          _ run: Run, into glyphs: inout [ShapedGlyph]) {
        let face = run.face, attributes = run.attributes
        guard !store.faces[face].isClosed else { return }
        // HarfBuzz's cost grows with the run times its longest cluster (see above).
        store.shapingCost += range.count * max(run.longestCluster, 1)
        let font = store.faces[face].hbFont
        hb_buffer_clear_contents(buffer)
        // The whole paragraph is passed as context so shaping at run edges is right;
        // clusters come back as UTF-16 offsets into the paragraph.
        hb_buffer_add_utf16(buffer, utf16.baseAddress, Int32(utf16.count), UInt32(range.lowerBound), Int32(range.count))
        let rightToLeft = run.level & 1 == 1
        // Each run in its own direction (bidi level) and script; HarfBuzz mirrors
        // brackets in right-to-left runs.
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        if run.script != HB_SCRIPT_COMMON { hb_buffer_set_script(buffer, run.script) }
        if let language { hb_buffer_set_language(buffer, hb_language_from_string(language, -1)) }
        hb_buffer_guess_segment_properties(buffer)
        hb_buffer_set_flags(buffer, HB_BUFFER_FLAG_DO_NOT_INSERT_DOTTED_CIRCLE)
        hb_shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return }
        let first = glyphs.count
        for i in 0..<Int(count) {
            glyphs.append(ShapedGlyph(
                face: Int32(face), glyph: infos[i].codepoint, cluster: Int32(infos[i].cluster),
                advance: Float(positions[i].x_advance) / 64,
                xOffset: Float(positions[i].x_offset) / 64, yOffset: Float(positions[i].y_offset) / 64,
                color: attributes.color, decoration: attributes.decoration, link: attributes.link))
        }
        // HarfBuzz gives a right-to-left run in visual order; glyphs are kept in logical
        // order (line breaking walks them by cluster) and put back per line (LineOrder).
        if rightToLeft { glyphs[first...].reverse() }
    }
}
