/// Where each key of a keyboard is on the panel, sized from its density as text is: keys
/// at least `minimumKeyMillimetres` (a fingertip, WCAG's target size made
/// physical), at most `maximumKeyMillimetres` (a wide screen does not get keys the size
/// of a hand), rows centred, a bottom row of clear, space, backspace and return. Hit
/// testing gives every point of a row to its nearest key, so the gaps drawn between
/// keys are never dead.
public struct KeyboardGeometry: Sendable, Equatable {
    public static let minimumKeyMillimetres = 9.0
    public static let maximumKeyMillimetres = 15.0
    /// The drawn gap between neighbouring keys, as a share of the pitch.
    public static let gapShare = 0.1
    /// The most of the height above `bottom` the keyboard takes while its keys can be
    /// shorter (never under the minimum): the field and the results need the rest.
    public static let maximumHeightShare = 0.6

    public enum Action: Sendable, Equatable {
        case character(KeyboardLayout.Key)
        case clear, space, backspace, enter
    }

    public struct Frame: Sendable, Equatable {
        public var x, y, width, height: Double
        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x; self.y = y; self.width = width; self.height = height
        }
        public func contains(x px: Double, y py: Double) -> Bool { px >= x && px < x + width && py >= y && py < y + height }
        public var midX: Double { x + width / 2 }
        public var midY: Double { y + height / 2 }
    }

    public struct PlacedKey: Sendable, Equatable {
        public var action: Action
        /// The key's whole cell (its hit area); drawn inset by the gap.
        public var frame: Frame
    }

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case tooNarrow(neededMillimetres: Double, availableMillimetres: Double)
        public var description: String {
            switch self {
            case let .tooNarrow(needed, available):
                return "the screen is \(Int(available.rounded())) mm wide; this keyboard needs \(Int(needed.rounded())) mm for keys of \(Int(KeyboardGeometry.minimumKeyMillimetres)) mm"
            }
        }
    }

    /// The bottom row in key units: clear, space, backspace, return.
    static let bottomRow: [(Action, Double)] = [(.clear, 1.5), (.space, 5), (.backspace, 1.5), (.enter, 2)]

    /// A key's width (the bottom row's keys are several of these wide).
    public let pitch: Double
    /// A row's height: the pitch, or less on a short screen, never under the minimum.
    public let rowHeight: Double
    /// The keyboard's rows, top to bottom; the bottom row last.
    public let rows: [[PlacedKey]]
    public let frame: Frame

    /// Keys for `layout` across `width` pixels of a panel with `pixelsPerMillimetre`,
    /// the keyboard's bottom at `bottom`.
    public init(layout: KeyboardLayout, width: Double, bottom: Double, pixelsPerMillimetre: Double) throws(Failure) {
        let bottomUnits = Self.bottomRow.reduce(0) { $0 + $1.1 }
        let widest = max(Double(layout.rows.map(\.count).max() ?? 0), bottomUnits)
        let minimum = Self.minimumKeyMillimetres * pixelsPerMillimetre
        guard widest * minimum <= width else {
            throw .tooNarrow(neededMillimetres: widest * Self.minimumKeyMillimetres, availableMillimetres: width / pixelsPerMillimetre)
        }
        let pitch = min(width / widest, Self.maximumKeyMillimetres * pixelsPerMillimetre)
        self.pitch = pitch
        let rowCount = layout.rows.count + 1
        let rowHeight = max(minimum, min(pitch, bottom * Self.maximumHeightShare / Double(rowCount)))
        self.rowHeight = rowHeight
        let top = bottom - Double(rowCount) * rowHeight
        var placed: [[PlacedKey]] = []
        for (index, row) in layout.rows.enumerated() {
            let rowWidth = Double(row.count) * pitch
            let left = (width - rowWidth) / 2
            placed.append(row.enumerated().map { column, key in
                PlacedKey(action: .character(key), frame: Frame(x: left + Double(column) * pitch, y: top + Double(index) * rowHeight,
                                                                width: pitch, height: rowHeight))
            })
        }
        var x = (width - bottomUnits * pitch) / 2
        let y = top + Double(layout.rows.count) * rowHeight
        placed.append(Self.bottomRow.map { action, units in
            defer { x += units * pitch }
            return PlacedKey(action: action, frame: Frame(x: x, y: y, width: units * pitch, height: rowHeight))
        })
        self.rows = placed
        frame = Frame(x: 0, y: top, width: width, height: Double(rowCount) * rowHeight)
    }

    public var keys: [PlacedKey] { rows.flatMap { $0 } }

    /// The key under a finger at (x, y): the row by height, then the nearest key in it.
    /// Outside the keyboard: nil.
    public func key(atX x: Double, y: Double) -> PlacedKey? {
        guard frame.contains(x: x, y: y) else { return nil }
        let index = min(rows.count - 1, max(0, Int((y - frame.y) / rowHeight)))
        return rows[index].min { distance($0.frame, x) < distance($1.frame, x) }
    }

    /// The placed key that types `text` (tests and speech: where to tap for a letter).
    public func key(typing text: String) -> PlacedKey? {
        keys.first { if case let .character(key) = $0.action { return key.text == text } else { return false } }
    }

    private func distance(_ frame: Frame, _ x: Double) -> Double {
        x < frame.x ? frame.x - x : (x >= frame.x + frame.width ? x - frame.x - frame.width : 0)
    }
}
