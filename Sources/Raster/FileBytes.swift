#if canImport(Glibc)
import Glibc
#endif

/// Whole-file reads and writes with errors that name the file (no Foundation needed).
enum FileBytes {
    static func read(_ path: String) throws -> [UInt8] {
        guard let file = fopen(path, "rb") else { throw PNGError("cannot open \(path): \(errnoText())") }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if n > 0 { bytes.append(contentsOf: chunk[0..<n]) }
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
