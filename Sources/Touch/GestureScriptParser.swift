import TextFile
/// Turns script text into sorted `ScriptEvent`s: parse each line, expand the composite
/// verbs, sort by time, then check slot usage in time order (errors name the line that
/// produced the offending event).
struct GestureScriptParser {
    let source: String

    /// A slot as written (`fixed`) or one `tap` picks when its fingers land.
    private enum SlotRef: Hashable {
        case fixed(Int)
        case auto(line: Int, finger: Int)
    }

    private enum Kind {
        case down(SlotRef, Double, Double)
        case move(SlotRef, Double, Double)
        case up(SlotRef)
        case cancel
        case capture(String)
        case wait
    }

    private struct Pending {
        var time: Double
        var line: Int
        var order: Int
        var kind: Kind
    }

    private var pending: [Pending] = []

    init(source: String) {
        self.source = source
    }

    /// Limits that keep a script's expansion (drags at 120 Hz) within memory.
    static let maximumDragDuration = 600.0
    static let maximumEvents = 2_000_000

    static let verbs = ["down", "move", "up", "cancel", "drag", "hold-drag", "tap", "capture", "wait"]

    mutating func parse(_ text: String) throws -> GestureScript {
        var previousTime = -Double.infinity
        var previousLine = 0
        var lineNumber = 0
        // Through TextFile: CRLF, lone CR and a BOM read like LF (Swift's String keeps
        // "\r\n" as one Character, so splitting on "\n" would see one long line).
        for rawLine in TextFile(path: source, bytes: Array(text.utf8)).lines {
            lineNumber += 1
            let content = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let tokens = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            if tokens.isEmpty { continue }
            let time = try number(tokens[0], what: "time", line: lineNumber)
            guard time >= 0 else { throw error(lineNumber, "time \(tokens[0]) is negative") }
            guard time >= previousTime else {
                throw error(lineNumber, "time \(tokens[0]) goes backwards (line \(previousLine) is at \(previousTime))")
            }
            previousTime = time
            previousLine = lineNumber
            guard tokens.count >= 2 else { throw error(lineNumber, "missing verb after the time (expected one of \(Self.verbs.joined(separator: ", ")))") }
            try parseVerb(tokens[1], Array(tokens.dropFirst(2)), time: time, line: lineNumber)
            guard pending.count <= Self.maximumEvents else {
                throw error(lineNumber, "the script expands to over \(Self.maximumEvents) events here; split it into several scripts")
            }
        }
        pending.sort { ($0.time, $0.order) < ($1.time, $1.order) }
        return GestureScript(events: try resolveSlots())
    }

    private mutating func parseVerb(_ verb: String, _ args: [String], time t: Double, line: Int) throws {
        func expect(_ names: String) throws {
            let count = names.isEmpty ? 0 : names.split(separator: " ").count
            guard args.count == count else {
                throw error(line, "\(verb) takes \(count == 0 ? "no arguments" : names) (got \(args.count) argument\(args.count == 1 ? "" : "s"))")
            }
        }
        switch verb {
        case "down", "move":
            try expect("slot x y")
            let slot = try self.slot(args[0], line: line)
            let x = try number(args[1], what: "x", line: line), y = try number(args[2], what: "y", line: line)
            add(t, line, verb == "down" ? .down(.fixed(slot), x, y) : .move(.fixed(slot), x, y))
        case "up":
            try expect("slot")
            add(t, line, .up(.fixed(try slot(args[0], line: line))))
        case "cancel":
            try expect("")
            add(t, line, .cancel)
        case "drag", "hold-drag":
            let isHold = verb == "hold-drag"
            try expect(isHold ? "slot x0 y0 x1 y1 duration hold" : "slot x0 y0 x1 y1 duration")
            let slot = try self.slot(args[0], line: line)
            let x0 = try number(args[1], what: "x0", line: line), y0 = try number(args[2], what: "y0", line: line)
            let x1 = try number(args[3], what: "x1", line: line), y1 = try number(args[4], what: "y1", line: line)
            let duration = try number(args[5], what: "duration", line: line)
            guard duration > 0 else { throw error(line, "\(verb) duration must be positive, got \(args[5])") }
            // A drag expands into 120 moves a second: an absurd duration would ask for
            // gigabytes (found by fuzzing: 445400 s).
            guard duration <= Self.maximumDragDuration else {
                throw error(line, "\(verb) duration \(args[5]) s is over the limit of \(Int(Self.maximumDragDuration)) s; split it into several drags")
            }
            let hold = isHold ? try number(args[6], what: "hold", line: line) : 0
            guard hold >= 0 else { throw error(line, "hold-drag hold must not be negative, got \(args[6])") }
            addDrag(slot: slot, from: (x0, y0), to: (x1, y1), start: t, duration: duration,
                    liftAfter: isHold ? hold : 1 / GestureScript.dragRate, line: line)
        case "tap":
            try expect("fingers x y")
            guard let fingers = Int(args[0]), (1...10).contains(fingers) else {
                throw error(line, "tap fingers must be a whole number from 1 to 10, got '\(args[0])'")
            }
            let x = try number(args[1], what: "x", line: line), y = try number(args[2], what: "y", line: line)
            for finger in 0..<fingers {
                let fx = x + (Double(finger) - Double(fingers - 1) / 2) * GestureScript.tapFingerSpacing
                add(t, line, .down(.auto(line: line, finger: finger), fx, y))
            }
            for finger in 0..<fingers {
                add(t + GestureScript.tapDuration, line, .up(.auto(line: line, finger: finger)))
            }
        case "capture":
            guard args.count == 1 else { throw error(line, "capture takes one name without spaces (got \(args.count) arguments)") }
            add(t, line, .capture(args[0]))
        case "wait":
            try expect("")
            add(t, line, .wait)
        default:
            throw error(line, "unknown verb '\(verb)' (expected one of \(Self.verbs.joined(separator: ", ")))")
        }
    }

    private mutating func addDrag(slot: Int, from: (Double, Double), to: (Double, Double), start: Double,
                                  duration: Double, liftAfter: Double, line: Int) {
        let ref = SlotRef.fixed(slot)
        add(start, line, .down(ref, from.0, from.1))
        let step = 1 / GestureScript.dragRate
        var k = 1
        // Regular 120 Hz samples strictly before the end, then one exactly at the end.
        while Double(k) * step < duration - 1e-9 {
            let f = Double(k) * step / duration
            add(start + Double(k) * step, line, .move(ref, from.0 + (to.0 - from.0) * f, from.1 + (to.1 - from.1) * f))
            k += 1
        }
        add(start + duration, line, .move(ref, to.0, to.1))
        add(start + duration + liftAfter, line, .up(ref))
    }

    private mutating func add(_ time: Double, _ line: Int, _ kind: Kind) {
        pending.append(Pending(time: time, line: line, order: pending.count, kind: kind))
    }

    /// Walk the sorted events, checking slots and giving `tap` fingers real slots.
    private func resolveSlots() throws -> [ScriptEvent] {
        var downSince: [Int: Int] = [:] // slot → line that put it down
        var assigned: [SlotRef: Int] = [:]
        var events: [ScriptEvent] = []
        events.reserveCapacity(pending.count)

        func resolve(_ ref: SlotRef) -> Int? {
            switch ref {
            case let .fixed(slot): return slot
            case .auto: return assigned[ref]
            }
        }

        for p in pending {
            switch p.kind {
            case let .down(ref, x, y):
                let slot: Int
                switch ref {
                case let .fixed(s):
                    if let since = downSince[s] {
                        throw error(p.line, "slot \(s) goes down at \(p.time) but is already down (since line \(since))")
                    }
                    slot = s
                case .auto:
                    guard let free = (0...GestureScript.maximumSlot).first(where: { downSince[$0] == nil }) else {
                        throw error(p.line, "no free slot for tap at \(p.time)")
                    }
                    assigned[ref] = free
                    slot = free
                }
                downSince[slot] = p.line
                events.append(.touch(.down(slot: slot, x: x, y: y, time: p.time)))
            case let .move(ref, x, y):
                guard let slot = resolve(ref), downSince[slot] != nil else {
                    throw error(p.line, "move of slot \(resolve(ref).map(String.init) ?? "?") at \(p.time), which is not down")
                }
                events.append(.touch(.move(slot: slot, x: x, y: y, time: p.time)))
            case let .up(ref):
                guard let slot = resolve(ref), downSince[slot] != nil else {
                    throw error(p.line, "up of slot \(resolve(ref).map(String.init) ?? "?") at \(p.time), which is not down")
                }
                downSince[slot] = nil
                events.append(.touch(.up(slot: slot, time: p.time)))
            case .cancel:
                downSince.removeAll()
                events.append(.touch(.cancel(time: p.time)))
            case let .capture(name):
                events.append(.capture(name: name, time: p.time))
            case .wait:
                events.append(.wait(time: p.time))
            }
        }
        return events
    }

    private func number(_ token: String, what: String, line: Int) throws -> Double {
        guard let value = Double(token), value.isFinite else {
            throw error(line, "bad number '\(token)' for \(what)")
        }
        return value
    }

    private func slot(_ token: String, line: Int) throws -> Int {
        guard let value = Int(token), (0...GestureScript.maximumSlot).contains(value) else {
            throw error(line, "bad slot '\(token)' (a whole number from 0 to \(GestureScript.maximumSlot))")
        }
        return value
    }

    private func error(_ line: Int, _ message: String) -> GestureScript.ParseError {
        GestureScript.ParseError(source: source, line: line, message: message)
    }
}
