/// How a background worker (a PDF page rendered, a hyphenation dictionary loaded) wakes
/// the loop: the worker calls `wake` from its own thread, the loop polls `descriptor`
/// and drains it before it looks at what the worker finished. The workers know nothing
/// of pipes or of the loop: whoever wires them (`lectern run`) hands them `wake`.
///
/// One byte per wake-up. A full pipe (the loop far behind) drops the byte, which loses
/// nothing: the pipe is readable already, and the loop collects everything finished.
public final class WakePipe: @unchecked Sendable {
    // @unchecked: `wake` is called from any thread; it only writes to a descriptor that
    // never changes, through `SystemCalls`, whose real implementation keeps no state.
    /// The read end: the loop polls it.
    public let descriptor: FileDescriptor
    private let writeEnd: FileDescriptor
    private let system: SystemCalls

    public init(system: SystemCalls) throws {
        (descriptor, writeEnd) = try system.pipe()
        self.system = system
    }

    deinit {
        system.close(descriptor)
        system.close(writeEnd)
    }

    /// From any thread: the loop wakes up (soon, or at once if it is waiting).
    public func wake() {
        let byte: UInt8 = 1
        _ = withUnsafeBytes(of: byte) { try? system.write(writeEnd, from: $0) }
    }

    /// The loop, before collecting what finished: reads every wake-up so far.
    public func drain() {
        var scratch = [UInt8](repeating: 0, count: 256)
        while let count = try? scratch.withUnsafeMutableBytes({ try system.read(descriptor, into: $0) }), count > 0 {}
    }
}
