/// Greedy line filling over shaped glyphs: lines end only at UAX #14 opportunities,
/// or with `hyphenation` at a word's hyphenation points (LineFitter+Hyphenation.swift):
/// a word that leaves a line very short, or one wider than a line, is hyphenated.
/// A piece wider than the line that cannot be hyphenated is split between grapheme
/// clusters (never inside one, so emoji ZWJ sequences and combining marks stay whole).
struct LineFitter {
    struct Line: Equatable {
        /// Glyph index range in the paragraph's glyph array (trailing spaces included).
        var glyphs: Range<Int>
        /// Width without trailing white space (with the hyphen when hyphenated).
        var width: Float
        /// The line ends inside a word: a hyphen is drawn after its last glyph.
        var hyphenated = false
    }

    let text: ParagraphText
    let glyphs: [ShapedGlyph]
    /// Dictionary and hyphen glyphs; nil: no hyphenation.
    var hyphenation: Hyphenation? = nil

    init(text: ParagraphText, glyphs: [ShapedGlyph], hyphenation: Hyphenation? = nil) {
        self.text = text
        self.glyphs = glyphs
        self.hyphenation = hyphenation
    }

    func lines(maxWidth: Float, breaks: [Int]) -> [Line] {
        guard !glyphs.isEmpty else { return [] }
        var lines: [Line] = []
        var lineStart = 0
        var lineWidth: Float = 0      // including trailing white space so far
        var lineContent: Float = 0    // without it
        var g = 0
        for offset in breaks {
            let segmentStart = g
            var width: Float = 0
            var trailing: Float = 0
            while g < glyphs.count, Int(glyphs[g].cluster) < offset {
                width += glyphs[g].advance
                trailing = text.isWhitespace[Int(glyphs[g].cluster)] ? trailing + glyphs[g].advance : 0
                g += 1
            }
            guard g > segmentStart else { continue }
            var rest = segmentStart
            if lineStart < segmentStart, lineWidth + width - trailing > maxWidth {
                if maxWidth - lineContent > maxWidth * Self.hyphenateGap,
                   let cut = hyphenBreak(in: segmentStart..<g, room: maxWidth - lineWidth) {
                    // The word would leave a gaping line: its first syllables end it.
                    lines.append(Line(glyphs: lineStart..<cut.glyph, width: lineWidth + cut.width, hyphenated: true))
                    rest = cut.glyph
                    width -= advance(segmentStart..<cut.glyph)
                } else {
                    lines.append(Line(glyphs: lineStart..<segmentStart, width: lineContent))
                }
                lineStart = rest
                lineWidth = 0
            }
            if width - trailing > maxWidth {
                // A piece wider than a line: hyphenated where the dictionary allows,
                // and what still does not fit split between clusters.
                while width - trailing > maxWidth, let cut = hyphenBreak(in: rest..<g, room: maxWidth) {
                    lines.append(Line(glyphs: rest..<cut.glyph, width: cut.width, hyphenated: true))
                    width -= advance(rest..<cut.glyph)
                    rest = cut.glyph
                    lineStart = rest
                }
                if width - trailing > maxWidth {
                    splitOverlong(rest..<g, maxWidth: maxWidth, lines: &lines, lineStart: &lineStart, lineWidth: &lineWidth)
                } else {
                    lineWidth = width
                }
                lineContent = lineWidth - trailing
                continue
            }
            lineContent = lineWidth + width - trailing
            lineWidth += width
        }
        if lineStart < glyphs.count {
            lines.append(Line(glyphs: lineStart..<glyphs.count, width: lineContent))
        }
        return lines
    }

    private func splitOverlong(_ range: Range<Int>, maxWidth: Float, lines: inout [Line], lineStart: inout Int, lineWidth: inout Float) {
        var i = range.lowerBound
        while i < range.upperBound {
            // One grapheme cluster's glyphs (HarfBuzz may give several per cluster).
            var j = i + 1
            var width = glyphs[i].advance
            while j < range.upperBound, !startsCluster(j) {
                width += glyphs[j].advance
                j += 1
            }
            // Closing punctuation hangs past the edge rather than start a line (kinsoku).
            if lineStart < i, lineWidth + width > maxWidth, !LineFitter.mustNotStartLine(text.scalars[text.clusterScalars[clusterIndex(of: i)]].first) {
                lines.append(Line(glyphs: lineStart..<i, width: lineWidth))
                lineStart = i
                lineWidth = 0
            }
            lineWidth += width
            i = j
        }
    }

    private func clusterIndex(of glyph: Int) -> Int {
        // Clusters are sorted by UTF-16 offset.
        let offset = Int(glyphs[glyph].cluster)
        var lo = 0, hi = text.clusters.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if text.clusters[mid].offset <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    static func mustNotStartLine(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return false }
        switch scalar.properties.generalCategory {
        case .closePunctuation, .finalPunctuation: return true
        default: return "。．，、！？：；・ー々ゝゞ）」』】〕〉》.,!?:;".unicodeScalars.contains(scalar)
        }
    }

    /// Whether glyph `i` begins a new grapheme cluster (not a mark, ligature part or
    /// joined emoji of the previous one).
    private func startsCluster(_ i: Int) -> Bool {
        let cluster = Int(glyphs[i].cluster)
        return cluster != Int(glyphs[i - 1].cluster) && text.graphemeStart[cluster]
            && cluster > Int(glyphs[i - 1].cluster)
    }
}
