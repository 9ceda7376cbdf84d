import Foundation
import Raster
import Geometry
import TextFile
import Typeset
import Video

/// Reads and validates a Lectern TOML configuration. TOML itself is parsed by toml++
/// (`TOMLTree`); this checks what Lectern makes of it. It does not stop at the first
/// problem: unknown sections and keys (with a "did you mean"), wrong types, values out
/// of range and missing files are all collected, each with its line, column and key,
/// and thrown together. Paths in the file are relative to the file's directory.
public enum ConfigLoader {
    /// A configuration is a few kilobytes; anything near this is a mistake (a log or an
    /// image given as --config), refused before it is read.
    public static let sizeLimit = 1 << 20
    static let sizeLimitLabel = "1 MB"

    /// Reads `path` (any line ends, with or without a BOM), parses it and checks that
    /// every content, icon and font file it names exists.
    public static func load(path: String) throws(ConfigErrors) -> KioskConfig {
        let file: TextFile
        do {
            file = try TextFile.read(path: path, limit: sizeLimit)
        } catch {
            let message: String
            switch error.kind {
            case .tooLarge: message = "the configuration file is over the \(sizeLimitLabel) limit for a configuration; is it the right file?"
            case .unreadable: message = "the configuration file " + (error.message.hasPrefix(path + ": ") ? String(error.message.dropFirst(path.count + 2)) : error.message)
            }
            throw ConfigErrors([ConfigError(file: path, line: nil, key: nil, message: message)])
        }
        if !file.invalidUTF8Lines.isEmpty {
            let lines = file.lines
            throw ConfigErrors(file.invalidUTF8Lines.map { line in
                let column = lines.indices.contains(line - 1) ? (lines[line - 1].unicodeScalars.firstIndex(of: "\u{FFFD}")
                    .map { lines[line - 1].unicodeScalars.distance(from: lines[line - 1].unicodeScalars.startIndex, to: $0) + 1 }) : nil
                return ConfigError(file: path, line: line, column: column, key: nil,
                                   message: "bytes that are not UTF-8; save the file as UTF-8")
            })
        }
        // TextFile has already dropped one BOM and turned every CR into a line end; TOML
        // allows neither a second BOM nor a bare CR (a lone CR inside a comment would
        // otherwise end it, making the rest of that line a key).
        if file.text.unicodeScalars.first == "\u{FEFF}" {
            throw ConfigErrors([ConfigError(file: path, line: 1, column: 1, key: nil,
                                            message: "TOML syntax: a second byte-order mark (U+FEFF) at the start of the file; "
                                                + "TOML allows at most one: save the file again as UTF-8")])
        }
        if let line = file.strayCRLines.first {
            let lines = file.lines
            let column = lines.indices.contains(line - 1) ? lines[line - 1].unicodeScalars.count + 1 : nil
            throw ConfigErrors([ConfigError(file: path, line: line, column: column, key: nil,
                                            message: "TOML syntax: a carriage return (CR) without a line feed; TOML lines end "
                                                + "with LF or CRLF: save the file again with one kind of line end")])
        }
        let directory = (path as NSString).deletingLastPathComponent
        return try parse(file.text, file: path, baseDirectory: directory.isEmpty ? "." : directory, checkFiles: true)
    }

    /// The sections and their keys.
    static let sections: [String: [String]] = [
        "display": ["rotation", "scale", "dpi", "mode", "on", "off", "schedule", "wake_on_touch", "wake_for", "cec",
                    "pan", "side_pan", "scroll_front", "atomic", "video_plane"],
        "theme": themeKeys + ["high_contrast"],
        "speech": ["enabled", "gesture", "headphone_jack", "device", "volume", "rate"],
        "text": ["fonts", "size", "measure", "distance_cm", "language"],
        "page": ["title", "content", "icon", "icon_selected", "pdf_width", "lang", "dir"],
        "idle": ["home_after", "blank_after", "attract"],
        "watch": ["enabled", "settle"],
        "metrics": ["enabled", "path"],
        "clips": ["sound"],
    ]

    static let themeKeys = ["background", "text", "muted", "foreground", "accent", "overlay", "overlay_alpha", "code_background"]
    static let speechGestures = ["two_finger_hold", "none"]

    /// Parses configuration text. With `checkFiles`, the files it names must exist.
    public static func parse(_ text: String, file: String, baseDirectory: String, checkFiles: Bool = false) throws(ConfigErrors) -> KioskConfig {
        let tree: TOMLTree
        do {
            tree = try TOMLTree(parsing: text)
        } catch {
            // toml++ stops at the first syntax error. Its message does not always name the
            // key, so the line itself is quoted.
            let lines = TextFile.lines(text)
            let quoted = lines.indices.contains(error.position.line - 1)
                ? lines[error.position.line - 1].trimmingCharacters(in: .whitespaces) : ""
            let context = quoted.isEmpty ? "" : " (in: \(quoted.count > 80 ? quoted.prefix(80) + "…" : quoted))"
            throw ConfigErrors([ConfigError(file: file, line: error.position.line, column: error.position.column, key: nil,
                                            message: "TOML syntax: \(error.message)\(context)")])
        }
        let diagnostics = ConfigDiagnostics(file: file, baseDirectory: baseDirectory, checkFiles: checkFiles)
        var config = KioskConfig()
        config.sourcePath = file
        var idleSection: ConfigSection?
        for entry in tree.root {
            let name = entry.key
            guard let known = sections[name] else {
                if case .table = entry.node.value {
                    let hint = suggestion(for: name, among: Array(sections.keys)).map { " (did you mean [\($0)]?)" } ?? ""
                    diagnostics.report(at: entry.position, key: spelledKey(name), "unknown section [\(spelledKey(name))]\(hint)")
                } else {
                    diagnostics.report(at: entry.position, key: spelledKey(name),
                                       "keys must be inside a section such as [display], [theme], [text], [[page]] or [idle]")
                }
                continue
            }
            if name == "page" {
                guard case let .array(items) = entry.node.value else {
                    diagnostics.report(at: entry.position, key: name, "pages are written [[page]] (double brackets), one per page")
                    continue
                }
                for item in items {
                    guard let section = diagnostics.section(name, item, known: known, label: "[[page]]") else { continue }
                    if let page = readPage(section) { config.pages.append(page) }
                }
                continue
            }
            if case .array = entry.node.value {
                diagnostics.report(at: entry.position, key: name, "[\(name)] is a single section: write it with single brackets")
                continue
            }
            guard let section = diagnostics.section(name, entry.node, known: known, label: "[\(name)]") else { continue }
            switch name {
            case "display":
                readDisplay(section, into: &config.display)
                readSchedule(section, into: &config.display)
            case "theme":
                readTheme(section, into: &config.theme)
                if let high = section.subsection("high_contrast", known: themeKeys) { readTheme(high, into: &config.highContrastTheme) }
            case "speech": readSpeech(section, into: &config.speech)
            case "text": readText(section, into: &config.text)
            case "watch": readWatch(section, into: &config.watch)
            case "metrics": readMetrics(section, into: &config.metrics)
            case "clips": config.clips.sound = section.bool("sound") ?? config.clips.sound
            default:
                readIdle(section, into: &config.idle)
                idleSection = section
            }
        }
        // After every [[page]] is read: the attract page may be written before them.
        if let title = config.idle.attract, config.idle.attractIndex(in: config.pages) == nil, let idleSection {
            let titles = config.pages.map { "\"\($0.title)\"" }.joined(separator: ", ")
            idleSection.report("attract", "no [[page]] has the title \"\(title)\": write one of \(titles.isEmpty ? "the pages' titles" : titles)")
            config.idle.attract = nil
        }
        if config.pages.isEmpty && !tree.root.contains(where: { $0.key == "page" }) {
            diagnostics.report(ConfigError(file: file, line: nil, key: "page", message: "no pages: add at least one [[page]] with content = \"...\""))
        }
        if !diagnostics.errors.isEmpty { throw ConfigErrors(diagnostics.errors) }
        return config
    }

    private static func readDisplay(_ s: ConfigSection, into display: inout KioskConfig.Display) {
        if let r = s.integer("rotation") {
            if let rotation = Rotation(rawValue: r) { display.rotation = rotation } else { s.report("rotation", "must be 0, 90, 180 or 270") }
        }
        display.scale = s.number("scale", in: 0.25...8) ?? display.scale
        display.dpi = s.number("dpi", in: 30...1000) ?? display.dpi
        if let mode = s.string("mode") {
            if let size = PixelSize(parsing: mode) {
                display.mode = size
            } else {
                s.report("mode", "must look like \"1280x800\"")
            }
        }
        display.scanout.pan = s.bool("pan") ?? display.scanout.pan
        display.scanout.sidePan = s.bool("side_pan") ?? display.scanout.sidePan
        display.scanout.scrollFront = s.bool("scroll_front") ?? display.scanout.scrollFront
        display.scanout.atomic = s.bool("atomic") ?? display.scanout.atomic
        display.scanout.videoPlane = s.bool("video_plane") ?? display.scanout.videoPlane
    }

    private static func readTheme(_ s: ConfigSection, into theme: inout KioskConfig.Theme) {
        theme.background = s.color("background") ?? theme.background
        theme.text = s.color("text") ?? theme.text
        theme.muted = s.color("muted") ?? theme.muted
        theme.foreground = s.color("foreground") ?? theme.foreground
        theme.accent = s.color("accent") ?? theme.accent
        theme.overlay = s.color("overlay") ?? theme.overlay
        theme.overlayAlpha = s.number("overlay_alpha", in: 0...1) ?? theme.overlayAlpha
        theme.codeBackground = s.color("code_background") ?? theme.codeBackground
    }

    private static func readSpeech(_ s: ConfigSection, into speech: inout KioskConfig.Speech) {
        speech.enabled = s.bool("enabled") ?? speech.enabled
        speech.headphoneJack = s.bool("headphone_jack") ?? speech.headphoneJack
        if let gesture = s.string("gesture") {
            if speechGestures.contains(gesture) { speech.gesture = gesture } else {
                s.report("gesture", "\"\(gesture)\" is not a speech gesture: use \(speechGestures.map { "\"\($0)\"" }.joined(separator: " or "))")
            }
        }
        if let device = s.string("device") {
            if device.isEmpty { s.report("device", "must name an ALSA device (see `aplay -L`), or \"default\"") } else { speech.device = device }
        }
        speech.volume = s.number("volume", in: 0...1) ?? speech.volume
        if let rate = s.number("rate", in: 80...450) { speech.rate = Int(rate) }
    }

    private static func readText(_ s: ConfigSection, into text: inout KioskConfig.Text) {
        text.size = s.number("size", in: 6...200) ?? text.size
        let fonts = s.paths("fonts", what: "font file") { path in FontProbe.problem(path: path, size: text.size ?? 20) }
        if let fonts { text.fonts = fonts }
        if let measure = s.number("measure", in: 0...200) {
            if measure == 0 || measure >= 20 { text.measure = measure } else { s.report("measure", "\(measure) characters is too narrow to read: use 20…200, or 0 for no limit") }
        }
        text.distanceCentimetres = s.number("distance_cm", in: 15...2000) ?? text.distanceCentimetres
        if let language = s.string("language") {
            if Hyphenator.isValidTag(language) {
                text.language = language
            } else {
                s.report("language", "\"\(language)\" is not a language tag: write e.g. \"en\", \"de\" or \"fr-CA\"")
            }
        }
    }

    private static func readIdle(_ s: ConfigSection, into idle: inout KioskConfig.Idle) {
        idle.homeAfter = s.number("home_after", in: 0...86_400 * 365) ?? idle.homeAfter
        idle.blankAfter = s.number("blank_after", in: 0...86_400 * 365) ?? idle.blankAfter
        guard let attract = s.string("attract") else { return }
        guard ClipSource.hasClipExtension(attract) else {
            idle.attract = attract
            return
        }
        // A clip (by its extension, as on a page): it loops full screen, muted.
        guard let file = s.path("attract", what: "the attract clip") else { return }
        idle.attract = nil
        idle.attractClip = file
        guard s.diagnostics.checkFiles, FileManager.default.isReadableFile(atPath: file) else { return }
        do {
            if let refusal = try ClipProbe.probe(path: file).refusal { s.report("attract", refusal) }
        } catch {
            s.report("attract", "\(error)")
        }
    }

    private static func readWatch(_ s: ConfigSection, into watch: inout KioskConfig.Watch) {
        watch.enabled = s.bool("enabled") ?? watch.enabled
        watch.settle = s.number("settle", in: 0.1...600) ?? watch.settle
    }

    private static func readMetrics(_ s: ConfigSection, into metrics: inout KioskConfig.Metrics) {
        metrics.enabled = s.bool("enabled") ?? metrics.enabled
        if let path = s.string("path") {
            if path.hasPrefix("/") && path.hasSuffix(".prom") {
                metrics.path = path
            } else {
                s.report("path", "\"\(path)\" must be an absolute path ending in .prom (node_exporter's textfile collector reads only *.prom)")
            }
        }
    }

    private static func readPage(_ s: ConfigSection) -> KioskConfig.Page? {
        let title = s.string("title")
        let icon = s.path("icon", what: "icon file")
        let iconSelected = s.path("icon_selected", what: "icon file")
        guard s.has("content") else {
            s.reportSection(key: "content", "each [[page]] needs content = \"path/to/page.md\"")
            return nil
        }
        guard let path = s.path("content", what: "content file") else { return nil }
        let fallbackTitle = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        var page = KioskConfig.Page(title: title ?? fallbackTitle, source: .file(path: path), icon: icon, iconSelected: iconSelected)
        if let width = s.string("pdf_width") {
            if let chosen = KioskConfig.Page.PDFWidth(rawValue: width) {
                page.pdfWidth = chosen
                if !page.isPDF { s.report("pdf_width", "pdf_width applies to PDF pages only; \(path) is not a .pdf") }
            } else {
                s.report("pdf_width", "\"\(width)\" is not a PDF width: write \"reading\" (the text column) or \"screen\" (edge to edge)")
            }
        }
        if let language = s.string("lang") {
            if Hyphenator.isValidTag(language) { page.language = language } else {
                s.report("lang", "\"\(language)\" is not a language tag: write e.g. \"en\", \"he\" or \"ar-EG\"")
            }
        }
        if let dir = s.string("dir") {
            if let direction = TextDirection(rawValue: dir) { page.direction = direction } else {
                s.report("dir", "\"\(dir)\" is not a direction: write \"rtl\" or \"ltr\"")
            }
        }
        return page
    }
}
