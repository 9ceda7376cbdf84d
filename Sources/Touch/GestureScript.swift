/// One step of a gesture script: a touch event, a named moment to capture (the headless
/// runner saves a frame there), or a no-op wait (marks the end).
public enum ScriptEvent: Sendable, Equatable {
    case touch(TouchEvent)
    case capture(name: String, time: Double)
    case wait(time: Double)

    public var time: Double {
        switch self {
        case let .touch(event): return event.time
        case let .capture(_, time), let .wait(time): return time
        }
    }
}

/// A timed list of touches for tests, the headless runner and the machine-test
/// injector. Text format, one event per line, `#` starts a comment, times in seconds
/// from the script's start, coordinates in device px of the rotated (logical) screen:
///
/// ```
/// 0.000 down 0 900 500                 # slot 0 touches at (900, 500)
/// 0.016 move 0 880 500
/// 0.300 up 0
/// 0.400 cancel                         # TOUCH_CANCEL: every finger gone
/// 1.000 drag 0 1500 600 200 600 0.25   # slot, from x y, to x y, duration
/// 1.000 hold-drag 0 1500 600 200 600 0.25 0.15   # ... then rests 0.15 s before lifting
/// 2.000 tap 3 960 540                  # fingers, centre x y
/// 2.500 capture menu-open              # a named moment
/// 3.000 wait                           # no-op; marks the end
/// ```
///
/// `drag`: down at T at (x0, y0), moves every 1/120 s along the straight line reaching
/// (x1, y1) exactly at T + duration, up 1/120 s later (a fling keeps the velocity).
/// `hold-drag`: as `drag`, but the finger rests at (x1, y1) for `hold` seconds and
/// lifts at T + duration + hold (a hold over 40 ms leaves no fling).
/// `tap`: N fingers 60 px apart in a row centred on (x, y), all down at T, all up at
/// T + 0.060, on the lowest slots free at T.
///
/// Lines must not go back in time; the expansions of composite verbs may overlap later
/// lines, so `events` is sorted by time (ties keep script order). Slots are checked in
/// that order: a slot cannot go down twice, and only a slot that is down moves or lifts.
public struct GestureScript: Sendable, Equatable {
    /// Rate of the moves `drag` generates.
    public static let dragRate = 120.0
    /// Spacing of `tap`'s fingers, px.
    public static let tapFingerSpacing = 60.0
    /// How long `tap`'s fingers stay down, s.
    public static let tapDuration = 0.060
    /// Slots above this are refused (the kernel has far fewer).
    public static let maximumSlot = 63

    public let events: [ScriptEvent]

    public init(events: [ScriptEvent]) {
        self.events = events
    }

    /// Time of the last event (0 for an empty script).
    public var duration: Double { events.last?.time ?? 0 }

    /// The touch events only, in order.
    public var touchEvents: [TouchEvent] {
        events.compactMap { if case let .touch(t) = $0 { return t } else { return nil } }
    }

    /// A script error: `description` reads `source:line: what is wrong`.
    public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        public let source: String
        public let line: Int
        public let message: String

        public init(source: String, line: Int, message: String) {
            self.source = source
            self.line = line
            self.message = message
        }

        public var description: String { "\(source):\(line): \(message)" }
    }

    /// Parse script text; `source` names it in errors (e.g. the file path).
    public static func parse(_ text: String, source: String = "script") throws -> GestureScript {
        var parser = GestureScriptParser(source: source)
        return try parser.parse(text)
    }
}
