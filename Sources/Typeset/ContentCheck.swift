/// `lectern check --content`: which characters of a content file no font can show.
public enum ContentCheck {
    public struct Report: Sendable {
        public let path: String
        /// Uncovered characters with their counts, in order of first appearance.
        public let missing: [MissingCharacter]
        public var isClean: Bool { missing.isEmpty }

        /// One line: "FILE: ok" or "FILE: 2 characters no font covers: U+10FFFD ×3, …".
        public var summary: String {
            guard !missing.isEmpty else { return "\(path): ok, every character has a glyph" }
            let list = missing.map { "U+\(String($0.scalar.value, radix: 16, uppercase: true).leftPadded(4)) ×\($0.count)" }
            return "\(path): \(missing.count) character\(missing.count == 1 ? "" : "s") no font covers (would show as tofu): "
                + list.joined(separator: ", ")
        }
    }

    public struct MissingCharacter: Sendable, Equatable {
        public let scalar: Unicode.Scalar
        public let count: Int
    }

    /// Loads `path` (Markdown or text) and checks it against the typesetter's font chain
    /// (configured fonts, then system fonts if enabled). Throws when the file cannot be read.
    public static func check(path: String, with typesetter: Typesetter) throws -> Report {
        let document = try Document.load(path: path)
        let missing = typesetter.missingCharacters(in: document).map { MissingCharacter(scalar: $0.scalar, count: $0.count) }
        return Report(path: path, missing: missing)
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
