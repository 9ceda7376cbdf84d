import Touch

/// Feed events to a fresh or given recogniser; return everything it reported.
func recognise(_ events: [TouchEvent], config: GestureConfig = GestureConfig(), recognizer: inout GestureRecognizer) -> [Gesture] {
    var out: [Gesture] = []
    for event in events { recognizer.handle(event, into: &out) }
    return out
}

func recognise(_ events: [TouchEvent], config: GestureConfig = GestureConfig()) -> [Gesture] {
    var recognizer = GestureRecognizer(config: config)
    return recognise(events, recognizer: &recognizer)
}

/// A straight drag: down at `start`, samples at `rate` Hz (with optional timing
/// jitter, as a fraction of the period), up `lift` s after the last sample.
func dragEvents(slot: Int = 0, from: (Double, Double), to: (Double, Double), start: Double = 0,
                duration: Double, rate: Double = 120, jitter: Double = 0, lift: Double = 0.005,
                rng: inout SplitMix64) -> [TouchEvent] {
    var events: [TouchEvent] = [.down(slot: slot, x: from.0, y: from.1, time: start)]
    let period = 1 / rate
    var k = 1
    var last = start
    while Double(k) * period <= duration + 1e-9 {
        var t = Double(k) * period
        if jitter > 0, Double(k) * period < duration - 1e-9 {
            t += Double.random(in: -jitter...jitter, using: &rng) * period
        }
        let f = t / duration
        last = start + t
        events.append(.move(slot: slot, x: from.0 + (to.0 - from.0) * f, y: from.1 + (to.1 - from.1) * f, time: last))
        k += 1
    }
    events.append(.up(slot: slot, time: last + lift))
    return events
}

extension Gesture {
    var isPanEvent: Bool {
        switch self {
        case .panBegan, .panChanged, .panEnded, .panCancelled: return true
        default: return false
        }
    }
    var isThreeFingerTap: Bool {
        if case .threeFingerTap = self { return true }
        return false
    }
}
