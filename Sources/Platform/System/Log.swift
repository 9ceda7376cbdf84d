import LecternLog
import Logging

/// Platform logs through Lectern's one logger (apple/swift-log with LecternLog's line
/// handler: journal priorities under systemd, plain lines on a terminal, a closure in
/// tests). `PlatformLog` is only the older name of that type, kept while the display code
/// is being reshaped; new code says `Logger`.
public typealias PlatformLog = Logger
