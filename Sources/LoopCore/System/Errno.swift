import Glibc
import SystemPackage

// errno values and file descriptors are swift-system's types (SystemPackage), as the
// rest of the Swift-on-Linux world uses them; Lectern adds only the short names its
// call sites read best with, and the current errno.
public typealias Errno = SystemPackage.Errno
public typealias FileDescriptor = SystemPackage.FileDescriptor

extension Errno {
    public init(_ rawValue: Int32) { self.init(rawValue: rawValue) }
    /// The calling thread's current `errno`.
    public static var current: Errno { Errno(rawValue: errno) }

    public static let noEntry = Errno.noSuchFileOrDirectory
    public static let notImplemented = Errno.noFunction
    public static let busy = Errno.resourceBusy
    public static let noDevice = Errno.operationNotSupportedByDevice  // ENODEV
}

extension FileDescriptor {
    public init(_ rawValue: Int32) { self.init(rawValue: rawValue) }
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
