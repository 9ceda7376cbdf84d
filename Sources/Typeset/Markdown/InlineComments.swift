/// HTML comments inside a paragraph as CommonMark 0.31 reads them: `<!-->`, `<!--->`,
/// and `<!--` to the first `-->` whatever lies between (`--` included). Debian 12's
/// cmark-gfm follows an older spec, in which none of these is a comment: it hands them
/// over as text (split at `<`, and at any emphasis inside), so they would show on the
/// page where a browser shows nothing. What cmark already read as a comment never
/// reaches here (an HTML node, hidden). Code spans are text as written; a `<!--` never
/// closed stays text, as 0.31 has it.
enum InlineComments {
    /// `inlines` without the comments in their text; an image, break or footnote mark
    /// inside a comment goes with it.
    static func removed(from inlines: [Inline]) -> [Inline] {
        let literal: Inline.Style = [.code, .image, .hardBreak, .footnote]
        func isText(_ inline: Inline) -> Bool { inline.style.isDisjoint(with: literal) }
        guard inlines.contains(where: { isText($0) && $0.text.contains("<!--") }) else { return inlines }
        // The paragraph's text as one run of characters, each knowing its inline.
        var characters: [Character] = []
        var owner: [(inline: Int, offset: Int)] = []
        let texts = inlines.map { Array($0.text) }
        var dropped = texts.map { [Bool](repeating: false, count: $0.count) }
        for (i, inline) in inlines.enumerated() where isText(inline) {
            for (k, character) in texts[i].enumerated() {
                characters.append(character)
                owner.append((i, k))
            }
        }
        var hidden = [Bool](repeating: false, count: characters.count)
        var hiddenInlines = Set<Int>()
        var p = 0
        while let start = find(Array("<!--"), in: characters, from: p) {
            let after = start + 4
            let end: Int
            if after < characters.count, characters[after] == ">" {
                end = after + 1
            } else if after + 1 < characters.count, characters[after] == "-", characters[after + 1] == ">" {
                end = after + 2
            } else if let close = find(Array("-->"), in: characters, from: after) {
                end = close + 3
            } else {
                break  // never closed: text
            }
            for q in start..<end { hidden[q] = true }
            // Whatever else the comment encloses (an image cmark found inside it).
            let first = owner[start].inline, last = owner[end - 1].inline
            if last > first + 1 { for i in (first + 1)..<last where !isText(inlines[i]) { hiddenInlines.insert(i) } }
            p = end
        }
        for (q, at) in owner.enumerated() where hidden[q] { dropped[at.inline][at.offset] = true }
        var kept: [Inline] = []
        for (i, inline) in inlines.enumerated() where !hiddenInlines.contains(i) {
            guard isText(inline) else { kept.append(inline); continue }
            var copy = inline
            copy.text = String(texts[i].indices.filter { !dropped[i][$0] }.map { texts[i][$0] })
            if !copy.text.isEmpty || inline.text.isEmpty { kept.append(copy) }
        }
        return kept
    }

    private static func find(_ needle: [Character], in characters: [Character], from start: Int) -> Int? {
        guard needle.count <= characters.count, start <= characters.count - needle.count else { return nil }
        for p in start...(characters.count - needle.count) where characters[p] == needle[0] {
            if Array(characters[p..<(p + needle.count)]) == needle { return p }
        }
        return nil
    }
}
