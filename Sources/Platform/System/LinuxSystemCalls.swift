import CSystemShim
import Glibc
import LoopCore

/// The real syscalls. Every call goes through `retrying`, which repeats it on EINTR.
public final class LinuxSystemCalls: SystemCalls {
    public init() {}

    /// Runs a syscall until it does not fail with EINTR; -1 turns into `Errno`.
    @inline(__always)
    static func retrying<T: BinaryInteger>(_ call: () -> T) throws -> T {
        while true {
            let result = call()
            if result != -1 { return result }
            let error = Errno.current
            if error != .interrupted { throw error }
        }
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
        while true {
            let p = Glibc.mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd.rawValue, off_t(offset))
            if let p, p != MAP_FAILED { return p }
            let error = Errno.current
            if error != .interrupted { throw error }
        }
    }

    public func munmap(_ address: UnsafeMutableRawPointer, length: Int) {
        _ = Glibc.munmap(address, length)
    }

    public func signalFD(_ signals: [Int32]) throws -> FileDescriptor {
        // Blocked signals stay pending until read from the fd: no handler runs, no EINTR.
        FileDescriptor(try Self.retrying { cshim_signalfd(signals, Int32(signals.count)) })
    }
}
