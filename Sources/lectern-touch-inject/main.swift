import TextFile
import Glibc
import Geometry
import Touch

// lectern-touch-inject: the machine test's touchscreen. Creates a uinput multitouch
// screen, waits for the go signal, then plays a gesture script in real time. Lines
// starting with `!` are machine-only directives that split the script into segments
// (times restart at 0 in each segment); the rest is Touch's GestureScript format:
//   ! unplug | ! replug | ! signal TERM|INT|HUP|USR1|USR2 | ! sleep SECONDS
// Usage: lectern-touch-inject [--protocol PORT] [--ready-file F] [--go-file F]
//        [--pid-file F] [--width 1280] [--height 800] [--units-per-mm 4]
//        [--rotation 0|90|180|270] SCRIPT

struct Options {
    var hostPort: String?, readyFile: String?, goFile: String?, pidFile: String?
    var width: Int32 = 1280, height: Int32 = 800, unitsPerMM: Int32 = 4, rotation = 0
    var script = ""

    init(_ args: [String]) throws(InjectError) {
        var i = 0
        func value() throws(InjectError) -> String {
            i += 1
            guard i < args.count else { throw InjectError("\(args[i - 1]) needs a value") }
            return args[i]
        }
        func int(_ s: String) throws(InjectError) -> Int32 {
            guard let v = Int32(s), v > 0 else { throw InjectError("'\(s)' is not a positive integer") }
            return v
        }
        while i < args.count {
            switch args[i] {
            case "--protocol": hostPort = try value()
            case "--ready-file": readyFile = try value()
            case "--go-file": goFile = try value()
            case "--pid-file": pidFile = try value()
            case "--width": width = try int(value())
            case "--height": height = try int(value())
            case "--units-per-mm": unitsPerMM = try int(value())
            case "--rotation":
                let r = try value()
                guard let v = Int(r), [0, 90, 180, 270].contains(v) else {
                    throw InjectError("--rotation must be 0, 90, 180 or 270, not '\(r)'")
                }
                rotation = v
            default:
                guard script.isEmpty, !args[i].hasPrefix("--") else { throw InjectError("unexpected argument '\(args[i])'") }
                script = args[i]
            }
            i += 1
        }
        guard !script.isEmpty else { throw InjectError("no gesture script given") }
    }
}

enum Segment {
    case events([ScriptEvent])
    case directive(line: Int, words: [String])
}

func readFile(_ path: String) throws(InjectError) -> String {
    guard let f = fopen(path, "r") else { throw InjectError("cannot read \(path): \(errnoText())") }
    defer { fclose(f) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = fread(&buffer, 1, buffer.count, f)
        if n == 0 { break }
        bytes += buffer[0..<n]
    }
    return String(decoding: bytes, as: UTF8.self)
}

func segments(_ text: String, source: String) throws -> [Segment] {
    var out: [Segment] = []
    var chunk: [String] = []
    func flush() throws {
        out.append(.events(try GestureScript.parse(chunk.joined(separator: "\n"), source: source).events))
        chunk = []
    }
    for (n, line) in TextFile(path: source, bytes: Array(text.utf8)).lines.enumerated() {
        if line.hasPrefix("!") {
            try flush()
            out.append(.directive(line: n + 1, words: line.dropFirst().split(separator: " ").map(String.init)))
            chunk.append("")  // keeps the parser's line numbers equal to the file's
        } else {
            chunk.append(String(line))
        }
    }
    try flush()
    return out
}

/// Logical (rotated) screen pixels -> panel pixels. Rotation r means the content is
/// turned r degrees clockwise on the panel, as lectern's `rotation` setting does.
func panelPoint(_ x: Double, _ y: Double, _ o: Options) -> (Double, Double) {
    let w = Double(o.width), h = Double(o.height)
    switch o.rotation {
    case 90: return (w - y, x)
    case 180: return (w - x, h - y)
    case 270: return (y, h - x)
    default: return (x, y)
    }
}

func run() throws {
    let o = try Options(Array(CommandLine.arguments.dropFirst()))
    let plan = try segments(try readFile(o.script), source: o.script)
    let host = try HostLink(path: o.hostPort)
    var screen: UInputTouchscreen? = try UInputTouchscreen(width: o.width, height: o.height, unitsPerMM: o.unitsPerMM)
    if let ready = o.readyFile, let f = fopen(ready, "w") { fputs("ready\n", f); fclose(f) }
    if let go = o.goFile {
        let deadline = monotonicSeconds() + 60
        while access(go, F_OK) != 0 {
            guard monotonicSeconds() < deadline else { throw InjectError("no go signal (\(go)) within 60 s") }
            sleepSeconds(0.01)
        }
    }
    for segment in plan {
        switch segment {
        case let .events(events):
            var start = monotonicSeconds()
            var i = 0
            while i < events.count {
                let t = events[i].time
                sleepSeconds(start + t - monotonicSeconds())
                var frame: [PanelTouch] = []
                while i < events.count, events[i].time == t {
                    switch events[i] {
                    case let .touch(e):
                        switch e {
                        case let .down(slot, x, y, _):
                            let p = panelPoint(x, y, o); frame.append(.down(slot: slot, x: p.0, y: p.1))
                        case let .move(slot, x, y, _):
                            let p = panelPoint(x, y, o); frame.append(.move(slot: slot, x: p.0, y: p.1))
                        case let .up(slot, _): frame.append(.up(slot: slot))
                        case .cancel: frame.append(.cancel)
                        }
                    case let .capture(name, _):
                        if !frame.isEmpty { try send(frame, screen); frame = [] }
                        let before = monotonicSeconds()
                        try host.capture(name)
                        // The finger holds still while the host captures: later events keep
                        // their spacing instead of arriving in a burst.
                        start += monotonicSeconds() - before
                    case .wait: break
                    }
                    i += 1
                }
                if !frame.isEmpty { try send(frame, screen) }
            }
        case let .directive(line, words):
            switch words.first {
            case "unplug": screen = nil
            case "replug":
                if screen == nil { screen = try UInputTouchscreen(width: o.width, height: o.height, unitsPerMM: o.unitsPerMM) }
            case "sh":
                // A guest-side action between gestures: swap a config file, switch VT.
                let command = words.dropFirst().joined(separator: " ")
                guard !command.isEmpty else { throw InjectError("line \(line): ! sh COMMAND") }
                let status = system(command)
                guard status == 0 else { throw InjectError("line \(line): '\(command)' failed (status \(status))") }
            case "sleep":
                guard words.count == 2, let s = Double(words[1]), s >= 0 else { throw InjectError("line \(line): ! sleep SECONDS") }
                sleepSeconds(s)
            case "signal":
                let names: [String: Int32] = ["TERM": SIGTERM, "INT": SIGINT, "HUP": SIGHUP, "USR1": SIGUSR1, "USR2": SIGUSR2]
                guard words.count == 2, let sig = names[words[1]] else { throw InjectError("line \(line): ! signal TERM|INT|HUP|USR1|USR2") }
                guard let file = o.pidFile, let pid = Int32(try readFile(file).split(separator: "\n").first ?? "") else {
                    throw InjectError("line \(line): no app pid (--pid-file) to signal")
                }
                guard kill(pid, sig) == 0 else { throw InjectError("line \(line): kill \(pid): \(errnoText())") }
            default:
                throw InjectError("line \(line): unknown directive '!\(words.joined(separator: " "))'")
            }
            host.log("inject: ! \(words.joined(separator: " "))")
        }
    }
}

func send(_ frame: [PanelTouch], _ screen: UInputTouchscreen?) throws {
    guard let screen else { throw InjectError("touch events while the touchscreen is unplugged") }
    try screen.send(frame)
}

do {
    try run()
} catch {
    let message = "lectern-touch-inject: \(error)\n"
    _ = message.withCString { write(2, $0, strlen($0)) }
    exit(1)
}
