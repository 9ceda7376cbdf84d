import Foundation
import TextFile
import Yams

/// A page's front matter, as static site generators write it: a first line `---`, YAML,
/// then `---` (or `...`). The block is read by a YAML library (Yams, over libyaml), so
/// quoting, escapes, comments and flow styles mean what they mean in YAML; the keys a
/// kiosk uses are `title`, `lang` (or `language`) and `dir`. Text that only looks like
/// front matter (no closing line, or YAML that is not a mapping) is left in the body,
/// as a Markdown renderer would show it.
struct FrontMatter {
    var title: String?
    /// A BCP 47 tag such as "de-CH": hyphenation, the speech voice, the paragraph direction.
    var language: String?
    var direction: TextDirection?
    /// The text after the block, and how many lines the block took (for source lines).
    var body: String
    var lines = 0

    init(_ source: String) {
        body = source
        guard source.hasPrefix("---") else { return }
        let all = TextFile.lines(source)
        guard all.first?.trimmingCharacters(in: .whitespaces) == "---",
              let end = all.dropFirst().firstIndex(where: { ["---", "..."].contains($0.trimmingCharacters(in: .whitespaces)) })
        else { return }
        let yaml = all[1..<end].joined(separator: "\n")
        let fields: [String: Any]
        if yaml.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            fields = [:]
        } else {
            // A horizontal rule and a setext heading also start with `---`: only a
            // block that parses as a YAML mapping is front matter.
            guard let mapping = (try? Yams.load(yaml: yaml)) as? [String: Any] else { return }
            fields = mapping
        }
        body = all[(end + 1)...].joined(separator: "\n")
        lines = end + 1
        title = Self.text(fields["title"])
        language = Self.text(fields["lang"]) ?? Self.text(fields["language"])
        direction = Self.text(fields["dir"]).flatMap { TextDirection(rawValue: $0.lowercased()) }
    }

    /// A scalar as text (a title of `2024` is a number to YAML); nil when empty or not a scalar.
    private static func text(_ value: Any?) -> String? {
        switch value {
        case let s as String: return s.isEmpty ? nil : s
        case let n as Int: return String(n)
        case let d as Double: return String(d)
        case let b as Bool: return String(b)
        default: return nil
        }
    }
}
