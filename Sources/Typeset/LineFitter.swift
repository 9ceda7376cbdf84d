/// Greedy line filling over shaped glyphs: lines end only at UAX #14 opportunities,
/// except that a single unbreakable piece wider than the line is split between
/// grapheme clusters (never inside one, so emoji ZWJ sequences and combining marks
/// stay whole).
struct LineFitter {
    struct Line: Equatable {
        /// Glyph index range in the paragraph's glyph array (trailing spaces included).
        var glyphs: Range<Int>
        /// Width without trailing white space.
        var width: Float
    }

    let text: ParagraphText
    let glyphs: [ShapedGlyph]

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
            if lineStart < segmentStart, lineWidth + width - trailing > maxWidth {
                lines.append(Line(glyphs: lineStart..<segmentStart, width: lineContent))
                lineStart = segmentStart
                lineWidth = 0
            }
            if width - trailing > maxWidth {
                // An unbreakable piece wider than a line: split it between clusters.
                splitOverlong(segmentStart..<g, maxWidth: maxWidth, lines: &lines, lineStart: &lineStart, lineWidth: &lineWidth)
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
