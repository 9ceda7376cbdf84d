import Foundation

/// What a bench run writes into the temporary directory (the frame scenes' pictures and
/// pages, the video cases' clips: 7.4 MB for a 1080p one), named after the process and
/// removed when the run ends: on a board whose /tmp is in memory, runs would pile up.
public enum BenchFiles {
    /// Every such file or folder is named this, or this and "-" and more.
    public static var prefix: String { "lectern-bench-\(getpid())" }

    public static func removeAll() {
        let directory = NSTemporaryDirectory()
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name == prefix || name.hasPrefix(prefix + "-") {
            try? FileManager.default.removeItem(atPath: (directory as NSString).appendingPathComponent(name))
        }
    }
}
