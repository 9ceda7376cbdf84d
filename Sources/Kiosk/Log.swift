import LecternLog
import Logging

/// The logger for the kiosk's pure parts that have no session to ask (a page that
/// cannot be typeset, an icon that cannot be decoded): the same swift-log `Logger` as
/// everywhere else. Tests swap it for `Logger(sink:)` to read the lines.
public enum Log {
    nonisolated(unsafe) public static var logger = Logger.lectern
    public static func info(_ message: String) { logger.info("\(message)") }
    public static func warning(_ message: String) { logger.warning("\(message)") }
    public static func error(_ message: String) { logger.error("\(message)") }
}
