import Foundation

/// Opening hours (`[display] on` / `off`, `[display.schedule]`): for each weekday the
/// span of local wall-clock time during which the display is on, or none. A span that
/// ends at or before it starts runs past midnight into the next day; it belongs to the
/// day it starts on.
///
/// Pure: the answer is a function of the wall-clock instant and the time zone alone,
/// so a clock set forward by NTP is followed by simply asking again. Times are read the
/// way a person reads the clock on the wall: a start that does not exist on a spring-
/// forward night (02:30 in Berlin) happens when the clock jumps past it (03:00); one
/// that happens twice on a fall-back night happens the first time. Each day's span is
/// turned into two instants, so a repeated hour never turns the display on twice.
public struct DisplaySchedule: Sendable, Equatable {
    /// Minutes after local midnight.
    public struct Hours: Sendable, Equatable {
        public var on: Int
        public var off: Int
        /// `off` in 1…1440 and `on` in 0…1439 and `on != off` (checked by the loader).
        public init(on: Int, off: Int) { self.on = on; self.off = off }
        var crossesMidnight: Bool { off <= on }
    }

    /// Monday first (ISO 8601); nil: off all day.
    public var days: [Hours?]

    public init(days: [Hours?]) {
        precondition(days.count == 7, "a week has seven days")
        self.days = days
    }

    /// The same hours every day.
    public init(daily hours: Hours) { self.init(days: Array(repeating: hours, count: 7)) }

    public static let weekdayKeys = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

    /// Whether the display is on at `time` (seconds since 1970, UTC), and the instant of
    /// the next change (nil: it never changes again, e.g. every day off). The search looks
    /// eight days ahead; a week that is on without a break answers its end, so at most
    /// one needless wake-up a week.
    public func state(at time: Double, in zone: TimeZone) -> (on: Bool, nextChange: Double?) {
        let today = Self.localDay(of: time, in: zone)
        // Spans of yesterday (one may still run past midnight) to a week ahead, merged
        // where they touch or overlap.
        var spans: [(start: Double, end: Double)] = []
        for day in (today - 1)...(today + 8) {
            guard let hours = days[Self.weekdayIndex(ofDay: day)] else { continue }
            let start = Self.instant(day: day, minute: hours.on, in: zone)
            let end = Self.instant(day: hours.crossesMidnight ? day + 1 : day, minute: hours.off, in: zone)
            guard end > start else { continue }  // a span the clock skips entirely
            if let last = spans.last, start <= last.end {
                spans[spans.count - 1].end = max(last.end, end)
            } else {
                spans.append((start, end))
            }
        }
        if let current = spans.first(where: { $0.start <= time && time < $0.end }) {
            return (true, current.end)
        }
        return (false, spans.first(where: { $0.start > time })?.start)
    }

    // MARK: Local days without a calendar

    /// Days since 1970-01-01 on the local wall clock.
    static func localDay(of time: Double, in zone: TimeZone) -> Int {
        let offset = Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: time)))
        return Int(((time + offset) / 86_400).rounded(.down))
    }

    /// 0 = Monday. 1970-01-01 was a Thursday.
    static func weekdayIndex(ofDay day: Int) -> Int { ((day + 3) % 7 + 7) % 7 }

    /// The first instant at which the local clock reads `minute` on local day `day`, or,
    /// when the clock skips that reading (spring forward), the instant it jumps past it.
    static func instant(day: Int, minute: Int, in zone: TimeZone) -> Double {
        let wall = Double(day) * 86_400 + Double(minute) * 60   // the reading, as if UTC
        // The offsets in force around that reading; a zone changes its offset at most
        // once in a day here.
        var offsets: Set<Int> = []
        for probe in [wall - 86_400, wall, wall + 86_400] {
            let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: probe))
            offsets.insert(offset)
            offsets.insert(zone.secondsFromGMT(for: Date(timeIntervalSince1970: wall - Double(offset))))
        }
        let candidates = offsets.map { wall - Double($0) }.sorted()
        if let first = candidates.first(where: { Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: $0))) == wall - $0 }) {
            return first
        }
        // The reading does not exist: the clock jumped over it at the transition that
        // lies between the candidates.
        let before = candidates.first ?? wall
        if let jump = zone.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: before)) {
            return jump.timeIntervalSince1970
        }
        return before
    }
}
