#if canImport(Glibc)
import Glibc
#endif

/// Whole-file reads and writes with errors that name the file (no Foundation needed).
enum FileBytes {
    /// The file's bytes; over `limit` bytes it throws before reading them.
    static func read(_ path: String, limit: Int = .max) throws -> [UInt8] {
        guard let file = fopen(path, "rb") else { throw PNGError("cannot open \(path): \(errnoText())") }
        defer { fclose(file) }
        var info = stat()
        if fstat(fileno(file), &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) > limit {
            throw PNGError("\(path) is \(Int(info.st_size) >> 20) MB, over the \(limit >> 20) MB Lectern reads: save it smaller")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if n > 0 { bytes.append(contentsOf: chunk[0..<n]) }
            if bytes.count > limit { throw PNGError("\(path) is over the \(limit >> 20) MB Lectern reads: save it smaller") }
            if n < chunk.count {
                if ferror(file) != 0 { throw PNGError("cannot read \(path): \(errnoText())") }
                return bytes
            }
        }
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        guard let file = fopen(path, "wb") else { throw PNGError("cannot write \(path): \(errnoText())") }
        let n = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        let closed = fclose(file)
        guard n == bytes.count, closed == 0 else { throw PNGError("cannot write \(path): \(errnoText())") }
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }
}
