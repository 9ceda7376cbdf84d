import Raster

/// Rendered glyph masks keyed by (face, glyph id, quarter-pixel x offset), kept within a
/// byte budget by evicting the least recently used.
///
/// Recency is a counter stamped on every hit; eviction sorts by it and drops the oldest
/// quarter of the budget at once, so its cost is paid rarely and a steady-state page
/// (all glyphs cached) never evicts.
///
/// In front of the dictionary sits a small direct-mapped table (`front`): a page's
/// glyphs repeat, and a hit there costs a multiply and a compare instead of SipHash and
/// a probe (hashing was a tenth of a dense first frame's samples). The table holds
/// copies of the dictionary's masks, nothing more; its recency stamps are folded back
/// into the dictionary before an eviction sorts by them.
final class GlyphCache {
    struct Key: Hashable {
        let packed: UInt64
        init(face: Int, glyph: UInt32, subpixel: Int) {
            packed = UInt64(face) << 34 | UInt64(subpixel & 3) << 32 | UInt64(glyph)
        }
        fileprivate init(packed: UInt64) { self.packed = packed }
    }

    private struct Entry {
        var mask: GlyphMask
        var lastUse: UInt64
    }

    let byteBudget: Int
    /// The tints of the masks kept here, bounded apart (half the masks' budget): a
    /// tint is 4 bytes a pixel where its mask is one, and needed only for speed. Masks
    /// are rendered with it (`FontFace.rasterize(tints:)`).
    let tints: TintBudget
    private(set) var byteCount = 0
    private(set) var hits = 0
    private(set) var misses = 0
    private(set) var evictions = 0
    private var entries: [Key: Entry] = [:]
    private var clock: UInt64 = 0

    private struct Slot {
        var packed: UInt64
        var mask: GlyphMask? { didSet { unowned = mask.map { Unmanaged.passUnretained($0) } } }
        /// The same mask without a reference count: a hit hands it to its reader without a
        /// retain and release (an atomic pair per glyph drawn; `mask` keeps it alive).
        private(set) var unowned: Unmanaged<GlyphMask>?
        var lastUse: UInt64

        init(packed: UInt64, mask: GlyphMask?, lastUse: UInt64) {
            self.packed = packed
            self.mask = mask
            self.unowned = mask.map { Unmanaged.passUnretained($0) }
            self.lastUse = lastUse
        }
    }
    /// 2^frontBits slots. A raw buffer, not an array: an array stored in a class is
    /// checked for exclusive access on every write (a runtime call per glyph).
    private static let frontBits = 10
    private let front: UnsafeMutablePointer<Slot>

    init(byteBudget: Int) {
        self.byteBudget = max(byteBudget, 64 * 1024)
        tints = TintBudget(limit: self.byteBudget / 2)
        let slots = 1 << Self.frontBits
        front = .allocate(capacity: slots)
        front.initialize(repeating: Slot(packed: .max, mask: nil, lastUse: 0), count: slots)
    }

    deinit {
        front.deinitialize(count: 1 << Self.frontBits)
        front.deallocate()
    }

    /// The front slot of `key`: Fibonacci hashing of the packed key.
    @inline(__always)
    private func frontSlot(_ key: Key) -> UnsafeMutablePointer<Slot> {
        front + Int(truncatingIfNeeded: (key.packed &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - Self.frontBits))
    }

    private func clearFront() {
        for i in 0..<(1 << Self.frontBits) { front[i] = Slot(packed: .max, mask: nil, lastUse: 0) }
    }

    var count: Int { entries.count }

    /// `body` applied to the cached mask, or to the one `render` makes (then cached); nil
    /// if rendering fails. A hit in the front table lends the mask without retaining it:
    /// `body` must not use this cache (which could drop the slot's reference meanwhile).
    @inline(__always)
    func withMask<R>(for key: Key, render: () -> GlyphMask?, _ body: (GlyphMask) -> R) -> R? {
        clock &+= 1
        let slot = frontSlot(key)
        if slot.pointee.packed == key.packed, let unowned = slot.pointee.unowned {
            hits += 1
            slot.pointee.lastUse = clock
            return unowned._withUnsafeGuaranteedRef(body)
        }
        return missedFront(key, slot, render).map(body)
    }

    /// The cached mask, or the one `render` makes (then cached). Nil if rendering fails.
    func mask(for key: Key, render: () -> GlyphMask?) -> GlyphMask? {
        clock &+= 1
        let slot = frontSlot(key)
        if slot.pointee.packed == key.packed, let mask = slot.pointee.mask {
            hits += 1
            slot.pointee.lastUse = clock
            return mask
        }
        return missedFront(key, slot, render)
    }

    /// A key not in its front slot: from the dictionary (then into the slot) or rendered.
    private func missedFront(_ key: Key, _ slot: UnsafeMutablePointer<Slot>, _ render: () -> GlyphMask?) -> GlyphMask? {
        if let index = entries.index(forKey: key) {
            hits += 1
            entries.values[index].lastUse = clock
            let mask = entries.values[index].mask
            stash(slot, key)
            slot.pointee = Slot(packed: key.packed, mask: mask, lastUse: clock)
            return mask
        }
        misses += 1
        guard let mask = render() else { return nil }
        entries[key] = Entry(mask: mask, lastUse: clock)
        byteCount += mask.byteCount
        if byteCount > byteBudget {
            evict(downTo: byteBudget * 3 / 4)
        } else {
            stash(slot, key)
            slot.pointee = Slot(packed: key.packed, mask: mask, lastUse: clock)
        }
        return mask
    }

    func contains(_ key: Key) -> Bool { entries[key] != nil }

    /// Drops every mask of face `face` (closed: its masks can never be asked for again).
    func removeAll(face: Int) {
        clearFront()
        for (key, entry) in entries where Int(key.packed >> 34) == face {
            entries[key] = nil
            byteCount -= entry.mask.byteCount
        }
    }

    func removeAll() {
        clearFront()
        entries.removeAll()
        byteCount = 0
    }

    /// Folds the recency of the key leaving `slot` back into the dictionary.
    private func stash(_ slot: UnsafeMutablePointer<Slot>, _ incoming: Key) {
        let old = slot.pointee
        guard old.packed != .max, old.packed != incoming.packed,
              let index = entries.index(forKey: Key(packed: old.packed)) else { return }
        entries.values[index].lastUse = max(entries.values[index].lastUse, old.lastUse)
    }

    private func evict(downTo target: Int) {
        for i in 0..<(1 << Self.frontBits) where front[i].packed != .max {
            let key = Key(packed: front[i].packed)
            if let index = entries.index(forKey: key) {
                entries.values[index].lastUse = max(entries.values[index].lastUse, front[i].lastUse)
            }
        }
        clearFront()
        let oldestFirst = entries.sorted { $0.value.lastUse < $1.value.lastUse }
        for (key, entry) in oldestFirst where byteCount > target {
            entries[key] = nil
            byteCount -= entry.mask.byteCount
            evictions += 1
        }
    }
}
