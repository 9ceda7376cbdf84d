import Foundation
import Raster

/// The errors found so far in one configuration file, and what is needed to word them.
/// A class: every section reader adds to the same list.
final class ConfigDiagnostics {
    let file: String
    let baseDirectory: String
    /// Whether content, icon and font files must exist (off for text parsed on its own).
    let checkFiles: Bool
    private(set) var errors: [ConfigError] = []

    init(file: String, baseDirectory: String, checkFiles: Bool) {
        self.file = file; self.baseDirectory = baseDirectory; self.checkFiles = checkFiles
    }

    func report(_ error: ConfigError) { errors.append(error) }

    func report(at position: TOMLTree.Position, key: String?, _ message: String) {
        errors.append(ConfigError(file: file, line: position.line, column: position.column, key: key, message: message))
    }

    /// A section's table with its unknown keys reported, or nil (reported) when `node`
    /// is not a table.
    func section(_ name: String, _ node: TOMLTree.Node, known: [String], label: String) -> ConfigSection? {
        guard case let .table(entries) = node.value else {
            report(at: node.position, key: name, "must be a section (a table), not \(node.value.typeName)")
            return nil
        }
        for entry in entries where !known.contains(entry.key) {
            let hint = suggestion(for: entry.key, among: known).map { " (did you mean '\($0)'?)" } ?? ""
            report(at: entry.position, key: "\(name).\(spelledKey(entry.key))",
                   "unknown key in \(label)\(hint); known keys: \(known.joined(separator: ", "))")
        }
        return ConfigSection(name: name, position: node.position, entries: entries, diagnostics: self)
    }
}

/// Typed access to one section's keys. A key of the wrong type or out of range is
/// reported (at its value's line and column) and read as absent, so the rest of the
/// file is still checked.
struct ConfigSection {
    let name: String
    let position: TOMLTree.Position
    let entries: [TOMLTree.Entry]
    let diagnostics: ConfigDiagnostics

    func has(_ key: String) -> Bool { entries.contains { $0.key == key } }

    private func node(_ key: String) -> TOMLTree.Node? { entries.first { $0.key == key }?.node }

    /// A key that takes more than one type (`[display] cec`: true, false or a path).
    func value(_ key: String) -> TOMLTree.Value? { node(key)?.value }

    func report(_ key: String, _ message: String) {
        diagnostics.report(at: node(key)?.position ?? position, key: "\(name).\(key)", message)
    }

    /// For a key that is missing: reported at the section's header.
    func reportSection(key: String, _ message: String) {
        diagnostics.report(at: position, key: "\(name).\(key)", message)
    }

    func string(_ key: String) -> String? {
        guard let node = node(key) else { return nil }
        guard case let .string(s) = node.value else {
            report(key, "must be a string in quotes, not \(node.value.typeName)")
            return nil
        }
        return s
    }

    func bool(_ key: String) -> Bool? {
        guard let node = node(key) else { return nil }
        guard case let .bool(b) = node.value else {
            report(key, "must be true or false, not \(node.value.typeName)")
            return nil
        }
        return b
    }

    /// A table inside this section, e.g. [theme.high_contrast], with its own unknown keys
    /// reported; nil when absent (or reported when not a table).
    func subsection(_ key: String, known: [String]) -> ConfigSection? {
        guard let node = node(key) else { return nil }
        return diagnostics.section("\(name).\(key)", node, known: known, label: "[\(name).\(key)]")
    }

    func integer(_ key: String) -> Int? {
        guard let node = node(key) else { return nil }
        guard case let .integer(i) = node.value, let value = Int(exactly: i) else {
            report(key, "must be a whole number, not \(node.value.typeName)")
            return nil
        }
        return value
    }

    /// An integer or a float (TOML's `20` where a float is expected is fine).
    func number(_ key: String, in range: ClosedRange<Double>) -> Double? {
        guard let node = node(key) else { return nil }
        let value: Double
        switch node.value {
        case let .integer(i): value = Double(i)
        case let .float(d): value = d
        default:
            report(key, "must be a number, not \(node.value.typeName)")
            return nil
        }
        guard range.contains(value) else {
            report(key, "\(format(value)) is out of range: use \(format(range.lowerBound))…\(format(range.upperBound))")
            return nil
        }
        return value
    }

    func color(_ key: String) -> Color? {
        guard let text = string(key) else { return nil }
        guard let color = Color(hex: text), text.count == 7 || (text.count == 6 && !text.hasPrefix("#")) else {
            report(key, "\"\(text)\" is not a colour: write \"#rrggbb\", e.g. \"#d0342c\"")
            return nil
        }
        return color
    }

    /// A file path, resolved against the configuration's directory; a missing file is
    /// reported (when files are checked) but the path still returned.
    func path(_ key: String, what: String) -> String? {
        guard let text = string(key) else { return nil }
        let resolved = resolve(text)
        if let problem = fileProblem(resolved, what: what) { report(key, problem) }
        return resolved
    }

    /// An array of file paths, e.g. fonts = ["a.ttf", "b.otf"], each checked at its own
    /// position; when files are checked, an existing one also by `inspect` (e.g. "is it
    /// a font?"), which returns what is wrong with it.
    func paths(_ key: String, what: String, inspect: (String) -> String? = { _ in nil }) -> [String]? {
        func contentProblem(_ path: String) -> String? {
            guard diagnostics.checkFiles else { return nil }
            return inspect(path).map { "\(what) \(path) \($0)" }
        }
        guard let node = node(key) else { return nil }
        guard case let .array(items) = node.value else {
            report(key, "must be an array of strings, e.g. [\"/path/font.ttf\"], not \(node.value.typeName)")
            return nil
        }
        var out: [String] = []
        for item in items {
            guard case let .string(s) = item.value else {
                diagnostics.report(at: item.position, key: "\(name).\(key)", "must contain only strings, found \(item.value.typeName)")
                continue
            }
            let resolved = resolve(s)
            if let problem = fileProblem(resolved, what: what) ?? contentProblem(resolved) {
                diagnostics.report(at: item.position, key: "\(name).\(key)", problem)
            }
            out.append(resolved)
        }
        return out
    }

    private func resolve(_ path: String) -> String {
        path.hasPrefix("/") ? path : (diagnostics.baseDirectory as NSString).appendingPathComponent(path)
    }

    private func fileProblem(_ path: String, what: String) -> String? {
        guard diagnostics.checkFiles else { return nil }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return "\(what) \(path) does not exist"
        }
        if isDirectory.boolValue { return "\(what) \(path) is a directory, not a file" }
        if access(path, R_OK) != 0 { return "\(what) \(path) cannot be read (check its permissions)" }
        return nil
    }

    private func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
