import Glibc
import LoopCore

/// One inotify event: which watch, what happened, and the name inside a watched
/// directory (empty for the watched path itself).
public struct InotifyEvent: Equatable, Sendable {
    public let watch: Int32
    public let mask: UInt32
    public let name: String

    public init(watch: Int32, mask: UInt32, name: String) {
        self.watch = watch; self.mask = mask; self.name = name
    }

    public var isCloseWrite: Bool { mask & UInt32(IN_CLOSE_WRITE) != 0 }
    /// A file opened for writing got data: it is not finished until IN_CLOSE_WRITE.
    public var isModify: Bool { mask & UInt32(IN_MODIFY) != 0 }
    /// The kernel's queue overflowed (events were lost): treat everything as changed.
    public var isOverflow: Bool { mask & UInt32(IN_Q_OVERFLOW) != 0 }
    /// The watch is gone (its inode deleted, or the file system unmounted).
    public var isIgnored: Bool { mask & UInt32(IN_IGNORED) != 0 }
}

/// An inotify instance over the calls it is handed: one fd the loop polls, watches added
/// by path. The masks and the events' layout are the kernel's (<sys/inotify.h>).
public final class Inotify {
    /// What a site's files and their directories are watched for: content written and
    /// closed, renamed into place (rsync --delay-updates, `mv -T` of a symlink), created,
    /// deleted, attributes (a package upgrade's chmod, `touch`), and writes still open.
    public static let siteMask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE
        | IN_DELETE_SELF | IN_MOVE_SELF | IN_ATTRIB | IN_MODIFY)
    /// For the directory holding a symlink on the way to a site file: the link itself
    /// is not followed, so replacing it (`ln -sfn`, `mv -T`) is seen in its directory.
    public static let linkDirectoryMask = UInt32(IN_CREATE | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM | IN_ATTRIB) | UInt32(IN_DONT_FOLLOW)

    public let fd: FileDescriptor
    let calls: FileWatchCalls

    public init(calls: FileWatchCalls) throws {
        self.calls = calls
        fd = try calls.inotifyInit()
    }

    deinit { calls.close(fd) }

    public func add(_ path: String, mask: UInt32) throws -> Int32 {
        try calls.addWatch(fd, path: path, mask: mask)
    }

    public func remove(_ watch: Int32) { calls.removeWatch(fd, watch) }

    /// Everything queued now (the fd is non-blocking: an empty list when nothing is).
    public func readEvents() throws -> [InotifyEvent] {
        var events: [InotifyEvent] = []
        // Room for many events at once; one event with the longest name fits (NAME_MAX + 1).
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count: Int
            do {
                count = try buffer.withUnsafeMutableBytes { try calls.read(fd, into: $0) }
            } catch let e as Errno where e == .wouldBlock {
                return events
            }
            guard count > 0 else { return events }
            events += Self.parse(buffer[0..<count])
        }
    }

    /// `struct inotify_event` records: wd (int32), mask, cookie, len (uint32), then
    /// `len` bytes of NUL-padded name. Little-endian host assumed (x86-64, arm64).
    public static func parse(_ bytes: ArraySlice<UInt8>) -> [InotifyEvent] {
        var events: [InotifyEvent] = []
        var i = bytes.startIndex
        func u32(_ at: Int) -> UInt32 {
            UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
        }
        while i + 16 <= bytes.endIndex {
            let length = Int(u32(i + 12))
            guard i + 16 + length <= bytes.endIndex else { break }
            let nameBytes = bytes[(i + 16)..<(i + 16 + length)].prefix { $0 != 0 }
            events.append(InotifyEvent(watch: Int32(bitPattern: u32(i)), mask: u32(i + 4),
                                       name: String(decoding: nameBytes, as: UTF8.self)))
            i += 16 + length
        }
        return events
    }
}
