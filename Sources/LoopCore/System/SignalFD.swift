/// Reading a signalfd: one `struct signalfd_siginfo` (128 bytes, `ssi_signo` first) per
/// pending signal. Shared by the device loop and the wait for DRM master.
public enum SignalFD {
    /// The next pending signal, or nil when none is queued (the fd is non-blocking).
    public static func next(_ fd: FileDescriptor, system: SystemCalls) throws -> Int32? {
        var info = [UInt8](repeating: 0, count: 128)
        let count: Int
        do { count = try info.withUnsafeMutableBytes { try system.read(fd, into: $0) } } catch let e as Errno where e == .wouldBlock { return nil }
        guard count >= 4 else { return nil }
        return Int32(bitPattern: UInt32(info[0]) | UInt32(info[1]) << 8 | UInt32(info[2]) << 16 | UInt32(info[3]) << 24)
    }

    /// SIGTERM and SIGINT end the run.
    public static func isTermination(_ signal: Int32) -> Bool {
        signal == DeviceSignal.terminate.rawValue || signal == DeviceSignal.interrupt.rawValue
    }
}
