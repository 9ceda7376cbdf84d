import Raster

/// Menu icons, decoded once per size straight to the size they are shown at (never
/// kept at full resolution). An icon that cannot be read is reported once and the
/// item falls back to its drawn style.
final class IconCache {
    private let pages: [KioskConfig.Page]
    /// Device pixels per logical pixel: an icon is shown at most at its natural size × this.
    private let scale: Double
    private var cache: [Key: Image?] = [:]
    private(set) var problems: [String] = []

    struct Key: Hashable { let page: Int; let selected: Bool; let size: Int }

    init(pages: [KioskConfig.Page], scale: Double) {
        self.pages = pages
        self.scale = scale
    }

    /// The icon of `page` fitted into a `size`×`size` item (aspect ratio kept, so a
    /// non-square icon is narrower or shorter than `size`; the caller centres it).
    func image(page: Int, selected: Bool, size: Int) -> Image? {
        let key = Key(page: page, selected: selected, size: size)
        if let cached = cache[key] { return cached }
        let path = selected ? (pages[page].iconSelected ?? pages[page].icon) : pages[page].icon
        var result: Image?
        if let path {
            do {
                result = try Image(contentsOfFile: path, fittingIn: size, size, scale: scale)
            } catch {
                problems.append("\(error)")
                Log.warning("menu icon cannot be used (\(error)); drawing the item instead")
            }
        }
        cache[key] = result
        return result
    }
}
