/// One finger currently down.
public struct TouchPoint: Sendable, Equatable {
    public var slot: Int
    public var downX: Double
    public var downY: Double
    public var downTime: Double
    public var x: Double
    public var y: Double
    /// Largest distance from the down point seen so far, in px.
    public var maximumTravel: Double
    /// Travel with the landing and lift-off reports left out (see `GestureConfig.tapSlop`):
    /// the largest distance from the finger's second report (where it settled) of any
    /// report but the latest one, which may be the last before the lift. px.
    public var settledTravel: Double = 0
    /// Distance of the latest report from the settled point; joins `settledTravel` when
    /// another report follows. px.
    public var latestTravel: Double = 0
    /// The second report's position; nil until the finger has moved once.
    public var settledX: Double?
    public var settledY: Double?
}

/// The fingers of the current touch sequence: from the first finger touching while
/// nothing was down until the last one lifts (or a cancel). The recognisers read it
/// side by side; it knows nothing about gestures.
///
/// Storage is a fixed table reserved at init, so tracking fingers never allocates.
public struct TouchSequence: Sendable {
    /// More simultaneous fingers than this are counted but not tracked.
    public static let capacity = 16

    public private(set) var points: [TouchPoint]
    /// Fingers that landed in this sequence, including ones already lifted or untracked.
    public private(set) var landedCount = 0
    /// The most fingers down at once in this sequence.
    public private(set) var maximumSimultaneous = 0
    /// Time the first finger of this sequence touched.
    public private(set) var startTime = 0.0
    /// Fingers down beyond `capacity`, not tracked, still counted as down.
    private var untrackedDown = 0

    public init() {
        points = []
        points.reserveCapacity(Self.capacity)
    }

    public var activeCount: Int { points.count + untrackedDown }
    public var isEmpty: Bool { activeCount == 0 }

    public func index(ofSlot slot: Int) -> Int? {
        points.firstIndex { $0.slot == slot }
    }

    public func point(slot: Int) -> TouchPoint? {
        index(ofSlot: slot).map { points[$0] }
    }

    /// Record a finger landing. Returns false if it is a slot already down (the caller
    /// then treats it as a move).
    public mutating func down(slot: Int, x: Double, y: Double, time: Double) -> Bool {
        if index(ofSlot: slot) != nil { return false }
        if isEmpty { startSequence(at: time) }
        landedCount += 1
        if points.count < Self.capacity {
            points.append(TouchPoint(slot: slot, downX: x, downY: y, downTime: time, x: x, y: y, maximumTravel: 0))
        } else {
            untrackedDown += 1
        }
        maximumSimultaneous = max(maximumSimultaneous, activeCount)
        return true
    }

    /// Record movement; returns the updated point, or nil for a slot not down.
    public mutating func move(slot: Int, x: Double, y: Double) -> TouchPoint? {
        guard let i = index(ofSlot: slot) else { return nil }
        points[i].x = x
        points[i].y = y
        let dx = x - points[i].downX, dy = y - points[i].downY
        points[i].maximumTravel = max(points[i].maximumTravel, (dx * dx + dy * dy).squareRoot())
        if let sx = points[i].settledX, let sy = points[i].settledY {
            points[i].settledTravel = max(points[i].settledTravel, points[i].latestTravel)
            let ex = x - sx, ey = y - sy
            points[i].latestTravel = (ex * ex + ey * ey).squareRoot()
        } else {
            points[i].settledX = x
            points[i].settledY = y
        }
        return points[i]
    }

    /// Record a lift; returns the point as it was, or nil for a slot not down.
    public mutating func up(slot: Int) -> TouchPoint? {
        guard let i = index(ofSlot: slot) else {
            // An untracked finger (beyond capacity) lifting.
            if untrackedDown > 0 { untrackedDown -= 1 }
            return nil
        }
        return points.remove(at: i) // keeps capacity: no allocation
    }

    /// Forget every finger (TOUCH_CANCEL, device removed).
    public mutating func removeAll() {
        points.removeAll(keepingCapacity: true)
        untrackedDown = 0
    }

    private mutating func startSequence(at time: Double) {
        landedCount = 0
        maximumSimultaneous = 0
        startTime = time
        untrackedDown = 0
    }
}
