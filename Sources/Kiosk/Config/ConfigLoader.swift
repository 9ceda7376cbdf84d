import Foundation
import Raster

/// Reads and validates a Lectern TOML configuration. Unknown sections and keys are
/// errors with a "did you mean"; wrong types and out-of-range values name their key.
/// Paths in the file are relative to the file's directory.
public enum ConfigLoader {
    public static func load(path: String) throws(ConfigError) -> KioskConfig {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot be read (check its permissions)" : "does not exist"
            throw ConfigError(file: path, line: nil, key: nil, message: "the configuration file \(reason)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigError(file: path, line: nil, key: nil, message: "the configuration file is not valid UTF-8")
        }
        let directory = (path as NSString).deletingLastPathComponent
        return try parse(text, file: path, baseDirectory: directory.isEmpty ? "." : directory)
    }

    static let sections: [String: [String]] = [
        "display": ["rotation", "scale", "dpi", "mode"],
        "theme": ["background", "text", "muted", "foreground", "accent", "overlay", "overlay_alpha"],
        "text": ["fonts", "size"],
        "page": ["title", "content", "icon", "icon_selected"],
        "idle": ["home_after", "blank_after"],
    ]

    public static func parse(_ text: String, file: String, baseDirectory: String) throws(ConfigError) -> KioskConfig {
        let document: TOMLDocument
        do {
            document = try TOMLDocument(parsing: text)
        } catch {
            throw ConfigError(file: file, line: error.line, key: nil, message: error.message)
        }
        var config = KioskConfig()
        config.sourcePath = file
        for table in document.tables {
            let reader = TableReader(table: table, file: file, baseDirectory: baseDirectory)
            switch table.name {
            case "":
                if let first = table.entries.first {
                    throw ConfigError(file: file, line: first.line, key: first.key,
                                      message: "keys must be inside a section such as [display], [theme], [text], [[page]] or [idle]")
                }
            case "display":
                try reader.checkKnownKeys()
                if let r = try reader.integer("rotation") {
                    guard [0, 90, 180, 270].contains(r) else { throw reader.error("rotation", "must be 0, 90, 180 or 270") }
                    config.display.rotation = r
                }
                config.display.scale = try reader.number("scale", in: 0.25...8) ?? config.display.scale
                config.display.dpi = try reader.number("dpi", in: 30...1000) ?? config.display.dpi
                if let mode = try reader.string("mode") {
                    let parts = mode.split(separator: "x")
                    guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0 else {
                        throw reader.error("mode", "must look like \"1280x800\"")
                    }
                    config.display.mode = mode
                }
            case "theme":
                try reader.checkKnownKeys()
                config.theme.background = try reader.color("background") ?? config.theme.background
                config.theme.text = try reader.color("text") ?? config.theme.text
                config.theme.muted = try reader.color("muted") ?? config.theme.muted
                config.theme.foreground = try reader.color("foreground") ?? config.theme.foreground
                config.theme.accent = try reader.color("accent") ?? config.theme.accent
                config.theme.overlay = try reader.color("overlay") ?? config.theme.overlay
                config.theme.overlayAlpha = try reader.number("overlay_alpha", in: 0...1) ?? config.theme.overlayAlpha
            case "text":
                try reader.checkKnownKeys()
                if let fonts = try reader.stringArray("fonts") {
                    config.text.fonts = fonts.map { reader.resolve($0) }
                }
                config.text.size = try reader.number("size", in: 6...200) ?? config.text.size
            case "page":
                guard table.isArrayElement else {
                    throw ConfigError(file: file, line: table.line, key: nil, message: "pages are written [[page]] (double brackets), one per page")
                }
                try reader.checkKnownKeys()
                guard let content = try reader.string("content") else {
                    throw ConfigError(file: file, line: table.line, key: "content", message: "each [[page]] needs content = \"path/to/page.md\"")
                }
                let path = reader.resolve(content)
                let title = try reader.string("title") ?? ((content as NSString).lastPathComponent as NSString).deletingPathExtension
                config.pages.append(.init(title: title, source: .file(path: path),
                                          icon: try reader.string("icon").map(reader.resolve),
                                          iconSelected: try reader.string("icon_selected").map(reader.resolve)))
            case "idle":
                try reader.checkKnownKeys()
                config.idle.homeAfter = try reader.number("home_after", in: 0...86_400 * 365) ?? config.idle.homeAfter
                config.idle.blankAfter = try reader.number("blank_after", in: 0...86_400 * 365) ?? config.idle.blankAfter
            default:
                let hint = suggestion(for: table.name, among: Array(sections.keys)).map { " (did you mean [\($0)]?)" } ?? ""
                throw ConfigError(file: file, line: table.line, key: nil, message: "unknown section [\(table.name)]\(hint)")
            }
            if table.isArrayElement && table.name != "page" {
                throw ConfigError(file: file, line: table.line, key: nil, message: "[\(table.name)] is a single section: write it with single brackets")
            }
        }
        if config.pages.isEmpty {
            throw ConfigError(file: file, line: nil, key: "page", message: "no pages: add at least one [[page]] with content = \"...\"")
        }
        return config
    }
}

/// Typed access to one table's keys, with errors that name file, line and key.
private struct TableReader {
    let table: TOMLDocument.Table
    let file: String
    let baseDirectory: String

    var sectionLabel: String { table.isArrayElement ? "[[\(table.name)]]" : "[\(table.name)]" }

    func checkKnownKeys() throws(ConfigError) {
        let known = ConfigLoader.sections[table.name] ?? []
        for entry in table.entries where !known.contains(entry.key) {
            let hint = suggestion(for: entry.key, among: known).map { " (did you mean '\($0)'?)" } ?? ""
            throw ConfigError(file: file, line: entry.line, key: "\(table.name).\(entry.key)",
                              message: "unknown key in \(sectionLabel)\(hint); known keys: \(known.joined(separator: ", "))")
        }
    }

    func entry(_ key: String) -> TOMLDocument.Entry? { table.entries.first { $0.key == key } }

    func error(_ key: String, _ message: String) -> ConfigError {
        ConfigError(file: file, line: entry(key)?.line ?? table.line, key: "\(table.name).\(key)", message: message)
    }

    func string(_ key: String) throws(ConfigError) -> String? {
        guard let e = entry(key) else { return nil }
        guard case let .string(s) = e.value else { throw error(key, "must be a string in quotes, not \(e.value.typeName)") }
        return s
    }

    func integer(_ key: String) throws(ConfigError) -> Int? {
        guard let e = entry(key) else { return nil }
        guard case let .integer(i) = e.value else { throw error(key, "must be a whole number, not \(e.value.typeName)") }
        return i
    }

    func number(_ key: String, in range: ClosedRange<Double>) throws(ConfigError) -> Double? {
        guard let e = entry(key) else { return nil }
        let value: Double
        switch e.value {
        case let .integer(i): value = Double(i)
        case let .float(d): value = d
        default: throw error(key, "must be a number, not \(e.value.typeName)")
        }
        guard range.contains(value) else {
            throw error(key, "\(formatNumber(value)) is out of range: use \(formatNumber(range.lowerBound))…\(formatNumber(range.upperBound))")
        }
        return value
    }

    func color(_ key: String) throws(ConfigError) -> Color? {
        guard let text = try string(key) else { return nil }
        guard let color = Color(hex: text), text.count == 7 || (text.count == 6 && !text.hasPrefix("#")) else {
            throw error(key, "\"\(text)\" is not a colour: write \"#rrggbb\", e.g. \"#d0342c\"")
        }
        return color
    }

    func stringArray(_ key: String) throws(ConfigError) -> [String]? {
        guard let e = entry(key) else { return nil }
        guard case let .array(items) = e.value else { throw error(key, "must be an array of strings, e.g. [\"/path/font.ttf\"]") }
        var out: [String] = []
        for item in items {
            guard case let .string(s) = item else { throw error(key, "must contain only strings, found \(item.typeName)") }
            out.append(s)
        }
        return out
    }

    func resolve(_ path: String) -> String {
        path.hasPrefix("/") ? path : (baseDirectory as NSString).appendingPathComponent(path)
    }

    private func formatNumber(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
