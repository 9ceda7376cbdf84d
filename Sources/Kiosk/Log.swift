import Foundation

/// Lectern's log: one line per message on stderr (journald adds time and unit).
/// Tests can capture lines by setting `Log.sink`.
public enum Log {
    nonisolated(unsafe) public static var sink: (String) -> Void = { line in
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
    public static func info(_ message: String) { sink("lectern: \(message)") }
    public static func warning(_ message: String) { sink("lectern: warning: \(message)") }
    public static func error(_ message: String) { sink("lectern: error: \(message)") }
}
