/// Rendered glyph masks keyed by (face, glyph id, quarter-pixel x offset), kept within a
/// byte budget by evicting the least recently used.
///
/// Recency is a counter stamped on every hit; eviction sorts by it and drops the oldest
/// quarter of the budget at once, so its cost is paid rarely and a steady-state page
/// (all glyphs cached) never evicts.
final class GlyphCache {
    struct Key: Hashable {
        let packed: UInt64
        init(face: Int, glyph: UInt32, subpixel: Int) {
            packed = UInt64(face) << 34 | UInt64(subpixel & 3) << 32 | UInt64(glyph)
        }
    }

    private struct Entry {
        var mask: GlyphMask
        var lastUse: UInt64
    }

    let byteBudget: Int
    private(set) var byteCount = 0
    private(set) var hits = 0
    private(set) var misses = 0
    private(set) var evictions = 0
    private var entries: [Key: Entry] = [:]
    private var clock: UInt64 = 0

    init(byteBudget: Int) {
        self.byteBudget = max(byteBudget, 64 * 1024)
    }

    var count: Int { entries.count }

    /// The cached mask, or the one `render` makes (then cached). Nil if rendering fails.
    func mask(for key: Key, render: () -> GlyphMask?) -> GlyphMask? {
        clock &+= 1
        if let index = entries.index(forKey: key) {
            hits += 1
            entries.values[index].lastUse = clock
            return entries.values[index].mask
        }
        misses += 1
        guard let mask = render() else { return nil }
        entries[key] = Entry(mask: mask, lastUse: clock)
        byteCount += mask.byteCount
        if byteCount > byteBudget { evict(downTo: byteBudget * 3 / 4) }
        return mask
    }

    func contains(_ key: Key) -> Bool { entries[key] != nil }

    /// Drops every mask of face `face` (closed: its masks can never be asked for again).
    func removeAll(face: Int) {
        for (key, entry) in entries where Int(key.packed >> 34) == face {
            entries[key] = nil
            byteCount -= entry.mask.byteCount
        }
    }

    func removeAll() {
        entries.removeAll()
        byteCount = 0
    }

    private func evict(downTo target: Int) {
        let oldestFirst = entries.sorted { $0.value.lastUse < $1.value.lastUse }
        for (key, entry) in oldestFirst where byteCount > target {
            entries[key] = nil
            byteCount -= entry.mask.byteCount
            evictions += 1
        }
    }
}
