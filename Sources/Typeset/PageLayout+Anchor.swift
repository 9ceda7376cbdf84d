/// Where one block of a document landed on the page (layout px, top inclusive).
struct BlockExtent: Sendable, Equatable {
    var top: Int
    var bottom: Int
}

/// A place in a document that survives reflow: a block (paragraph, heading, …) and how
/// far down it, as a fraction of its height. Laid out again at another size or width,
/// the same block is found and the same fraction taken: the line being read stays
/// within about a line of where it was (a paragraph keeps its shape when the measure
/// is in characters, so its lines scale together).
public struct ReadingAnchor: Sendable, Equatable {
    public var block: Int
    public var fraction: Double

    public init(block: Int, fraction: Double) {
        self.block = block
        self.fraction = fraction
    }
}

extension PageLayout {
    /// The anchor at layout y `y`: the block containing it, or in a gap between blocks
    /// the next block's top (the last block's bottom past the end). Nil for an empty page.
    public func anchor(atY y: Double) -> ReadingAnchor? {
        guard !blocks.isEmpty else { return nil }
        // Blocks are stacked top to bottom: the first whose bottom is below y.
        var lo = 0, hi = blocks.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if Double(blocks[mid].bottom) <= y { lo = mid + 1 } else { hi = mid }
        }
        guard lo < blocks.count else { return ReadingAnchor(block: blocks.count - 1, fraction: 1) }
        let block = blocks[lo]
        let height = Double(block.bottom - block.top)
        guard height > 0, y > Double(block.top) else { return ReadingAnchor(block: lo, fraction: 0) }
        return ReadingAnchor(block: lo, fraction: min(1, (y - Double(block.top)) / height))
    }

    /// The layout y of `anchor` on this page; nil if the page has no such block.
    public func y(of anchor: ReadingAnchor) -> Double? {
        guard blocks.indices.contains(anchor.block) else { return nil }
        let block = blocks[anchor.block]
        return Double(block.top) + anchor.fraction * Double(block.bottom - block.top)
    }

    /// The top and bottom of block `index` (layout px), for tests and tools.
    public func blockSpan(_ index: Int) -> (top: Int, bottom: Int)? {
        blocks.indices.contains(index) ? (blocks[index].top, blocks[index].bottom) : nil
    }

    public var blockCount: Int { blocks.count }
}
