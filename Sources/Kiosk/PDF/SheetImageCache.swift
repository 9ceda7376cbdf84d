import Raster

/// Decoded sheets, least recently drawn dropped first, within a byte budget (the
/// disk cache makes a dropped sheet cheap to have again).
struct ImageCache {
    struct Key: Hashable { let hash: String; let sheet: Int; let width: Int }
    let budget: Int
    private var entries: [Key: (image: Image, used: Int)] = [:]
    private var clock = 0
    private(set) var bytes = 0

    init(budget: Int) { self.budget = budget }

    mutating func image(for key: Key) -> Image? {
        guard let entry = entries[key] else { return nil }
        clock += 1
        entries[key] = (entry.image, clock)
        return entry.image
    }

    /// The sheet at any width (the widest), for drawing scaled while the wanted one renders.
    func anyImage(hash: String, sheet: Int) -> Image? {
        entries.filter { $0.key.hash == hash && $0.key.sheet == sheet }.max { $0.key.width < $1.key.width }?.value.image
    }

    mutating func insert(_ image: Image, for key: Key) {
        clock += 1
        if let old = entries[key] { bytes -= old.image.width * old.image.height * 4 }
        entries[key] = (image, clock)
        bytes += image.width * image.height * 4
        // Keep at least the newest: a sheet larger than the budget still shows.
        while bytes > budget, entries.count > 1, let oldest = entries.min(by: { $0.value.used < $1.value.used }) {
            bytes -= oldest.value.image.width * oldest.value.image.height * 4
            entries[oldest.key] = nil
        }
    }
}
