/// A document's pages laid one under the other at a width, with a small gap: where
/// each page is (layout px) and which pages a band of the layout touches.
public struct PDFPageStack: Sendable, Equatable {
    /// Each page's top and height, device px.
    public let tops: [Int]
    public let heights: [Int]
    public let width: Int
    public let gap: Int

    /// The tallest page accepted, as a multiple of its width (a strip 1 pt wide and
    /// 14,400 pt tall would otherwise ask for an enormous bitmap).
    public static let maximumAspect = 12.0

    public init(sizes: [PDFInfo.PageSize], width: Int, gap: Int) {
        var tops: [Int] = [], heights: [Int] = []
        var y = 0
        for size in sizes {
            let h = max(1, Int((Double(width) * min(size.height / size.width, Self.maximumAspect)).rounded()))
            tops.append(y)
            heights.append(h)
            y += h + gap
        }
        self.tops = tops
        self.heights = heights
        self.width = width
        self.gap = gap
    }

    public var height: Int { tops.last.map { $0 + heights[heights.count - 1] } ?? 0 }

    /// Indices (from 0) of the pages that overlap rows `top..<bottom`.
    public func pages(overlapping top: Int, _ bottom: Int) -> Range<Int> {
        guard !tops.isEmpty, bottom > top else { return 0..<0 }
        var low = 0, high = tops.count
        // The first page whose bottom is below `top`.
        while low < high {
            let mid = (low + high) / 2
            if tops[mid] + heights[mid] <= top { low = mid + 1 } else { high = mid }
        }
        var end = low
        while end < tops.count, tops[end] < bottom { end += 1 }
        return low..<end
    }
}
