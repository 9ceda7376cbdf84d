import Glibc

/// Prometheus' text exposition format (version 0.0.4), as node_exporter's textfile
/// collector reads it: one `# HELP` and one `# TYPE` line per family, then its samples.
/// Label values escape `\`, `"` and newlines; help text escapes `\` and newlines.
public struct PrometheusText {
    public enum Kind: String { case counter, gauge }
    public private(set) var text = ""

    public init() {}

    /// A family of samples: (labels, value) pairs, in the order given.
    public mutating func family(_ name: String, _ kind: Kind, help: String, _ samples: [([(String, String)], Double)]) {
        text += "# HELP \(name) \(Self.escapeHelp(help))\n# TYPE \(name) \(kind.rawValue)\n"
        for (labels, value) in samples {
            let rendered = labels.isEmpty ? "" : "{" + labels.map { "\($0.0)=\"\(Self.escapeLabel($0.1))\"" }.joined(separator: ",") + "}"
            text += "\(name)\(rendered) \(Self.format(value))\n"
        }
    }

    public mutating func single(_ name: String, _ kind: Kind, help: String, _ value: Double) {
        family(name, kind, help: help, [([], value)])
    }

    public static func escapeLabel(_ value: String) -> String {
        var out = ""
        for c in value {
            switch c {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n", "\r\n": out += "\\n"
            default: out.append(c)
            }
        }
        return out
    }

    static func escapeHelp(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
    }

    /// Integers without a fraction; others with up to 6 decimals (Go's ParseFloat reads both).
    static func format(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value > 0 ? "+Inf" : "-Inf" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        let scaled = (value * 1e6).rounded() / 1e6
        return String(scaled)
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}

extension PrometheusText {
    /// One sample read back: metric name, labels in order, value.
    public struct Sample: Equatable, Sendable {
        public let name: String
        public let labels: [String: String]
        public let value: Double
    }

    /// The samples and the help texts of exposition-format text (what `lectern status`
    /// and the tests read back); lines that do not parse are skipped.
    public static func parse(_ text: String) -> (samples: [Sample], help: [String: String]) {
        var samples: [Sample] = []
        var help: [String: String] = [:]
        for line in text.split(separator: "\n") {
            if line.hasPrefix("# HELP ") {
                let rest = line.dropFirst(7)
                if let space = rest.firstIndex(of: " ") {
                    help[String(rest[..<space])] = String(rest[rest.index(after: space)...])
                        .replacingOccurrences(of: "\\n", with: "\n").replacingOccurrences(of: "\\\\", with: "\\")
                }
                continue
            }
            if line.hasPrefix("#") { continue }
            if let sample = parseSample(Substring(line)) { samples.append(sample) }
        }
        return (samples, help)
    }

    static func parseSample(_ line: Substring) -> Sample? {
        var i = line.startIndex
        while i < line.endIndex, line[i] != "{", line[i] != " " { i = line.index(after: i) }
        let name = String(line[line.startIndex..<i])
        var labels: [String: String] = [:]
        if i < line.endIndex, line[i] == "{" {
            i = line.index(after: i)
            while i < line.endIndex, line[i] != "}" {
                guard let equals = line[i...].firstIndex(of: "=") else { return nil }
                let key = String(line[i..<equals]).trimmingSpaces()
                var j = line.index(equals, offsetBy: 2, limitedBy: line.endIndex) ?? line.endIndex  // after ="
                var value = ""
                while j < line.endIndex, line[j] != "\"" {
                    if line[j] == "\\", line.index(after: j) < line.endIndex {
                        j = line.index(after: j)
                        value.append(line[j] == "n" ? "\n" : line[j])
                    } else {
                        value.append(line[j])
                    }
                    j = line.index(after: j)
                }
                labels[key] = value
                guard j < line.endIndex else { return nil }
                i = line.index(after: j)
                if i < line.endIndex, line[i] == "," { i = line.index(after: i) }
            }
            guard i < line.endIndex else { return nil }
            i = line.index(after: i)
        }
        let fields = line[i...].split(separator: " ")
        guard let first = fields.first else { return nil }
        let value: Double?
        switch first {
        case "+Inf": value = .infinity
        case "-Inf": value = -.infinity
        case "NaN": value = .nan
        default: value = Double(first)
        }
        guard let value else { return nil }
        return Sample(name: name, labels: labels, value: value)
    }
}

extension String {
    fileprivate func trimmingSpaces() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
