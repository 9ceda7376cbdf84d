extension GestureScript {
    /// The script as text in the same format, one primitive event per line (composite
    /// verbs come out expanded). Times use Swift's shortest round-tripping decimal
    /// form, so `parse(text)` gives back exactly these events.
    public var text: String {
        var out = "# lectern gesture script: time verb args (see GestureScript)\n"
        for event in events {
            out += Self.line(for: event)
            out += "\n"
        }
        return out
    }

    /// One event's line, without the newline.
    public static func line(for event: ScriptEvent) -> String {
        switch event {
        case let .touch(.down(slot, x, y, t)): return "\(t) down \(slot) \(x) \(y)"
        case let .touch(.move(slot, x, y, t)): return "\(t) move \(slot) \(x) \(y)"
        case let .touch(.up(slot, t)): return "\(t) up \(slot)"
        case let .touch(.cancel(t)): return "\(t) cancel"
        case let .capture(name, t): return "\(t) capture \(name)"
        case let .wait(t): return "\(t) wait"
        }
    }
}
