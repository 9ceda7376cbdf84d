import Foundation
import Logging

/// Lectern's one logger: apple/swift-log's `Logger` with this handler. Every message is
/// one line, `lectern: [warning: |error: ]text`. Under systemd (stderr connected to the
/// journal, which systemd announces in `JOURNAL_STREAM`) each line starts with its
/// syslog priority, `<3>` … `<7>`, so `journalctl -p warning` finds the warnings; on a
/// terminal the lines are plain. Tests hand the lines to a closure instead.
public struct LineLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    private let sink: LineSink

    init(sink: LineSink) { self.sink = sink }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let kind = event.level >= .error ? "error: " : event.level == .warning ? "warning: " : ""
        sink.write(event.level, "lectern: \(kind)\(event.message)")
    }

    /// The line as written to stderr: with its `<N>` priority for the journal.
    public static func terminated(_ line: String, level: Logger.Level, journal: Bool) -> String {
        journal ? "<\(priority(level))>\(line)\n" : line + "\n"
    }

    /// syslog priorities, as journald reads them from a `<N>` line prefix.
    static func priority(_ level: Logger.Level) -> Int {
        switch level {
        case .critical: return 2
        case .error: return 3
        case .warning: return 4
        case .notice: return 5
        case .info: return 6
        case .debug, .trace: return 7
        }
    }
}

/// Where lines go: stderr (with journal priorities under systemd), or a closure.
final class LineSink: @unchecked Sendable {  // the closure is only called from the thread that logs
    let write: (Logger.Level, String) -> Void
    init(_ write: @escaping (Logger.Level, String) -> Void) { self.write = write }

    static let standardError: LineSink = {
        let journal = ProcessInfo.processInfo.environment["JOURNAL_STREAM"] != nil
        return LineSink { level, line in
            FileHandle.standardError.write(Data(LineLogHandler.terminated(line, level: level, journal: journal).utf8))
        }
    }()
}

extension Logger {
    /// The service's logger: stderr, with journal priorities under systemd.
    public static var lectern: Logger {
        Logger(label: "lectern") { _ in LineLogHandler(sink: .standardError) }
    }

    /// A logger that hands each formatted line to `sink` (tests; `lines` of a session).
    public init(sink: @escaping (String) -> Void) {
        let lines = LineSink { _, line in sink(line) }
        self.init(label: "lectern") { _ in LineLogHandler(sink: lines) }
    }
}
