import Glibc

/// A C `errno` value as a Swift error (in the manner of swift-system's `Errno`).
public struct Errno: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int32
    public init(_ rawValue: Int32) { self.rawValue = rawValue }

    /// The calling thread's current `errno`.
    public static var current: Errno { Errno(errno) }

    public static let interrupted = Errno(EINTR)
    public static let wouldBlock = Errno(EAGAIN)
    public static let permissionDenied = Errno(EACCES)
    public static let notPermitted = Errno(EPERM)
    public static let noEntry = Errno(ENOENT)
    public static let invalidArgument = Errno(EINVAL)
    public static let notImplemented = Errno(ENOSYS)
    public static let busy = Errno(EBUSY)
    public static let noDevice = Errno(ENODEV)
    public static let notSupported = Errno(EOPNOTSUPP)

    public var description: String { String(cString: strerror(rawValue)) }
}

/// An open file descriptor. A plain value: closing is explicit (`SystemCalls.close`).
public struct FileDescriptor: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int32
    public init(_ rawValue: Int32) { self.rawValue = rawValue }
    public var description: String { "fd \(rawValue)" }
}

/// `poll(2)` event bits.
public struct PollEvents: OptionSet, Hashable, Sendable {
    public let rawValue: Int16
    public init(rawValue: Int16) { self.rawValue = rawValue }
    public static let readable = PollEvents(rawValue: Int16(POLLIN))
    public static let error = PollEvents(rawValue: Int16(POLLERR))
    public static let hangUp = PollEvents(rawValue: Int16(POLLHUP))
}

/// One entry of a poll set: what to wait for and, after `poll`, what happened.
public struct PollRequest: Equatable, Sendable {
    public var fd: FileDescriptor
    public var events: PollEvents
    public var returned: PollEvents = []
    public init(fd: FileDescriptor, events: PollEvents = .readable) {
        self.fd = fd
        self.events = events
    }
}

/// Signals the device loop handles through its signalfd.
public enum DeviceSignal: Int32, Sendable, CaseIterable {
    case terminate = 15   // SIGTERM
    case interrupt = 2    // SIGINT
    case hangUp = 1       // SIGHUP: reload
    case user1 = 10       // SIGUSR1: snapshot
    case user2 = 12       // SIGUSR2: VT release (VT_PROCESS mode)
}
