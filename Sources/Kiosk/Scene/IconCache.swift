import Raster

/// Menu icons, decoded and scaled once per size. An icon that cannot be read is
/// reported once and the item falls back to its drawn style.
final class IconCache {
    private let pages: [KioskConfig.Page]
    private var cache: [Key: Image?] = [:]
    private(set) var problems: [String] = []

    struct Key: Hashable { let page: Int; let selected: Bool; let size: Int }

    init(pages: [KioskConfig.Page]) { self.pages = pages }

    func image(page: Int, selected: Bool, size: Int) -> Image? {
        let key = Key(page: page, selected: selected, size: size)
        if let cached = cache[key] { return cached }
        let path = selected ? (pages[page].iconSelected ?? pages[page].icon) : pages[page].icon
        var result: Image?
        if let path {
            do {
                result = try Image(contentsOfFile: path).scaled(width: size, height: size)
            } catch {
                problems.append("\(path): \(error)")
                Log.warning("menu icon \(path) cannot be used (\(error)); drawing the item instead")
            }
        }
        cache[key] = result
        return result
    }
}
