import Foundation
import Glibc
import XCTest

/// The process's peak resident memory (VmHWM), which a test resets before the work it
/// measures: how much a decode or a build needed at its most, not what it kept.
public enum PeakResident {
    /// Resets the kernel's high-water mark to the current resident size (Linux 4.0+);
    /// skips the test where /proc/self/clear_refs cannot be written.
    public static func reset() throws {
        guard let clear = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else {
            throw XCTSkip("/proc/self/clear_refs cannot be written here: peak RSS cannot be reset")
        }
        try clear.write(contentsOf: Data("5".utf8))
        try clear.close()
    }

    /// Whether AddressSanitizer's runtime is in the process: its shadow memory (an eighth
    /// of what is allocated) and its quarantine of freed blocks add to the resident size.
    public static var underAddressSanitizer: Bool {
        dlsym(nil, "__asan_init") != nil  // nil: RTLD_DEFAULT, every object loaded
    }

    /// The peak resident size since the last reset, in KiB.
    public static func kib() throws -> Int {
        let text = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        guard let line = text.split(whereSeparator: \.isNewline).first(where: { $0.hasPrefix("VmHWM:") }),
              let kib = Int(line.split(whereSeparator: \.isWhitespace).dropFirst().first ?? "") else {
            throw XCTSkip("no VmHWM in /proc/self/status")
        }
        return kib
    }
}
