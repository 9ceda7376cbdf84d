import Foundation
import XCTest

/// Clips made at test time by Debian's `ffmpeg` (none are committed), each once per run.
public enum TestClips {
    public static let directory = TestScratch.directory("lectern-video-tests")

    nonisolated(unsafe) private static var made: [String: String] = [:]
    private static let lock = NSLock()

    /// `name` in the test directory, made by `ffmpeg -y <arguments> <path>` unless it is there.
    public static func make(_ name: String, _ arguments: [String]) throws -> String {
        lock.lock()
        defer { lock.unlock() }
        if let path = made[name] { return path }
        guard let ffmpeg = ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"].first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw XCTSkip("ffmpeg is not installed (bash scripts/install-deps installs it)")
        }
        let path = "\(directory)/\(name)"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = ["-hide_banner", "-loglevel", "error", "-y"] + arguments + [path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw NSError(domain: "TestClips", code: Int(process.terminationStatus),
                          userInfo: [NSLocalizedDescriptionKey: "ffmpeg \(arguments.joined(separator: " ")): \(String(decoding: message, as: UTF8.self))"])
        }
        made[name] = path
        return path
    }

    /// SMPTE colour bars, 1280×720, H.264 in MP4 (1 s at 25 fps).
    public static func barsH264() throws -> String {
        try make("bars-h264.mp4", ["-f", "lavfi", "-i", "smptebars=size=1280x720:rate=25:duration=1",
                                   "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"])
    }

    /// A moving test pattern at 25 fps, `seconds` long, 320×240, H.264 in MP4.
    public static func pattern(seconds: Int = 2) throws -> String {
        try make("pattern-\(seconds)s.mp4", ["-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=\(seconds)",
                                            "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"])
    }

    /// A moving test pattern with a 1 kHz tone (AAC at 48 kHz), `seconds` long, 160×120 at
    /// 25 fps, H.264 in MP4: a clip with sound.
    public static func tone(seconds: Int = 2) throws -> String {
        try make("tone-1khz-\(seconds)s.mp4", ["-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25:duration=\(seconds)",
                                               "-f", "lavfi", "-i", "sine=frequency=1000:sample_rate=48000:duration=\(seconds)",
                                               "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p",
                                               "-c:a", "aac", "-shortest"])
    }

    /// Bytes of `path` up to `fraction` of its length, as a new file.
    public static func truncated(_ path: String, to fraction: Double, name: String) throws -> String {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let cut = "\(directory)/\(name)"
        try data.prefix(Int(Double(data.count) * fraction)).write(to: URL(fileURLWithPath: cut))
        return cut
    }
}
