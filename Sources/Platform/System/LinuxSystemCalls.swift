import CSystemShim
import Glibc
import LoopCore
import SystemCallRetry

/// The real syscalls. Every call goes through `retrying`, which repeats it on EINTR.
public final class LinuxSystemCalls: SystemCalls {
    public init() {}

    /// Runs a syscall until it does not fail with EINTR; -1 turns into `Errno`.
    @inline(__always)
    static func retrying<T: BinaryInteger>(_ call: () -> T) throws(Errno) -> T {
        let result = retryingOnInterrupt(call)
        if result == -1 { throw Errno.current }
        return result
    }

    public func open(_ path: String, flags: Int32) throws -> FileDescriptor {
        FileDescriptor(try Self.retrying { Glibc.open(path, flags | O_CLOEXEC) })
    }

    public func close(_ fd: FileDescriptor) {
        // Never retry close: on Linux the descriptor is gone even after EINTR.
        _ = Glibc.close(fd.rawValue)
    }

    @discardableResult
    public func ioctl(_ fd: FileDescriptor, _ request: UInt, _ arg: UnsafeMutableRawPointer?) throws -> Int32 {
        try Self.retrying { cshim_ioctl(fd.rawValue, request, arg) }
    }

    public func poll(_ requests: inout [PollRequest], timeout: Int32) throws -> Int {
        var raw = requests.map { pollfd(fd: $0.fd.rawValue, events: $0.events.rawValue, revents: 0) }
        let count = try Self.retrying { raw.withUnsafeMutableBufferPointer { Glibc.poll($0.baseAddress, nfds_t($0.count), timeout) } }
        for i in requests.indices { requests[i].returned = PollEvents(rawValue: raw[i].revents) }
        return Int(count)
    }

    public func read(_ fd: FileDescriptor, into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        try Self.retrying { Glibc.read(fd.rawValue, buffer.baseAddress, buffer.count) }
    }

    public func write(_ fd: FileDescriptor, from buffer: UnsafeRawBufferPointer) throws -> Int {
        try Self.retrying { Glibc.write(fd.rawValue, buffer.baseAddress, buffer.count) }
    }

    public func mmap(length: Int, fd: FileDescriptor, offset: Int64) throws -> UnsafeMutableRawPointer {
        let p = retryingOnInterrupt({ Glibc.mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd.rawValue, off_t(offset)) },
                                    failed: { $0 == nil || $0 == MAP_FAILED })
        guard let p, p != MAP_FAILED else { throw Errno.current }
        return p
    }

    public func munmap(_ address: UnsafeMutableRawPointer, length: Int) {
        _ = Glibc.munmap(address, length)
    }

    public func signalFD(_ signals: [Int32]) throws -> FileDescriptor {
        // Blocked signals stay pending until read from the fd: no handler runs, no EINTR.
        FileDescriptor(try Self.retrying { cshim_signalfd(signals, Int32(signals.count)) })
    }

    public func pipe() throws -> (read: FileDescriptor, write: FileDescriptor) {
        var fds: [Int32] = [-1, -1]
        _ = try Self.retrying { cshim_pipe_nonblocking(&fds) }
        return (FileDescriptor(fds[0]), FileDescriptor(fds[1]))
    }
}
