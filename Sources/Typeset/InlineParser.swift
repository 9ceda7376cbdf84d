/// Inline Markdown: `code`, **strong**, *emphasis* (also with underscores), [links](url)
/// showing their text, inline images showing their alt text, backslash escapes and
/// <autolinks>. Unmatched delimiters are kept as literal text.
enum InlineParser {
    static func parse(_ text: String) -> [Inline] {
        var out: [Inline] = []
        parse(Array(text), style: [], into: &out)
        return merge(out)
    }

    private static func parse(_ chars: [Character], style: Inline.Style, into out: inout [Inline]) {
        var literal = ""
        func emit() {
            if !literal.isEmpty { out.append(Inline(literal, style)) }
            literal = ""
        }
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c == "\\", i + 1 < chars.count, chars[i + 1].isPunctuation || chars[i + 1].isSymbol {
                literal.append(chars[i + 1])
                i += 2
                continue
            }
            if c == "`" {
                let ticks = run(chars, from: i, of: "`")
                if let close = find(chars, String(repeating: "`", count: ticks), from: i + ticks) {
                    emit()
                    let code = String(chars[(i + ticks)..<close]).trimmingCharacters(in: .whitespaces)
                    out.append(Inline(code, style.union(.code)))
                    i = close + ticks
                    continue
                }
            }
            if c == "*" || c == "_" {
                let count = min(run(chars, from: i, of: c), 2)
                let delimiter = String(repeating: String(c), count: count)
                let intraword = c == "_" && i > 0 && (chars[i - 1].isLetter || chars[i - 1].isNumber)
                if !intraword, i + count < chars.count, !chars[i + count].isWhitespace,
                   let close = find(chars, delimiter, from: i + count + 1), !chars[close - 1].isWhitespace {
                    emit()
                    parse(Array(chars[(i + count)..<close]), style: style.union(count == 2 ? .strong : .emphasis), into: &out)
                    i = close + count
                    continue
                }
            }
            if c == "[" || (c == "!" && i + 1 < chars.count && chars[i + 1] == "[") {
                let open = c == "!" ? i + 1 : i
                if let (label, end) = bracketLink(chars, open: open) {
                    emit()
                    if c == "!" {
                        out.append(Inline(String(label), style))
                    } else {
                        parse(label, style: style.union(.link), into: &out)
                    }
                    i = end
                    continue
                }
            }
            if c == "<", let close = chars[(i + 1)...].firstIndex(of: ">") {
                let inner = String(chars[(i + 1)..<close])
                if inner.hasPrefix("http://") || inner.hasPrefix("https://") || inner.hasPrefix("mailto:") {
                    emit()
                    out.append(Inline(inner, style.union(.link)))
                    i = close + 1
                    continue
                }
            }
            literal.append(c)
            i += 1
        }
        emit()
    }

    /// `[label](target)` starting at `open`: the label and the index after `)`.
    private static func bracketLink(_ chars: [Character], open: Int) -> ([Character], Int)? {
        var depth = 0
        var j = open
        while j < chars.count {
            if chars[j] == "[" { depth += 1 }
            if chars[j] == "]" { depth -= 1; if depth == 0 { break } }
            j += 1
        }
        guard j + 1 < chars.count, chars[j + 1] == "(", let close = chars[(j + 2)...].firstIndex(of: ")") else { return nil }
        return (Array(chars[(open + 1)..<j]), close + 1)
    }

    private static func run(_ chars: [Character], from i: Int, of c: Character) -> Int {
        var n = 0
        while i + n < chars.count, chars[i + n] == c { n += 1 }
        return n
    }

    private static func find(_ chars: [Character], _ delimiter: String, from start: Int) -> Int? {
        let d = Array(delimiter)
        var i = start
        while i + d.count <= chars.count {
            if chars[i..<(i + d.count)].elementsEqual(d) { return i }
            i += 1
        }
        return nil
    }

    private static func merge(_ inlines: [Inline]) -> [Inline] {
        var out: [Inline] = []
        for inline in inlines where !inline.text.isEmpty {
            if let last = out.last, last.style == inline.style {
                out[out.count - 1].text += inline.text
            } else {
                out.append(inline)
            }
        }
        return out
    }
}
