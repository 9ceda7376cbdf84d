import Foundation

/// Directories a test process shares between its tests (pictures and clips made once per
/// run, a PDF render cache), each removed when the process exits: a test run leaves
/// nothing in the temporary directory.
public enum TestScratch {
    nonisolated(unsafe) private static var paths: [String] = []
    private static let lock = NSLock()

    /// `<temporary directory>/<prefix>-<pid>`, made if missing, removed at exit.
    public static func directory(_ prefix: String) -> String {
        let path = NSTemporaryDirectory() + "\(prefix)-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        lock.lock()
        defer { lock.unlock() }
        if paths.isEmpty { atexit { TestScratch.removeAll() } }
        if !paths.contains(path) { paths.append(path) }
        return path
    }

    private static func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        for path in paths { try? FileManager.default.removeItem(atPath: path) }
    }
}
