import TextFile

/// Reads `evemu-record` files: `E: sec.usec type code value` event lines (type and code
/// in hex) and the device description (`N:` name, `I:` ids, `P:` properties, `B:`
/// event bits, `A: code min max fuzz flat [resolution]` axes). Old evemu versions wrote
/// the description into a separate file; pass it as `description`.
public enum EvemuReader {
    public static func parse(_ file: TextFile, description: TextFile? = nil) throws(RecordingError) -> Recording {
        var device = RecordedDevice()
        if let description {
            var ignored: [RecordedEvent] = []
            try parseLines(of: description, device: &device, events: &ignored)
        }
        var events: [RecordedEvent] = []
        try parseLines(of: file, device: &device, events: &events)
        if events.isEmpty {
            throw RecordingError(path: file.path, line: nil, message: "holds no events (E: lines); record with `evemu-record /dev/input/eventN > FILE` while touching the screen")
        }
        return Recording(path: file.path, format: .evemu, device: device, events: events)
    }

    private static func parseLines(of file: TextFile, device: inout RecordedDevice, events: inout [RecordedEvent]) throws(RecordingError) {
        var lineNumber = 0
        for rawLine in file.lines {
            lineNumber += 1
            // evemu 1.3 explains each event in a trailing comment: "E: ... 0001	# EV_ABS / ...".
            let uncommented = rawLine.firstIndex(of: "#").map { rawLine[..<$0] } ?? rawLine
            let line = uncommented.trimmingSpaces
            if line.isEmpty { continue }
            func fail(_ message: String) -> RecordingError {
                RecordingError(path: file.path, line: lineNumber, message: message)
            }
            guard line.count >= 2, line.dropFirst().hasPrefix(":") else {
                throw fail("not an evemu line (expected 'E:', 'N:', 'I:', 'P:', 'B:', 'A:' or '#'); is this an evemu-record file?")
            }
            let fields = line.dropFirst(2).split(whereSeparator: { $0 == " " || $0 == "\t" })
            switch line.first {
            case "E":
                guard fields.count == 4, let time = Double(fields[0]), time.isFinite,
                      let type = UInt16(fields[1], radix: 16), let code = UInt16(fields[2], radix: 16),
                      let value = Int32(fields[3]) else {
                    throw fail("event line must be 'E: SECONDS.MICROSECONDS TYPE CODE VALUE' (type and code in hex), got '\(line)'")
                }
                events.append(RecordedEvent(time: time, type: type, code: code, value: value, line: lineNumber))
            case "N":
                device.name = String(rawLine.dropFirst(2).trimmingSpaces)  // a name may hold '#'
            case "A":
                let numbers = fields.dropFirst().compactMap { Int($0) }
                guard fields.count >= 5, let code = UInt16(fields[0], radix: 16), numbers.count == fields.count - 1 else {
                    throw fail("axis line must be 'A: CODE MIN MAX FUZZ FLAT [RESOLUTION]' (code in hex), got '\(line)'")
                }
                device.axes[code] = AbsAxis(minimum: numbers[0], maximum: numbers[1], fuzz: numbers[2], flat: numbers[3],
                                            resolution: numbers.count > 4 ? numbers[4] : 0)
            case "I", "P", "B", "L", "S":
                continue // ids, properties and bit masks: nothing a replay needs
            default:
                throw fail("unknown evemu line kind '\(line.prefix(2))' (expected 'E:', 'N:', 'I:', 'P:', 'B:', 'A:' or '#')")
            }
        }
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: Substring {
        let s = self
        guard let start = s.firstIndex(where: { $0 != " " && $0 != "\t" }) else { return s[s.endIndex...] }
        let end = s.lastIndex(where: { $0 != " " && $0 != "\t" })!
        return s[start...end]
    }
}
