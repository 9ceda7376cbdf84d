import Glibc
import LoopCore

/// Writes a file so that a reader sees the old content or the new, never a part: a
/// temporary file beside it (not ending in .prom, so the collector skips it), fsync,
/// then rename over the target.
public enum AtomicFile {
    public struct WriteError: Error, CustomStringConvertible {
        public let path: String, step: String, errno: Int32
        public var description: String { "\(path): \(step) failed: \(String(cString: strerror(errno)))" }
    }

    public static func write(_ text: String, to path: String, mode: mode_t = 0o644) throws {
        let temporary = path + ".tmp"
        let fd = Glibc.open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard fd >= 0 else { throw WriteError(path: temporary, step: "open", errno: errno) }
        // The service's UMask (0077) would leave it unreadable for node_exporter.
        _ = fchmod(fd, mode)
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let n: Int
            do {
                n = try LinuxSystemCalls.retrying { bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, $0.count - written) } }
            } catch {
                _ = Glibc.close(fd)
                unlink(temporary)
                throw WriteError(path: temporary, step: "write", errno: error.rawValue)
            }
            written += n
        }
        if fsync(fd) != 0 {
            let e = errno
            _ = Glibc.close(fd)
            unlink(temporary)
            throw WriteError(path: temporary, step: "fsync", errno: e)
        }
        _ = Glibc.close(fd)
        guard rename(temporary, path) == 0 else {
            let e = errno
            unlink(temporary)
            throw WriteError(path: path, step: "rename", errno: e)
        }
    }
}
