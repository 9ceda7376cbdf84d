import CCmark
import TextFile

/// The inlines of the paragraph, heading or table cell being read: text runs with their
/// style, inline HTML tags (undone at the block's end), breaks.
extension MarkdownWalker {
    mutating func startInlines() {
        inlines.removeAll(keepingCapacity: true)
        pendingSoftBreak = false
        closeOpenTags()
    }

    mutating func takeInlines() -> [Inline] {
        defer { inlines = [] }
        pendingSoftBreak = false
        closeOpenTags()
        return InlineComments.removed(from: inlines)
    }

    /// One inline HTML tag (cmark gives opening and closing tags as separate nodes).
    mutating func inlineTag(_ literal: String) {
        let tag: HTMLInlineTag
        if let known = parsedTags[literal] { tag = known } else {
            tag = HTMLInlineTag.parse(literal)
            if parsedTags.count < 512 { parsedTags[literal] = tag }
        }
        switch tag {
        case .lineBreak: appendBreak()
        case let .image(inline):
            guard imageDepth == 0, !(inline.url ?? "").isEmpty else { return }
            var image = inline
            image.style.formUnion(style.subtracting(.link))
            inlines.append(image)
        case let .open(name, effect):
            if case .ownLine = effect { startLine() }
            openTags.append((name, effect))
            apply(effect, +1)
        case let .close(name):
            guard let index = openTags.lastIndex(where: { $0.name == name }) else { return }
            let effect = openTags.remove(at: index).effect
            apply(effect, -1)
            if case .ownLine = effect { startLine() }
        case .hidden: break
        }
    }

    mutating func apply(_ effect: HTMLInlineTag.Effect, _ step: Int) {
        switch effect {
        case .strong: strong += step
        case .emphasis: emphasis += step
        case .code: code += step
        case .strike: strike += step
        case let .ownLine(bold): if bold { strong += step }
        case let .link(url): if step > 0 { links.append(url) } else { _ = links.popLast() }
        case .none: break
        }
    }

    /// Tags left open at a paragraph's end end there (as a browser closes them).
    mutating func closeOpenTags() {
        while let open = openTags.popLast() { apply(open.effect, -1) }
    }

    /// What follows starts a line of its own (a line break unless one is there already).
    mutating func startLine() {
        guard imageDepth == 0, let last = inlines.last, !last.style.contains(.hardBreak) else { return }
        if last.text.hasSuffix(" "), !last.style.contains(.image) {
            inlines[inlines.count - 1].text.removeLast()
            if inlines[inlines.count - 1].text.isEmpty { inlines.removeLast() }
        }
        guard !inlines.isEmpty else { return }
        appendBreak()
    }

    mutating func appendBreak() {
        pendingSoftBreak = false
        if imageDepth == 0 { inlines.append(Inline("\n", .hardBreak)) }
    }

    /// Adds text in `style`, merged with the run before when they look alike. A soft
    /// line break becomes a space, except between two ideographic characters (CJK
    /// text has no spaces between words).
    mutating func append(_ text: String, _ style: Inline.Style) {
        guard !text.isEmpty else { return }
        var text = text
        if pendingSoftBreak {
            pendingSoftBreak = false
            let before = imageDepth > 0 ? imageAlt.unicodeScalars.last : inlines.last?.text.unicodeScalars.last
            if let before, let after = text.unicodeScalars.first, isWideScript(before), isWideScript(after) {
                // no space
            } else {
                text = " " + text
            }
        }
        if imageDepth > 0 {
            imageAlt += text
            return
        }
        // A line a tag broke (`<br>`, `</summary>`) starts at its first letter, as in a browser.
        if inlines.last?.style.contains(.hardBreak) == true {
            text = String(text.drop { $0 == " " })
            guard !text.isEmpty else { return }
        }
        let url = links.last
        if let last = inlines.last, last.style == style, last.url == url {
            inlines[inlines.count - 1].text += text
        } else {
            inlines.append(Inline(text, style, url: url))
        }
    }
}
