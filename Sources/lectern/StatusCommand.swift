import ArgumentParser
import Foundation
import Kiosk
import KioskDevice

/// `lectern status`: the metrics file (`[metrics] path`) as a person reads it at the console.
struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Print the kiosk's health and usage counts (the Prometheus metrics file) for a person."
    )

    @Option(help: "Configuration file whose [metrics] path to read (default: /etc/lectern/lectern.toml if it exists).")
    var config: String?
    @Option(help: "The metrics file itself (overrides --config).")
    var file: String?

    func run() throws {
        let path: String
        if let file {
            path = file
        } else {
            let configPath = config ?? "/etc/lectern/lectern.toml"
            if config != nil || FileManager.default.fileExists(atPath: configPath) {
                path = try ConfigLoader.load(path: configPath).metrics.path
            } else {
                path = KioskConfig().metrics.path
            }
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw DataError("cannot read \(path): is lectern running with [metrics] enabled = true? (it writes the file once something is counted)")
        }
        var info = stat()
        let age = stat(path, &info) == 0 ? Date().timeIntervalSince1970 - Double(info.st_mtim.tv_sec) : nil
        print(Self.describe(String(decoding: data, as: UTF8.self), path: path, age: age, now: Date()))
    }

    /// The families in file order: help text, then the value, or one line per label set.
    static func describe(_ text: String, path: String, age: Double?, now: Date) -> String {
        let (samples, help) = PrometheusText.parse(text)
        var lines = ["lectern status: \(path)" + (age.map { ", written \(Int($0)) s ago" } ?? "")]
        var order: [String] = []
        for sample in samples where !order.contains(sample.name) { order.append(sample.name) }
        let formatter = ISO8601DateFormatter()
        for name in order {
            let family = samples.filter { $0.name == name }
            let title = help[name] ?? name
            func value(_ v: Double) -> String {
                if name.hasSuffix("_timestamp_seconds") || name == "lectern_up_since_seconds" {
                    return formatter.string(from: Date(timeIntervalSince1970: v)) + " (\(Int(now.timeIntervalSince1970 - v)) s ago)"
                }
                return v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(format: "%.3f", v)
            }
            if family.count == 1, family[0].labels.isEmpty {
                lines.append("  \(title) \(value(family[0].value))")
            } else {
                lines.append("  \(title)")
                for sample in family {
                    let labels = sample.labels.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
                    lines.append("      \(labels): \(value(sample.value))")
                }
            }
        }
        return lines.joined(separator: "\n")
    }
}
