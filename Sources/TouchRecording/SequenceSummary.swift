import Touch

/// What one touch sequence (first finger down to last finger up) looked like, in the
/// units the thresholds are stated in: fingers, ms and mm. `lectern replay` prints one
/// per sequence so that a rejected tap shows which limit it crossed.
public struct SequenceSummary: Sendable, Equatable {
    public var start: Double
    public var end: Double
    /// Fingers that landed (a contact that dropped out and came back counts twice here).
    public var fingers: Int
    public var mostAtOnce: Int
    /// Time from the first landing to the last landing, ms.
    public var landingSpreadMilliseconds: Double
    /// The largest distance any finger got from where it landed, mm.
    public var maximumTravelMillimetres: Double

    public var durationMilliseconds: Double { (end - start) * 1000 }

    public static func summaries(of events: [TouchEvent], pixelsPerMillimetre: Double) -> [SequenceSummary] {
        var result: [SequenceSummary] = []
        var down: [Int: (x: Double, y: Double)] = [:]
        var current: SequenceSummary?
        var lastLanding = 0.0
        for event in events {
            switch event {
            case let .down(slot, x, y, t):
                if current == nil {
                    current = SequenceSummary(start: t, end: t, fingers: 0, mostAtOnce: 0, landingSpreadMilliseconds: 0, maximumTravelMillimetres: 0)
                }
                down[slot] = (x, y)
                lastLanding = t
                current!.fingers += 1
                current!.mostAtOnce = max(current!.mostAtOnce, down.count)
                current!.landingSpreadMilliseconds = (lastLanding - current!.start) * 1000
            case let .move(slot, x, y, _):
                guard let origin = down[slot], var running = current else { continue }
                let dx = x - origin.x, dy = y - origin.y
                running.maximumTravelMillimetres = max(running.maximumTravelMillimetres, (dx * dx + dy * dy).squareRoot() / pixelsPerMillimetre)
                current = running
            case let .up(slot, t):
                down[slot] = nil
                if down.isEmpty, var done = current {
                    done.end = t
                    result.append(done)
                    current = nil
                }
            case let .cancel(t):
                down.removeAll()
                if var done = current { done.end = t; result.append(done); current = nil }
            }
        }
        return result
    }

    public var text: String {
        func f(_ v: Double, _ digits: Int) -> String {
            let p = (0..<digits).reduce(1.0) { a, _ in a * 10 }
            let r = (v * p).rounded() / p
            return digits == 0 ? String(Int(r)) : String(r)
        }
        return "\(fingers) finger(s) (\(mostAtOnce) at once), landing over \(f(landingSpreadMilliseconds, 0)) ms, lasting \(f(durationMilliseconds, 0)) ms, travel up to \(f(maximumTravelMillimetres, 1)) mm"
    }
}
