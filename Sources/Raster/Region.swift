/// A set of pixels as a union of rectangles: what changed in a frame (damage).
///
/// Kept simple on purpose: rectangles are merged when they overlap or touch and the
/// merge wastes little area, and the list is capped so the cost of a region stays
/// bounded; beyond the cap everything collapses into the bounding box. Exactness is
/// not required (damage may over-cover, never under-cover).
public struct Region: Sendable, Equatable {
    public private(set) var rects: [IntRect] = []
    public static let maximumRects = 16

    public init() { rects.reserveCapacity(Region.maximumRects) }
    public init(_ rect: IntRect) { self.init(); add(rect) }

    public var isEmpty: Bool { rects.isEmpty }
    public var bounds: IntRect { rects.reduce(IntRect.zero) { $0.union($1) } }
    public var area: Int { rects.reduce(0) { $0 + $1.area } }

    public mutating func removeAll() { rects.removeAll(keepingCapacity: true) }

    public mutating func add(_ rect: IntRect) {
        guard !rect.isEmpty else { return }
        var incoming = rect
        var i = 0
        while i < rects.count {
            let r = rects[i]
            if r.contains(incoming) { return }
            let merged = r.union(incoming)
            if incoming.contains(r) || (touchesOrOverlaps(r, incoming) && merged.area <= r.area + incoming.area) {
                incoming = merged
                rects.remove(at: i)
                i = 0
                continue
            }
            i += 1
        }
        if rects.count >= Region.maximumRects {
            let box = bounds.union(incoming)
            rects.removeAll(keepingCapacity: true)
            rects.append(box)
        } else {
            rects.append(incoming)
        }
    }

    public mutating func add(_ region: Region) {
        for r in region.rects { add(r) }
    }

    public func intersects(_ rect: IntRect) -> Bool { rects.contains { $0.intersects(rect) } }

    public func clipped(to rect: IntRect) -> Region {
        var out = Region()
        for r in rects { out.add(r.intersection(rect)) }
        return out
    }

    public func offsetBy(dx: Int, dy: Int) -> Region {
        var out = Region()
        for r in rects { out.add(r.offsetBy(dx: dx, dy: dy)) }
        return out
    }

    private func touchesOrOverlaps(_ a: IntRect, _ b: IntRect) -> Bool {
        a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY
    }
}
