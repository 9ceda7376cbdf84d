import Glibc
import LoopCore

/// The kernel's inotify calls, as the content watcher (KioskDevice) asks for them
/// (`FileWatchCalls`): `lectern run` hands it this.
public final class LinuxFileWatchCalls: FileWatchCalls {
    public init() {}

    public func inotifyInit() throws -> FileDescriptor {
        FileDescriptor(try LinuxSystemCalls.retrying { inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)) })
    }

    public func addWatch(_ fd: FileDescriptor, path: String, mask: UInt32) throws -> Int32 {
        try LinuxSystemCalls.retrying { inotify_add_watch(fd.rawValue, path, mask) }
    }

    public func removeWatch(_ fd: FileDescriptor, _ watch: Int32) {
        _ = inotify_rm_watch(fd.rawValue, watch)
    }

    public func read(_ fd: FileDescriptor, into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        try LinuxSystemCalls.retrying { Glibc.read(fd.rawValue, buffer.baseAddress, buffer.count) }
    }

    public func close(_ fd: FileDescriptor) { _ = Glibc.close(fd.rawValue) }
}
