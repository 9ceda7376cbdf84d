import Foundation

/// Inline HTML inside Markdown text. cmark hands each tag over as a node of its own
/// (`<b>`, then the Markdown text, then `</b>`), so a tag is read alone: an opening tag
/// through libxml2 (name and attributes, entities decoded), a closing tag by its name.
enum HTMLInlineTag: Equatable {
    /// What an element does to the text it encloses.
    enum Effect: Equatable {
        case strong, emphasis, code, strike
        case link(String)
        /// A block inside a paragraph (`<details>`, `<summary>`): its text starts on a
        /// line of its own and what follows it too, as a browser shows it; a summary is bold.
        case ownLine(strong: Bool)
        /// Its text is kept as it is (sub, sup, span, …): nothing to undo at its end.
        case none
    }

    case open(name: String, effect: Effect)
    case close(name: String)
    case lineBreak
    case image(Inline)
    /// A comment, or an element whose content a reader would not see (script, style…).
    case hidden(name: String)

    /// Tags whose text is kept without being reported.
    static let plainText: Set<String> = ["sub", "sup"]

    static func parse(_ literal: String) -> HTMLInlineTag {
        let trimmed = literal.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("<!--") { return .hidden(name: "!-- comment") }
        if trimmed.hasPrefix("</") {
            let name = trimmed.dropFirst(2).prefix { $0.isLetter || $0.isNumber }.lowercased()
            return name == "br" ? .lineBreak : .close(name: name)
        }
        return HTMLParser.withNodes(trimmed) { first -> HTMLInlineTag in
            var node = first
            while let current = node, !HTMLParser.isElement(current) { node = HTMLParser.next(current) }
            guard let element = node else { return .hidden(name: trimmed.hasPrefix("<?") ? "?processing instruction" : "!declaration") }
            let name = HTMLParser.name(element)
            switch name {
            case "br": return .lineBreak
            case "img":
                var inline = Inline(HTMLParser.attribute(element, "alt") ?? "", .image, url: HTMLParser.attribute(element, "src") ?? "")
                inline.imageSize = HTMLImageSize(width: HTMLImageSize.length(HTMLParser.attribute(element, "width")),
                                                 height: HTMLImageSize.length(HTMLParser.attribute(element, "height")))
                return .image(inline)
            case "b", "strong": return .open(name: name, effect: .strong)
            case "i", "em", "cite", "var", "dfn": return .open(name: name, effect: .emphasis)
            case "code", "kbd", "samp", "tt": return .open(name: name, effect: .code)
            case "s", "strike", "del": return .open(name: name, effect: .strike)
            case "a": return .open(name: name, effect: HTMLParser.attribute(element, "href").map { .link($0) } ?? .none)
            case "details": return .open(name: name, effect: .ownLine(strong: false))
            case "summary": return .open(name: name, effect: .ownLine(strong: true))
            case "video":
                // A clip on a line of its own inside a paragraph (`<video …></video>`).
                guard let clip = ClipSource(video: element) else { return .hidden(name: "video (no src)") }
                var inline = Inline(clip.caption, .image, url: clip.path)
                inline.clip = clip
                return .image(inline)
            case "script", "style", "iframe", "audio", "object", "embed", "svg", "input", "button", "select", "textarea":
                return .hidden(name: name)
            default: return .open(name: name, effect: .none)
            }
        }
    }

    /// What `lectern check --outline` reports for this tag, or nil when it is drawn.
    var dropped: (tag: String, textKept: Bool)? {
        switch self {
        case let .open(name, .none) where !Self.plainText.contains(name): return (name, true)
        case let .hidden(name): return (name, false)
        case let .image(inline) where inline.url?.isEmpty ?? true: return ("img (no src)", false)
        default: return nil
        }
    }
}
