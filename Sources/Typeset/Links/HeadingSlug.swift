/// Heading anchors as GitHub makes them, so that a `#heading` link written for GitHub
/// (or any renderer using github-slugger) lands on the same heading here: the heading's
/// text lower-cased, everything but letters, marks, numbers, connector punctuation
/// (`_`), spaces and hyphens removed, each space turned into a hyphen. A slug already
/// given to an earlier heading gets `-1`, `-2`, … (skipping any that are taken).
public struct HeadingSlugger: Sendable {
    private var occurrences: [String: Int] = [:]

    public init() {}

    /// The slug of `text` alone, without the duplicate suffix.
    public static func slug(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            if scalar == " " {
                out.append("-")
            } else if scalar == "-" || keeps(scalar) {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// The next heading's slug, unique among the slugs this slugger has given.
    public mutating func slug(_ text: String) -> String {
        let original = Self.slug(text)
        var result = original
        while occurrences[result] != nil {
            let count = (occurrences[original] ?? 0) + 1
            occurrences[original] = count
            result = "\(original)-\(count)"
        }
        occurrences[result] = 0
        return result
    }

    private static func keeps(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark,
             .decimalNumber, .letterNumber, .otherNumber,
             .connectorPunctuation:
            return true
        default:
            return false
        }
    }
}

extension Block {
    /// The text a heading's anchor is made from: what is shown, without line breaks.
    var anchorText: String {
        inlines.filter { !$0.style.contains(.hardBreak) }.map(\.text).joined()
    }
}

extension Document {
    /// The anchors of the document's headings, in order (what `#heading` links name).
    public var headingSlugs: [String] {
        var slugger = HeadingSlugger()
        return blocks.compactMap { block in
            if case .heading = block.kind { return slugger.slug(block.anchorText) }
            return nil
        }
    }
}
