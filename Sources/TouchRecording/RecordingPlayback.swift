import Touch

/// Maps device units to screen pixels as libinput does for a touchscreen
/// (`libinput_event_touch_get_x_transformed`): the axis range, min…max, spans the
/// screen. The axis resolution (units/mm), when the kernel has one, gives the panel's
/// physical size and so its pixel density.
public struct ScreenMapping: Sendable, Equatable {
    public var x: AbsAxis
    public var y: AbsAxis
    public var width: Double
    public var height: Double

    public init(x: AbsAxis, y: AbsAxis, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = Double(width)
        self.height = Double(height)
    }

    public func point(x ux: Int, y uy: Int) -> (x: Double, y: Double) {
        (Double(ux - x.minimum) * width / x.range, Double(uy - y.minimum) * height / y.range)
    }

    /// The panel's size in mm from the axis resolutions, or nil when the kernel gave none.
    public var panelMillimetres: (width: Double, height: Double)? {
        guard x.resolution > 0, y.resolution > 0 else { return nil }
        return (x.range / Double(x.resolution), y.range / Double(y.resolution))
    }

    /// Screen px per mm from the resolution (the mean of both axes), or nil.
    public var pixelsPerMillimetre: Double? {
        panelMillimetres.map { (width / $0.width + height / $0.height) / 2 }
    }
}

/// A recording as the touch events libinput would deliver: per frame, lifts first, then
/// landings, then moves, on slots numbered from 0 (the smallest free one), timed in
/// seconds from the recording's first event.
public enum RecordingPlayback {
    public static func touchEvents(_ recording: Recording, mapping: ScreenMapping) -> [TouchEvent] {
        var tracker = ContactTracker(kind: ContactTracker.kind(of: recording))
        let start = recording.events.first?.time ?? 0
        var slotOf: [Int: Int] = [:]             // identity -> output slot
        var last: [Int: (x: Int, y: Int)] = [:]  // identity -> last position
        var out: [TouchEvent] = []
        for event in recording.events {
            guard let contacts = tracker.feed(event) else { continue }
            let t = event.time - start
            let present = Set(contacts.map(\.identity))
            for (identity, slot) in slotOf.sorted(by: { $0.value < $1.value }) where !present.contains(identity) {
                out.append(.up(slot: slot, time: t))
                slotOf[identity] = nil
                last[identity] = nil
            }
            for c in contacts {
                let p = mapping.point(x: c.x, y: c.y)
                if slotOf[c.identity] == nil {
                    let used = Set(slotOf.values)
                    let slot = (0...).first { !used.contains($0) }!
                    slotOf[c.identity] = slot
                    out.append(.down(slot: slot, x: p.x, y: p.y, time: t))
                } else if let l = last[c.identity], l != (c.x, c.y) {
                    out.append(.move(slot: slotOf[c.identity]!, x: p.x, y: p.y, time: t))
                }
                last[c.identity] = (c.x, c.y)
            }
        }
        let end = (recording.events.last?.time ?? start) - start
        for slot in slotOf.values.sorted() { out.append(.up(slot: slot, time: end)) }
        return out
    }
}
