/// Where lines may break in text with code in it. ICU's UAX #14 rules are right for
/// prose but break code where a reader copying it would be misled: after each "-" of
/// `--cgroup-parent`, inside `a.b()`. Inside code a line may break only after a space
/// or after "/" (a path); at a code span's edges ICU decides as for any word. A token
/// wider than the whole line is still split (LineFitter's last resort).
enum CodeBreaks {
    static func opportunities(in text: ParagraphText) -> [Int] {
        let icu = LineBreaks.opportunities(in: text.utf16)
        guard text.attributeRuns.contains(where: { $0.attributes.variant == .monospace }) else { return icu }
        let code = text.codeUnits
        let units = text.utf16
        let slash = UInt16(UInt8(ascii: "/"))
        func breaksInsideCode(after i: Int) -> Bool { text.isWhitespace[i] || units[i] == slash }
        var result: [Int] = []
        result.reserveCapacity(icu.count)
        var next = 0
        for offset in 1...units.count {
            let isICU = next < icu.count && icu[next] == offset
            if isICU { next += 1 }
            let allowed: Bool
            if offset == units.count {
                allowed = true
            } else if code[offset - 1] && code[offset] {
                // Not before a space (the break comes after it), nor inside a cluster.
                allowed = breaksInsideCode(after: offset - 1) && !text.isWhitespace[offset] && text.graphemeStart[offset]
            } else {
                allowed = isICU
            }
            if allowed { result.append(offset) }
        }
        return result
    }
}

extension ParagraphText {
    /// Per UTF-16 unit: set in the monospace face (code).
    var codeUnits: [Bool] {
        var code = [Bool](repeating: false, count: utf16.count)
        for (index, run) in attributeRuns.enumerated() where run.attributes.variant == .monospace {
            let end = index + 1 < attributeRuns.count ? attributeRuns[index + 1].start : utf16.count
            for i in run.start..<end { code[i] = true }
        }
        return code
    }

    /// Whether the unit at `offset` is code.
    func isCode(at offset: Int) -> Bool {
        guard let run = attributeRuns.last(where: { $0.start <= offset }) else { return false }
        return run.attributes.variant == .monospace
    }
}
