import Glibc
import LoopCore
import Platform

/// SIGINT/SIGTERM read from a signalfd (Platform's syscall wrapper) instead of a
/// handler, so `calibrate`'s poll sees them as input.
struct SignalDescriptor {
    private let system = LinuxSystemCalls()
    private let descriptor: FileDescriptor

    init(_ signals: [Int32]) throws {
        do {
            descriptor = try system.signalFD(signals)
        } catch {
            throw CLIUsageError("cannot watch signals: \(error)")
        }
    }

    var fd: Int32 { descriptor.rawValue }

    /// Read the pending signal(s) (each record is a 128-byte signalfd_siginfo).
    func consume() {
        var buffer = [UInt8](repeating: 0, count: 128 * 4)
        _ = buffer.withUnsafeMutableBytes { try? system.read(descriptor, into: $0) }
    }

    func close() { system.close(descriptor) }
}
