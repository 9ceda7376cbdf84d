import Glibc

/// One-line log output. The service's stderr goes to the journal; tests capture lines.
public final class PlatformLog {
    public private(set) var lines: [String] = []
    private let sink: ((String) -> Void)?

    /// Writes to stderr.
    public init() { sink = nil }
    /// Hands lines to `sink` (tests).
    public init(sink: @escaping (String) -> Void) { self.sink = sink }

    public func info(_ message: String) {
        let line = "lectern: \(message)"
        if let sink { sink(line); lines.append(line); return }
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
    }
}
