import TextFile
import Yams

/// Reads `libinput record` files (YAML, format version 1): per device, `evdev.name`,
/// `evdev.absinfo` (`CODE: [min, max, fuzz, flat, resolution]`) and the `events` list,
/// whose `evdev` entries are `[sec, usec, type, code, value]`. The `libinput` entries
/// (what libinput made of the events) are skipped: the replay makes its own.
///
/// Parsed with Yams (libyaml), so anything YAML allows is read as YAML reads it.
public enum LibinputRecordReader {
    /// The 1-based line where nesting first goes past `maximumNesting`, if it does: flow
    /// brackets outside quotes, and indentation (two columns a level, as YAML writers use).
    static func tooDeep(_ text: String) -> Int? {
        var depth = 0, line = 1, column = 0, quote: UInt8? = nil, atLineStart = true
        for byte in text.utf8 {
            if byte == 0x0A { line += 1; column = 0; atLineStart = true; quote = nil; continue }
            if atLineStart {
                if byte == 0x20 || byte == 0x2D { column += 1; if column / 2 > maximumNesting { return line }; continue }
                atLineStart = false
            }
            if let q = quote { if byte == q { quote = nil }; continue }
            switch byte {
            case 0x22, 0x27: quote = byte
            case 0x23 where depth == 0: quote = 0x0A  // a comment: skip to the line's end
            case 0x5B, 0x7B: depth += 1; if depth > maximumNesting { return line }
            case 0x5D, 0x7D: depth = max(0, depth - 1)
            default: break
            }
        }
        return nil
    }

    /// True when `text` looks like a `libinput record` file rather than evemu: its first
    /// line that is not a comment is a YAML key that `libinput record` writes first.
    public static func looksLikeLibinputRecord(_ text: String) -> Bool {
        for line in TextFile.lines(text) {
            let t = line.trimmingSpaces
            if t.isEmpty || t.hasPrefix("#") { continue }
            return t.hasPrefix("version:") || t.hasPrefix("ndevices:") || t.hasPrefix("libinput:") || t == "---"
        }
        return false
    }

    /// Deepest nesting (flow `[`/`{` or block indentation) handed to Yams. Yams builds its
    /// tree recursively, so a file of a few kilobytes of `[[[[…` overflowed the stack
    /// (found by fuzzing); a real `libinput record` file nests 5 levels deep.
    static let maximumNesting = 64

    public static func parse(_ file: TextFile) throws(RecordingError) -> Recording {
        let path = file.path
        if let line = tooDeep(file.text) {
            throw RecordingError(path: path, line: line,
                                 message: "nests deeper than \(maximumNesting) levels; a `libinput record` file never does: is it one?")
        }
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: file.text) else {
                throw RecordingError(path: path, line: nil, message: "is empty; record with `libinput record /dev/input/eventN > FILE`")
            }
            root = node
        } catch let error as RecordingError {
            throw error
        } catch let error as YamlError {
            throw RecordingError(path: path, line: error.line, message: "is not valid YAML: \(error.problem)")
        } catch {
            throw RecordingError(path: path, line: nil, message: "is not valid YAML: \(error)")
        }
        func fail(_ node: Node?, _ message: String) -> RecordingError {
            RecordingError(path: path, line: node?.mark?.line, message: message)
        }
        guard root.mapping != nil else { throw fail(root, "is not a `libinput record` file (the top level is not a mapping of keys)") }
        if let version = root["version"], version.plainInt != 1 {
            throw fail(version, "key 'version': format version \(version.string ?? "?") is not supported (this reader knows version 1)")
        }
        guard let devices = root["devices"]?.sequence, !devices.isEmpty else {
            throw fail(root, "key 'devices': missing or empty; is this a `libinput record` file?")
        }
        // The first device with position axes: `libinput record` may record several.
        var chosen: (device: RecordedDevice, node: Node)?
        for deviceNode in devices {
            let device = try readDevice(deviceNode, fail: fail)
            if device.positionAxes != nil { chosen = (device, deviceNode); break }
        }
        guard let (device, deviceNode) = chosen else {
            throw fail(root["devices"], "key 'devices': no device has absolute X/Y axes (evdev.absinfo codes 0/1 or 53/54); record the touchscreen's event node")
        }
        var events: [RecordedEvent] = []
        for entry in deviceNode["events"]?.sequence ?? Node.Sequence([]) {
            guard let evdev = entry["evdev"] else { continue } // `libinput:` entries and the like
            guard let list = evdev.sequence else { throw fail(evdev, "key 'evdev': expected a list of [sec, usec, type, code, value]") }
            for item in list {
                guard let fields = item.sequence, fields.count == 5,
                      let sec = fields[0].plainInt, let usec = fields[1].plainInt,
                      let type = fields[2].plainInt, let code = fields[3].plainInt, let value = fields[4].plainInt,
                      let type16 = UInt16(exactly: type), let code16 = UInt16(exactly: code),
                      let value32 = Int32(exactly: value) else {
                    throw fail(item, "key 'evdev': each event must be [sec, usec, type, code, value] with integers")
                }
                events.append(RecordedEvent(time: Double(sec) + Double(usec) / 1_000_000, type: type16, code: code16,
                                            value: value32, line: item.mark?.line ?? 0))
            }
        }
        if events.isEmpty {
            throw fail(deviceNode, "device '\(device.name)' has no evdev events; touch the screen while `libinput record` runs")
        }
        return Recording(path: path, format: .libinputRecord, device: device, events: events)
    }

    private static func readDevice(_ node: Node, fail: (Node?, String) -> RecordingError) throws(RecordingError) -> RecordedDevice {
        guard let evdev = node["evdev"] else { throw fail(node, "a device has no 'evdev' key") }
        var device = RecordedDevice(name: evdev["name"]?.string ?? "")
        guard let absinfo = evdev["absinfo"] else { return device }
        guard let mapping = absinfo.mapping else { throw fail(absinfo, "key 'absinfo': expected CODE: [min, max, fuzz, flat, resolution]") }
        for (key, value) in mapping {
            guard let code = key.plainInt.flatMap({ UInt16(exactly: $0) }), let numbers = value.sequence?.compactMap(\.plainInt),
                  numbers.count == 5 else {
                throw fail(key, "key 'absinfo': expected CODE: [min, max, fuzz, flat, resolution] with integers")
            }
            device.axes[code] = AbsAxis(minimum: numbers[0], maximum: numbers[1], fuzz: numbers[2], flat: numbers[3], resolution: numbers[4])
        }
        return device
    }
}

extension YamlError {
    /// The 1-based line libyaml stopped at, when it says.
    var line: Int? {
        switch self {
        case let .scanner(_, _, mark, _), let .parser(_, _, mark, _), let .composer(_, _, mark, _): return mark.line
        default: return nil
        }
    }

    var problem: String {
        switch self {
        case let .scanner(_, problem, _, _), let .parser(_, problem, _, _), let .composer(_, problem, _, _): return problem
        default: return "\(self)"
        }
    }
}

extension Node {
    /// A scalar written as a plain decimal integer, as `libinput record` writes every
    /// number. Not Yams' `int`: that also reads YAML 1.1 forms such as sexagesimal
    /// `1:30:00`, and traps on overflow while doing so (found by fuzzing: `9:::::…`).
    var plainInt: Int? { scalar.flatMap { Int($0.string) } }
}
