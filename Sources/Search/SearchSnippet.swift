/// A few words of a page around a hit, as FTS5's `snippet()` cut them, with the matched
/// words marked: what a result shows under its title (the hits drawn highlighted) and
/// what `lectern search` prints (the hits in brackets).
public struct SearchSnippet: Sendable, Equatable {
    public struct Piece: Sendable, Equatable {
        public var text: String
        public var isHit: Bool
        public init(text: String, isHit: Bool) { self.text = text; self.isHit = isHit }
    }

    public var pieces: [Piece]

    public init(pieces: [Piece]) { self.pieces = pieces }

    /// The snippet's text as a visitor reads it.
    public var text: String { pieces.map(\.text).joined() }

    /// The matched words alone, in order.
    public var hits: [String] { pieces.filter(\.isHit).map(\.text) }

    /// The text with each hit between `open` and `close`.
    public func marked(open: String = "[", close: String = "]") -> String {
        pieces.map { $0.isHit ? open + $0.text + close : $0.text }.joined()
    }

    /// What SQLite is asked to put around each hit: private-use characters, which
    /// `SearchText.prepare` keeps out of every page, so no page can forge a mark.
    static let openMark: Unicode.Scalar = "\u{E000}"
    static let closeMark: Unicode.Scalar = "\u{E001}"
    static func isMarker(_ scalar: Unicode.Scalar) -> Bool { scalar == openMark || scalar == closeMark }

    /// Splits SQLite's marked snippet into pieces (the word separators taken out).
    init(marked: String) {
        var pieces: [Piece] = []
        var current = String.UnicodeScalarView()
        var inHit = false
        func flush() {
            let text = SearchText.shown(String(current))
            if !text.isEmpty { pieces.append(Piece(text: text, isHit: inHit)) }
            current = String.UnicodeScalarView()
        }
        for scalar in marked.unicodeScalars {
            if scalar == Self.openMark {
                flush(); inHit = true
            } else if scalar == Self.closeMark {
                flush(); inHit = false
            } else if scalar == "\n" || scalar == "\t" {
                current.append(" ")
            } else {
                current.append(scalar)
            }
        }
        flush()
        // Neighbouring hits ("Müller" "-" "Straße" with nothing between) read as one.
        var merged: [Piece] = []
        for piece in pieces {
            if let last = merged.last, last.isHit == piece.isHit {
                merged[merged.count - 1].text += piece.text
            } else {
                merged.append(piece)
            }
        }
        self.pieces = merged
    }
}
