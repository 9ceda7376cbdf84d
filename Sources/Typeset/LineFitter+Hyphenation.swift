import CFreeType
import CHarfBuzz

/// Hyphenation inside the greedy fill. ICU still decides where lines may break between
/// words (UAX #14); a dictionary (libhyphen, `Hyphenator`) adds points inside a word,
/// used in two cases only, so a comfortable ragged right is not peppered with hyphens:
/// - the next word does not fit and breaking before it would leave more than
///   `hyphenateGap` of the line empty (long words in narrow columns);
/// - a word is wider than the whole line (it used to be cut at an arbitrary letter).
/// Ideographic text (CJK) is never hyphenated: ICU breaks between its characters.
extension LineFitter {
    struct Hyphenation {
        /// The page's language; its dictionary is looked up only when a word needs it.
        let language: String
        /// The store's faces when the paragraph was shaped (for each face's hyphen glyph).
        let faces: [FontFace]
    }

    /// Breaking before a word that does not fit hyphenates it when the line would
    /// otherwise end more than this fraction of its width short. At a 70-character
    /// measure that is a word of over 8 characters after a line with room for 8 more;
    /// at 25 characters (large text on a portrait screen), 3.
    static let hyphenateGap: Float = 0.12

    /// Letters a word must have before it is worth asking the dictionary (patterns keep
    /// at least 2 before and 2–3 after a hyphen anyway).
    static let minimumHyphenatedWord = 5

    func advance(_ range: Range<Int>) -> Float {
        var sum: Float = 0
        for i in range { sum += glyphs[i].advance }
        return sum
    }

    /// The last hyphenation point of the word in `range` (one piece between two break
    /// opportunities: leading punctuation, letters, trailing punctuation and spaces) at
    /// which its start plus a hyphen fits in `room`: the glyph the rest begins with and
    /// the width up to there, hyphen included. Nil without a dictionary, for anything
    /// that is not one plain word, or when no point fits.
    func hyphenBreak(in range: Range<Int>, room: Float) -> (glyph: Int, width: Float)? {
        guard let hyphenation, room > 0, !range.isEmpty else { return nil }
        // Code is never hyphenated: a copied command must read as written.
        guard !text.isCode(at: Int(glyphs[range.lowerBound].cluster)) else { return nil }
        guard let word = wordLetters(range), word.letters.count >= Self.minimumHyphenatedWord,
              let hyphenator = HyphenationDictionaries.shared.hyphenator(for: hyphenation.language) else { return nil }
        var best: (glyph: Int, width: Float)?
        var g = range.lowerBound
        var width: Float = 0
        for point in hyphenator.breaks(in: word.letters) {
            let target = word.offsets[point]
            while g < range.upperBound, Int(glyphs[g].cluster) < target {
                width += glyphs[g].advance
                g += 1
            }
            // A ligature or cluster spanning the point cannot be cut there.
            guard g > range.lowerBound, g < range.upperBound, Int(glyphs[g].cluster) == target,
                  let hyphen = hyphenation.faces[Int(glyphs[g - 1].face)].hyphenGlyph else { continue }
            guard width + hyphen.advance <= room else { break }
            best = (g, width + hyphen.advance)
        }
        return best
    }

    /// The letters of the single word in `range` and the UTF-16 offset of each; nil when
    /// the piece is not letters between optional punctuation (a URL, a number, "don't",
    /// ideographs).
    private func wordLetters(_ range: Range<Int>) -> (letters: [Unicode.Scalar], offsets: [Int])? {
        let start = Int(glyphs[range.lowerBound].cluster)
        let end = range.upperBound < glyphs.count ? Int(glyphs[range.upperBound].cluster) : text.utf16.count
        guard start < end, end - start <= Hyphenator.maximumWordLength * 2 else { return nil }
        var letters: [Unicode.Scalar] = [], offsets: [Int] = []
        var ended = false
        var offset = start
        var iterator = text.utf16[start..<end].makeIterator()
        var decoder = UTF16()
        decodeLoop: while true {
            switch decoder.decode(&iterator) {
            case let .scalarValue(scalar):
                let width = scalar.utf16.count
                defer { offset += width }
                if isWideScript(scalar) { return nil }
                if isLetter(scalar) {
                    if ended { return nil }  // letters after punctuation inside the piece
                    letters.append(scalar)
                    offsets.append(offset)
                } else if !letters.isEmpty {
                    ended = true
                }
            case .emptyInput: break decodeLoop
            case .error: return nil
            }
        }
        return (letters, offsets)
    }

    private func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .otherLetter, .modifierLetter,
             .nonspacingMark, .spacingMark, .enclosingMark:
            return true
        default:
            return false
        }
    }
}

/// The glyph drawn at the end of a hyphenated line.
struct HyphenGlyph {
    let glyph: UInt32
    let advance: Float
}

extension FontFace {
    /// HYPHEN (U+2010) where the font has it, else HYPHEN-MINUS; nil if neither.
    var hyphenGlyph: HyphenGlyph? {
        guard !isClosed else { return nil }
        for scalar: UInt32 in [0x2010, 0x2D] {
            let glyph = FT_Get_Char_Index(face, FT_ULong(scalar))
            guard glyph != 0 else { continue }
            return HyphenGlyph(glyph: glyph, advance: Float(hb_font_get_glyph_h_advance(hbFont, glyph)) / 64)
        }
        return nil
    }
}
