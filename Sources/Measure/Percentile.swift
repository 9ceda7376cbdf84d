/// The one percentile used for every figure Lectern reports (bench medians and p99,
/// touch-to-flip latency): nearest rank, so the answer is always a measured value.
public enum Percentile {
    /// The value at or below which `p` (0...1) of `sorted` lies; 0 for no values.
    public static func nearestRank(_ sorted: [Double], _ p: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((p * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }
}
