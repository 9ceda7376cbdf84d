import Touch

// A minimal private gesture-script parser, used until the Touch module's
// `GestureScript.parse(_:)` is merged; then this file goes and `InjectScript.parse`
// becomes `GestureScript.parse` (the event shapes below mirror its `ScriptEvent`).
//
// One event per line, `#` starts a comment line, times in seconds from the start:
//   T down SLOT X Y | T move SLOT X Y | T up SLOT | T cancel
//   T capture NAME  | T wait
//   T drag SLOT X0 Y0 X1 Y1 SECONDS   down at T, then a move every 1/60 s to (X1,Y1)
//   T tap SLOT X Y                    down at T, up 50 ms later
// Coordinates are logical screen pixels.

enum InjectScriptEvent: Equatable, Sendable {
    case touch(TouchEvent)
    case capture(name: String, time: Double)
    case wait(time: Double)

    var time: Double {
        switch self {
        case let .touch(e): return e.time
        case let .capture(_, t), let .wait(t): return t
        }
    }
}

struct InjectScriptError: Error, CustomStringConvertible {
    let line: Int
    let message: String
    var description: String { "gesture script line \(line): \(message)" }
}

enum InjectScript {
    static func parse(_ text: String) throws -> [InjectScriptEvent] {
        var events: [InjectScriptEvent] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let n = index + 1
            let words = raw.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard let first = words.first, !first.hasPrefix("#") else { continue }
            func number(_ i: Int, _ what: String) throws -> Double {
                guard i < words.count, let v = Double(words[i]), v.isFinite else {
                    throw InjectScriptError(line: n, message: "expected a number for \(what)")
                }
                return v
            }
            func slot(_ i: Int) throws -> Int {
                guard i < words.count, let s = Int(words[i]), (0..<10).contains(s) else {
                    throw InjectScriptError(line: n, message: "expected a slot 0...9")
                }
                return s
            }
            let t = try number(0, "the time")
            guard words.count > 1 else { throw InjectScriptError(line: n, message: "missing a verb after the time") }
            switch words[1] {
            case "down":
                events.append(.touch(.down(slot: try slot(2), x: try number(3, "x"), y: try number(4, "y"), time: t)))
            case "move":
                events.append(.touch(.move(slot: try slot(2), x: try number(3, "x"), y: try number(4, "y"), time: t)))
            case "up": events.append(.touch(.up(slot: try slot(2), time: t)))
            case "cancel": events.append(.touch(.cancel(time: t)))
            case "capture":
                guard words.count == 3 else { throw InjectScriptError(line: n, message: "capture takes one name") }
                events.append(.capture(name: words[2], time: t))
            case "wait": events.append(.wait(time: t))
            case "tap":
                let s = try slot(2), x = try number(3, "x"), y = try number(4, "y")
                events.append(.touch(.down(slot: s, x: x, y: y, time: t)))
                events.append(.touch(.up(slot: s, time: t + 0.05)))
            case "drag":
                let s = try slot(2)
                let (x0, y0) = (try number(3, "x0"), try number(4, "y0"))
                let (x1, y1) = (try number(5, "x1"), try number(6, "y1"))
                let duration = try number(7, "the duration")
                guard duration > 0 else { throw InjectScriptError(line: n, message: "drag duration must be > 0") }
                events.append(.touch(.down(slot: s, x: x0, y: y0, time: t)))
                let steps = max(1, Int((duration * 60).rounded()))
                for k in 1...steps {
                    let f = Double(k) / Double(steps)
                    events.append(.touch(.move(slot: s, x: x0 + (x1 - x0) * f, y: y0 + (y1 - y0) * f,
                                               time: t + duration * f)))
                }
            default:
                throw InjectScriptError(line: n, message: "unknown verb '\(words[1])'")
            }
        }
        // Stable: events of equal time keep their script order.
        return events.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }
}
