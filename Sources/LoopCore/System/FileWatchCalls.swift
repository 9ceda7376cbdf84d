/// The inotify syscalls, behind a protocol in the manner of `SystemCalls` so the content
/// watcher (KioskDevice) knows no Linux module and its bookkeeping can be driven without
/// a kernel: `LinuxFileWatchCalls` (Platform) is the real one, handed in by `lectern run`
/// and the tests that watch a real directory. Errors come back as `Errno`; EINTR is retried.
public protocol FileWatchCalls: AnyObject {
    /// A non-blocking, close-on-exec inotify instance.
    func inotifyInit() throws -> FileDescriptor
    /// Watches `path` for `mask`; returns the watch descriptor.
    func addWatch(_ fd: FileDescriptor, path: String, mask: UInt32) throws -> Int32
    func removeWatch(_ fd: FileDescriptor, _ watch: Int32)
    func read(_ fd: FileDescriptor, into buffer: UnsafeMutableRawBufferPointer) throws -> Int
    func close(_ fd: FileDescriptor)
}
