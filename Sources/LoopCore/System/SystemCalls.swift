/// The syscalls the loop and the Linux platform make, behind one protocol so tests can
/// fake file descriptors, poll results and ioctls (`LinuxSystemCalls` in Platform is the
/// real one, `EmbeddedSystemCalls` in PlatformEmbedded the fake). Errors come back as
/// `Errno`; EINTR never escapes (the real implementation retries it).
public protocol SystemCalls: AnyObject {
    func open(_ path: String, flags: Int32) throws -> FileDescriptor
    func close(_ fd: FileDescriptor)
    /// `ioctl(fd, request, arg)`; returns the non-negative result.
    @discardableResult
    func ioctl(_ fd: FileDescriptor, _ request: UInt, _ arg: UnsafeMutableRawPointer?) throws -> Int32
    /// Waits for events on `requests` (filling `returned`) for at most `timeout`
    /// milliseconds (-1: forever). Returns how many entries have events.
    func poll(_ requests: inout [PollRequest], timeout: Int32) throws -> Int
    func read(_ fd: FileDescriptor, into buffer: UnsafeMutableRawBufferPointer) throws -> Int
    func write(_ fd: FileDescriptor, from buffer: UnsafeRawBufferPointer) throws -> Int
    /// A shared read/write mapping of `length` bytes of `fd` at `offset`.
    func mmap(length: Int, fd: FileDescriptor, offset: Int64) throws -> UnsafeMutableRawPointer
    func munmap(_ address: UnsafeMutableRawPointer, length: Int)
    /// Blocks `signals` for the process and returns a non-blocking signalfd for them.
    func signalFD(_ signals: [Int32]) throws -> FileDescriptor
    /// A pipe, both ends non-blocking and close-on-exec.
    func pipe() throws -> (read: FileDescriptor, write: FileDescriptor)
}
