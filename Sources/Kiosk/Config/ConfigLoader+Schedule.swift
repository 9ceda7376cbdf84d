import Foundation

/// `[display] on / off / wake_on_touch / wake_for / cec` and `[display.schedule]`.
extension ConfigLoader {
    static func readSchedule(_ s: ConfigSection, into display: inout KioskConfig.Display) {
        display.cec = readCEC(s) ?? display.cec
        display.wakeOnTouch = s.bool("wake_on_touch") ?? display.wakeOnTouch
        display.wakeFor = s.number("wake_for", in: 1...86_400) ?? display.wakeFor
        let on = s.string("on").flatMap { clockTime($0, key: "on", in: s, allowMidnightEnd: false) }
        let off = s.string("off").flatMap { clockTime($0, key: "off", in: s, allowMidnightEnd: true) }
        var daily: DisplaySchedule.Hours?
        switch (s.has("on"), s.has("off")) {
        case (true, false): s.report("on", "on needs off as well: add off = \"22:00\" (the time the display goes off)")
        case (false, true): s.report("off", "off needs on as well: add on = \"07:00\" (the time the display comes on)")
        default:
            if let on, let off {
                if on == off % 1440 {
                    s.report("off", "on and off are the same time: leave both out to keep the display on, or use [display.schedule] with \"off\" for closed days")
                } else {
                    daily = .init(on: on, off: off)
                }
            }
        }
        let week = s.subsection("schedule", known: DisplaySchedule.weekdayKeys)
        guard daily != nil || week != nil else { return }
        // A day not named in [display.schedule] keeps on/off, or is on all day without them.
        var days = Array(repeating: daily ?? DisplaySchedule.Hours(on: 0, off: 1440), count: 7) as [DisplaySchedule.Hours?]
        if let week {
            for (index, key) in DisplaySchedule.weekdayKeys.enumerated() {
                guard let text = week.string(key) else { continue }
                if text == "off" { days[index] = nil; continue }
                let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
                guard parts.count == 2 else {
                    week.report(key, "\"\(text)\" is not opening hours: write \"HH:MM-HH:MM\", e.g. \"10:00-18:00\" (or \"22:00-02:00\" past midnight), or \"off\"")
                    continue
                }
                guard let from = clockTime(parts[0], key: key, in: week, allowMidnightEnd: false),
                      let to = clockTime(parts[1], key: key, in: week, allowMidnightEnd: true) else { continue }
                if from == to % 1440 {
                    week.report(key, "\"\(text)\" starts and ends at the same time: write \"00:00-24:00\" for all day, or \"off\"")
                    continue
                }
                days[index] = .init(on: from, off: to)
            }
        }
        display.schedule = DisplaySchedule(days: days)
    }

    /// `cec = true`, `false` or `"/dev/cecN"`.
    static func readCEC(_ s: ConfigSection) -> KioskConfig.CECChoice? {
        guard let value = s.value("cec") else { return nil }
        switch value {
        case let .bool(on): return on ? .automatic : .off
        case let .string(path) where path.hasPrefix("/dev/"): return .device(path)
        case let .string(text):
            s.report("cec", "\"\(text)\" is not a device: write a path such as \"/dev/cec0\", or true to find the adapter, or false to leave the TV alone")
        default:
            s.report("cec", "must be true, false or a device such as \"/dev/cec0\", not \(value.typeName)")
        }
        return nil
    }

    /// "HH:MM" as minutes after midnight; "24:00" only where a span may end.
    static func clockTime(_ text: String, key: String, in s: ConfigSection, allowMidnightEnd: Bool) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count == 2, parts[0].count == 2, parts[1].count == 2,
           let hours = Int(parts[0]), let minutes = Int(parts[1]), parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
           (0...59).contains(minutes) {
            if (0...23).contains(hours) { return hours * 60 + minutes }
            if hours == 24, minutes == 0, allowMidnightEnd { return 1440 }
        }
        let hint = allowMidnightEnd ? "00:00…24:00" : "00:00…23:59"
        s.report(key, "\"\(text)\" is not a time of day: write \"HH:MM\" on the 24-hour clock (\(hint)), e.g. \"07:00\"")
        return nil
    }
}
