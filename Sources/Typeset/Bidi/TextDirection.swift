import CTextShim
import Foundation
import TextFile

/// Which way a paragraph reads: set by the page (`dir`), else found in the text (its
/// first strong character, Unicode bidi rule P2), with the page's language deciding
/// for text that has none (digits, punctuation).
public enum TextDirection: String, Sendable, Equatable, CaseIterable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"

    /// Languages written right to left (ISO 639 codes of the primary subtag).
    static let rightToLeftLanguages: Set<String> = ["ar", "arc", "ckb", "dv", "fa", "he", "iw", "ks", "ku", "ps", "sd", "syr", "ug", "ur", "yi"]

    /// The direction a language tag is written in: "he", "ar-EG", "fa_IR" are right to left.
    public static func of(language tag: String) -> TextDirection {
        let primary = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
        return rightToLeftLanguages.contains(primary) ? .rightToLeft : .leftToRight
    }

    /// The direction of the first strong character in `utf16`, nil when it has none.
    static func firstStrong(in utf16: [UInt16]) -> TextDirection? {
        // Only scalars from U+0590 up can be right to left (or be explicit bidi marks).
        guard utf16.contains(where: { $0 >= 0x0590 }) else {
            return utf16.contains(where: { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) ? .leftToRight : nil
        }
        switch utf16.withUnsafeBufferPointer({ lectern_bidi_base_direction($0.baseAddress, Int32($0.count)) }) {
        case 0: return .leftToRight
        case 1: return .rightToLeft
        default: return nil
        }
    }
}

/// How a page sets its paragraphs' direction.
struct DirectionPolicy: Equatable {
    /// The page's `dir`: every paragraph reads this way.
    var explicit: TextDirection?
    /// From the page's language: for paragraphs with no strong character.
    var fallback: TextDirection = .leftToRight

    static let automatic = DirectionPolicy()

    func direction(of utf16: [UInt16]) -> TextDirection {
        explicit ?? TextDirection.firstStrong(in: utf16) ?? fallback
    }
}

extension LayoutBuilder {
    /// The direction a block is laid out in: code always left to right; a table by the
    /// first strong character of its cells (header first), as a paragraph; rules and
    /// images as the page; other blocks by their text's first strong character
    /// (DirectionPolicy).
    func direction(of block: Block) -> TextDirection {
        switch block.kind {
        case .code: return .leftToRight
        case let .table(table):
            if let explicit = directionPolicy.explicit { return explicit }
            // Cell by cell, not the whole table's text at once (a table may have 1,000 rows).
            for cell in table.rows.joined() {
                if let found = TextDirection.firstStrong(in: Array(cell.lazy.flatMap(\.text.utf16))) { return found }
            }
            return directionPolicy.fallback
        case .rule, .image, .clip: return directionPolicy.explicit ?? directionPolicy.fallback
        case .heading, .paragraph:
            return directionPolicy.direction(of: Array(block.inlines.lazy.flatMap(\.text.utf16)))
        }
    }
}
