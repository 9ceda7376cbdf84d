import Raster

/// Tables wider than the reading column are laid out at their natural width and shown
/// through a window as wide as the column (Typeset's `WideTable`); a horizontal drag that
/// starts inside one pans the table, not the page (which would pull for the menu or go
/// back). This is where the scene keeps each table's offset: one owner, reset at idle.
public struct WideTablePans: Equatable, Sendable {
    /// Offsets in layout px by page, then by the table's index on its page.
    private var offsets: [Int: [Int: Int]] = [:]
    /// The drag panning a table now: which one, its offset when the drag began, its range.
    private var active: (page: Int, table: Int, start: Int, max: Int, rightToLeft: Bool)?
    /// Where the finger that may start a table pan landed (screen px).
    var down: (x: Double, y: Double)?

    public init() {}

    /// Offsets of page `page`'s wide tables, by index (0 where never panned).
    public func offsets(page: Int) -> [Int] {
        guard let tables = offsets[page], let last = tables.keys.max() else { return [] }
        return (0...last).map { tables[$0] ?? 0 }
    }

    public var isPanning: Bool { active != nil }

    mutating func begin(page: Int, table: Int, maxOffset: Int, rightToLeft: Bool = false) {
        active = (page, table, offsets[page]?[table] ?? 0, maxOffset, rightToLeft)
    }

    /// The finger moved `dx` px since the drag began (dx < 0: left, showing columns to the
    /// right). An offset is how far the table is panned from its start, towards its end:
    /// leftwards for a right-to-left table. Returns whether the offset changed.
    mutating func drag(dx: Double) -> Bool {
        guard let a = active else { return false }
        let moved = Int(dx.rounded()) * (a.rightToLeft ? -1 : 1)
        let offset = max(0, min(a.max, a.start - moved))
        guard offsets[a.page]?[a.table] != offset else { return false }
        offsets[a.page, default: [:]][a.table] = offset
        return true
    }

    mutating func end() { active = nil }

    public static func == (a: WideTablePans, b: WideTablePans) -> Bool { a.offsets == b.offsets && (a.active == nil) == (b.active == nil) }
}

/// What the scene asks of the content about wide tables (part of `PageContent`).
public protocol WideTableContent: AnyObject {
    /// The wide table of page `page` (laid out at `width`) under (x, y) in layout
    /// coordinates, how far it can pan, and whether it reads right to left (it starts at
    /// its right edge); nil when there is none there.
    func wideTable(page: Int, width: Double, atX x: Int, y: Int) -> (index: Int, maxOffset: Int, rightToLeft: Bool)?
}

extension WideTableContent {
    /// Content without tables has none to pan.
    public func wideTable(page: Int, width: Double, atX x: Int, y: Int) -> (index: Int, maxOffset: Int, rightToLeft: Bool)? { nil }
}

extension TypesetContent: WideTableContent {
    public func wideTable(page: Int, width: Double, atX x: Int, y: Int) -> (index: Int, maxOffset: Int, rightToLeft: Bool)? {
        if let pdf, pdf.isPDF(page) { return nil }
        let layout = layout(page: page, width: width)
        guard let index = layout.wideTable(atX: x, y: y), layout.wideTables[index].maxOffset > 0 else { return nil }
        return (index, layout.wideTables[index].maxOffset, layout.wideTables[index].rightToLeft)
    }
}

extension KioskScene {
    /// A horizontal drag begins: inside a wide table it pans the table (true), else the
    /// page is pulled as usual (false).
    func beginTablePan() -> Bool {
        guard let down = tablePans.down else { return false }
        let origin = pageOrigin(at: idle.lastTouchTime)
        guard let hit = content.wideTable(page: currentPage, width: textWidth, atX: Int(down.x) - origin.x, y: Int(down.y) - origin.y)
        else { return false }
        tablePans.begin(page: currentPage, table: hit.index, maxOffset: hit.maxOffset, rightToLeft: hit.rightToLeft)
        return true
    }

    /// The drag moved: the table's pixels change, so the page is drawn anew.
    func dragTablePan(dx: Double) {
        if tablePans.drag(dx: dx) { contentGeneration += 1 }
    }
}
