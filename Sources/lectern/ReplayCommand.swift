import ArgumentParser
import Foundation
import Kiosk
import KioskHeadless
import Raster
import Touch
import TouchRecording

/// `lectern replay`: plays a touchscreen recording (evemu or `libinput record`) through
/// the kiosk's recogniser and prints each gesture with its time and the menu's state.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Play a touch recording (evemu-record or libinput record) through the kiosk; print its gestures.",
        discussion: """
        Answers "why didn't my tap register?" from a recording made on site. Device units \
        map to the screen over the axis ranges, as libinput maps a touchscreen; the axis \
        resolution, when the device has one, gives millimetres (else --panel-mm, else the \
        configuration's dpi). Exits 65 for a recording it cannot read.
        """
    )

    @Argument(help: "The recording (evemu-record or libinput record output).") var file: String
    @Option(help: "The device description for an evemu file without A: lines (found beside it when named like it).") var device: String?
    @Option(help: "The panel's physical size WIDTHxHEIGHT in mm, when the device reports none.") var panelMm: String?
    @OptionGroup var kiosk: KioskOptions
    @Option(help: "Also write PNG frames into this directory, as `demo` does.") var out: String?
    @Option(help: "Frames per second for --out.") var fps: Double = 30

    func validate() throws {
        guard fps >= 1, fps <= 240 else { throw ValidationError("--fps must be between 1 and 240") }
        _ = try panelSize()
    }

    private func panelSize() throws -> (Double, Double)? {
        guard let panelMm else { return nil }
        let parts = panelMm.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w > 10, h > 10, w < 5000, h < 5000 else {
            throw ValidationError("--panel-mm: '\(panelMm)' is not WIDTHxHEIGHT in millimetres, e.g. 476x268")
        }
        return (w, h)
    }

    func run() throws {
        let recording: Recording
        do {
            recording = try RecordingReader.read(path: file, descriptionPath: device)
        } catch {
            FileHandle.standardError.write(Data("lectern: \(error)\n".utf8))
            throw ExitCode(65)
        }
        let (w, h) = try kiosk.screenSize()
        let config = try kiosk.loadConfig()
        let axes = recording.device.positionAxes!  // the reader refuses recordings without them
        let mapping = ScreenMapping(x: axes.x, y: axes.y, width: w, height: h)
        let density: Double
        let densitySource: String
        if let ppmm = mapping.pixelsPerMillimetre {
            let mm = mapping.panelMillimetres!
            density = ppmm
            densitySource = String(format: "the axis resolution (panel %.0fx%.0f mm)", mm.width, mm.height)
        } else if let (pw, ph) = try panelSize() {
            density = (Double(w) / pw + Double(h) / ph) / 2
            densitySource = "--panel-mm \(panelMm!)"
        } else {
            density = config.display.dpi / 25.4
            densitySource = "dpi \(Int(config.display.dpi)) from the configuration (the device reports no size; give --panel-mm)"
        }
        let events = RecordingPlayback.touchEvents(recording, mapping: mapping)
        let assembly = try KioskAssembly(config: config, width: w, height: h, pixelsPerMillimetre: density)
        let replay = TouchReplay(player: try assembly.player())
        let g = assembly.scene.gestureConfig
        var lines: [String] = [
            "\(file): \(recording.format.rawValue), '\(recording.device.name)', \(ContactTracker.kind(of: recording)) protocol, \(events.count) touch events",
            String(format: "screen %dx%d px, %.2f px/mm from %@", w, h, density, densitySource),
            String(format: "thresholds: tap travel %.1f mm, pan slop %.1f mm, three fingers land within %.0f ms and lift by %.0f ms",
                   g.tapSlop / density, g.slop / density, g.threeFingerLandingWindow * 1000, g.threeFingerMaximumDuration * 1000),
        ]
        // Sequence summaries and gestures, merged by time (a summary before its gestures).
        var timed: [(time: Double, order: Int, text: String)] = []
        for summary in SequenceSummary.summaries(of: events, pixelsPerMillimetre: density) {
            timed.append((summary.start, 0, String(format: "%8.3f s  sequence: ", summary.start) + summary.text))
        }
        if let out {
            do {
                try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            } catch {
                throw CLIUsageError("--out: cannot create \(out): \(error.localizedDescription)")
            }
            try replay.play(events, frameInterval: 1 / fps) { k, _, canvas in
                let path = String(format: "%@/frame-%05d.png", out, k)
                try writePNG(canvas, to: path, option: "--out")
            }
        } else {
            replay.play(events)
        }
        for entry in replay.entries {
            guard let name = Self.describe(entry.gesture, density: density) else { continue }
            timed.append((entry.gesture.time, 1, String(format: "%8.3f s  %@  menu %@", entry.gesture.time, name, entry.menuPresented ? "shown" : "hidden")))
        }
        let ordered = timed.enumerated().sorted { a, b in
            (a.element.time, a.element.order, a.offset) < (b.element.time, b.element.order, b.offset)
        }
        lines += ordered.map(\.element.text)
        lines.append("menu toggled \(replay.menuToggleTimes.count) time(s)\(out.map { "; frames in \($0)" } ?? "")")
        FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }

    /// One gesture as a person reads it; nil for the in-between pan updates.
    static func describe(_ gesture: Gesture, density: Double) -> String? {
        func at(_ x: Double, _ y: Double) -> String { String(format: "at (%.0f, %.0f)", x, y) }
        switch gesture {
        case let .touchDown(x, y, _): return "touch down \(at(x, y))"
        case let .panBegan(axis, x, y, _): return "pan began, \(axis) \(at(x, y))"
        case .panChanged: return nil
        case let .panEnded(axis, dx, dy, vx, vy, _):
            return String(format: "pan ended, %@, moved %.1f mm, %.0f mm/s", "\(axis)",
                          (axis == .horizontal ? dx : dy) / density, (axis == .horizontal ? vx : vy) / density)
        case .panCancelled: return "pan cancelled (more fingers)"
        case let .tap(x, y, _): return "tap \(at(x, y))"
        case let .threeFingerTap(x, y, _): return "THREE-FINGER TAP \(at(x, y))"
        case .allUp: return "all up"
        case let .pinchBegan(x, y, _): return "pinch began \(at(x, y))"
        case .pinchChanged: return nil
        case let .pinchEnded(scale, x, y, _): return String(format: "pinch ended, scale %.2f ", scale) + at(x, y)
        case .pinchCancelled: return "pinch cancelled"
        }
    }
}
