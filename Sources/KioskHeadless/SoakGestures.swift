import Touch

/// A seeded, reproducible stream of the gestures people make at a kiosk, as touch
/// events: taps, flings and slow drags, pulls both ways, three- and four-finger taps,
/// holds, pinches, a palm, and a cancel mid-drag (a touchscreen unplugged). For the
/// soak: the same seed gives the same session, so a failure can be replayed.
struct SoakGestures {
    private var random: SplitMix64
    let width: Double
    let height: Double
    static let frameInterval = 1.0 / 120  // a typical touch controller's report rate

    init(seed: UInt64, width: Double, height: Double) {
        random = SplitMix64(seed: seed)
        self.width = width
        self.height = height
    }

    mutating func next() -> UInt64 { random.next() }

    mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + Double(next() >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
    }

    mutating func point() -> (Double, Double) { (uniform(0...width - 1), uniform(0...height - 1)) }

    /// One gesture starting at `t`: its events, in time order.
    mutating func gesture(at t: Double) -> [TouchEvent] {
        let kind = next() % 100
        switch kind {
        case 0..<25: return tap(at: t)
        case 25..<50: return drag(at: t, horizontal: false)
        case 50..<65: return drag(at: t, horizontal: true)
        case 65..<72: return fingers(3, at: t, hold: uniform(0.04...0.15))
        case 72..<76: return fingers(4, at: t, hold: uniform(0.04...0.15))
        case 76..<82: return fingers(1, at: t, hold: uniform(0.3...1.2))  // a hold
        case 82..<90: return pinch(at: t)
        case 90..<94: return fingers(Int(2 + next() % 4), at: t, hold: uniform(0.2...0.8))  // a palm
        default: return cancelledDrag(at: t)
        }
    }

    mutating func tap(at t: Double) -> [TouchEvent] {
        let (x, y) = point()
        return [.down(slot: 0, x: x, y: y, time: t), .up(slot: 0, time: t + uniform(0.03...0.2))]
    }

    /// A drag of random length and speed, a fling when fast; horizontal ones pull the page.
    mutating func drag(at t: Double, horizontal: Bool) -> [TouchEvent] {
        let (x0, y0) = point()
        let distance = uniform(-0.9...0.9) * (horizontal ? width : height)
        let duration = uniform(0.06...0.8)
        let steps = max(2, Int(duration / Self.frameInterval))
        var events: [TouchEvent] = [.down(slot: 0, x: x0, y: y0, time: t)]
        for i in 1...steps {
            let u = Double(i) / Double(steps)
            let wobble = uniform(-2...2)
            let x = horizontal ? x0 + distance * u : x0 + wobble
            let y = horizontal ? y0 + wobble : y0 + distance * u
            events.append(.move(slot: 0, x: x, y: y, time: t + duration * u))
        }
        events.append(.up(slot: 0, time: t + duration + Self.frameInterval))
        return events
    }

    /// `count` fingers landing within 40 ms, jittering a little, lifting after `hold`.
    mutating func fingers(_ count: Int, at t: Double, hold: Double) -> [TouchEvent] {
        var events: [TouchEvent] = []
        var points: [(Double, Double)] = []
        for slot in 0..<count {
            let p = point()
            points.append(p)
            events.append(.down(slot: slot, x: p.0, y: p.1, time: t + Double(slot) * uniform(0...0.013)))
        }
        let moveTime = t + hold / 2
        for slot in 0..<count {
            events.append(.move(slot: slot, x: points[slot].0 + uniform(-1...1), y: points[slot].1 + uniform(-1...1), time: moveTime))
        }
        for slot in 0..<count { events.append(.up(slot: slot, time: t + hold + Double(slot) * uniform(0...0.01))) }
        return events.sorted { $0.time < $1.time }
    }

    mutating func pinch(at t: Double) -> [TouchEvent] {
        let (cx, cy) = (width / 2 + uniform(-50...50), height / 2 + uniform(-50...50))
        let start = uniform(20...120), end = uniform(20...200)
        let duration = uniform(0.2...0.7)
        let steps = Int(duration / Self.frameInterval)
        var events: [TouchEvent] = [.down(slot: 0, x: cx - start, y: cy, time: t), .down(slot: 1, x: cx + start, y: cy, time: t + 0.01)]
        for i in 1...max(1, steps) {
            let r = start + (end - start) * Double(i) / Double(max(1, steps))
            let time = t + 0.01 + duration * Double(i) / Double(max(1, steps))
            events.append(.move(slot: 0, x: cx - r, y: cy, time: time))
            events.append(.move(slot: 1, x: cx + r, y: cy, time: time))
        }
        events.append(.up(slot: 0, time: t + duration + 0.02))
        events.append(.up(slot: 1, time: t + duration + 0.03))
        return events
    }

    mutating func cancelledDrag(at t: Double) -> [TouchEvent] {
        var events = drag(at: t, horizontal: next() % 2 == 0)
        let cut = max(2, events.count / 2)
        let time = events[cut - 1].time + Self.frameInterval
        events.removeSubrange(cut...)
        events.append(.cancel(time: time))
        return events
    }
}
