import Foundation
import XCTest

/// Pictures made at test time by Debian's tools (none are committed): a PNG by `ffmpeg`,
/// WebP by `cwebp` and `img2webp`, GIF by `ffmpeg`, HEIF and AVIF by `heif-enc`.
public enum TestPictures {
    public static let directory = TestScratch.directory("lectern-picture-tests")

    nonisolated(unsafe) private static var made: [String: String] = [:]
    private static let lock = NSLock()

    /// The two colours of `split`, chosen to survive every format exactly (a GIF's
    /// palette and a lossy encoder's flat areas alike): blue on the left, yellow on the right.
    public static let left = (r: 0, g: 0, b: 255), right = (r: 255, g: 255, b: 0)

    /// `name` in the test directory, made by `tool arguments… ` (with `{out}` standing for
    /// its path) unless it was made already in this run.
    public static func make(_ name: String, _ tool: String, _ arguments: [String]) throws -> String {
        lock.lock()
        defer { lock.unlock() }
        if let path = made[name] { return path }
        guard let executable = ["/usr/bin/\(tool)", "/usr/local/bin/\(tool)"].first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw XCTSkip("\(tool) is not installed (bash scripts/install-deps installs it)")
        }
        let path = "\(directory)/\(name)"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments.map { $0 == "{out}" ? path : $0 }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, FileManager.default.fileExists(atPath: path) else {
            throw NSError(domain: "TestPictures", code: Int(process.terminationStatus),
                          userInfo: [NSLocalizedDescriptionKey: "\(tool) \(arguments.joined(separator: " ")): \(String(decoding: message, as: UTF8.self))"])
        }
        made[name] = path
        return path
    }

    private static func ffmpeg(_ name: String, _ arguments: [String]) throws -> String {
        try make(name, "ffmpeg", ["-hide_banner", "-loglevel", "error", "-y"] + arguments + ["{out}"])
    }

    /// 1200×3000: ffmpeg's test pattern (colour bars, a gradient, moving shapes, a clock):
    /// no two bands of rows alike, taller than any screen once shown a page wide.
    public static func tall() throws -> String {
        try ffmpeg("tall.png", ["-f", "lavfi", "-i", "testsrc2=size=1200x3000", "-frames:v", "1"])
    }

    /// 200×100: the left half blue, the right half yellow (`left`, `right`).
    public static func split() throws -> String {
        try ffmpeg("split.png", ["-f", "lavfi", "-i", "color=c=0x0000FF:s=100x100,format=rgb24", "-f", "lavfi", "-i", "color=c=0xFFFF00:s=100x100,format=rgb24",
                                 "-filter_complex", "hstack", "-frames:v", "1"])
    }

    /// `split` mirrored: yellow left, blue right (a second frame for animations).
    public static func splitMirrored() throws -> String {
        try ffmpeg("split-mirrored.png", ["-i", try split(), "-vf", "hflip", "-frames:v", "1"])
    }

    /// 200×100 RGBA: the left half opaque green, the right half fully transparent.
    public static func halfTransparent() throws -> String {
        try ffmpeg("half-transparent.png", ["-f", "lavfi", "-i", "color=c=0x00FF00:s=200x100,format=rgba,geq=r=0:g=255:b=0:a='if(lt(X,100),255,0)'",
                                            "-frames:v", "1"])
    }

    /// `halfTransparent` in `format`: "webp" (cwebp, lossless), "gif" (ffmpeg), "avif" (heif-enc).
    public static func halfTransparent(as format: String) throws -> String {
        let source = try halfTransparent()
        switch format {
        case "webp": return try make("half-transparent.webp", "cwebp", ["-quiet", "-lossless", source, "-o", "{out}"])
        // FFmpeg's GIF keeps transparency only through a palette that reserves an entry for it.
        case "gif": return try ffmpeg("half-transparent.gif", ["-i", source, "-filter_complex",
                                                               "split[a][b];[a]palettegen=reserve_transparent=1[p];[b][p]paletteuse=alpha_threshold=128"])
        default: return try make("half-transparent.avif", "heif-enc", ["-A", "-q", "90", source, "-o", "{out}"])
        }
    }

    public static func webp(lossless: Bool = false) throws -> String {
        try make(lossless ? "split-lossless.webp" : "split.webp", "cwebp", ["-quiet"] + (lossless ? ["-lossless"] : ["-q", "90"]) + [try split(), "-o", "{out}"])
    }

    /// Two frames, `split` then `splitMirrored`, looping.
    public static func animatedWebP() throws -> String {
        try make("animated.webp", "img2webp", ["-loop", "0", "-lossless", try split(), "-d", "200", try splitMirrored(), "-o", "{out}"])
    }

    public static func gif() throws -> String {
        // A palette made from the picture: FFmpeg's default one has no pure yellow.
        try ffmpeg("split.gif", ["-i", try split(), "-filter_complex", "split[a][b];[a]palettegen[p];[b][p]paletteuse", "-frames:v", "1"])
    }

    /// FFmpeg's moving test pattern, 160×120, 10 frames.
    public static func animatedGIF() throws -> String {
        try ffmpeg("testsrc.gif", ["-f", "lavfi", "-i", "testsrc=size=160x120:rate=10:duration=1"])
    }

    /// Two frames, `split` then `splitMirrored`, each `delay` hundredths of a second, in a
    /// GIF whose NETSCAPE block says `loop` (ffmpeg's `-loop`: 0 forever, n more times, -1 no block).
    public static func twoFrameGIF(delay: Int = 20, loop: Int = 0) throws -> String {
        let rate = "\(100.0 / Double(delay))"
        return try ffmpeg("two-\(delay)-\(loop).gif", ["-framerate", rate, "-i", try split(), "-framerate", rate, "-i", try splitMirrored(),
                                                     "-filter_complex", "[0][1]concat=n=2:v=1,split[a][b];[a]palettegen[p];[b][p]paletteuse",
                                                     "-loop", "\(loop)"])
    }

    /// `split` then `splitMirrored`, 200 ms each, in an animated WebP (img2webp) that plays `loop` times (0 forever).
    public static func twoFrameWebP(loop: Int) throws -> String {
        try make("two-\(loop).webp", "img2webp", ["-loop", "\(loop)", "-lossless", "-d", "200", try split(), try splitMirrored(), "-o", "{out}"])
    }

    /// `animatedGIF` converted by gif2webp (lossless): the same frames, composed by WebP's rules.
    public static func animatedGIFAsWebP() throws -> String {
        try make("testsrc.webp", "gif2webp", ["-quiet", try animatedGIF(), "-o", "{out}"])
    }

    /// The frames of `path` as FFmpeg's own decoder composes them: `count` frames of
    /// `width`×`height` BGRA words (the reference the composition is checked against).
    public static func ffmpegFrames(_ path: String, width: Int, height: Int) throws -> [[UInt32]] {
        let raw = try ffmpeg((path as NSString).lastPathComponent + ".bgra", ["-i", path, "-f", "rawvideo", "-pix_fmt", "bgra"])
        let bytes = try TestPictures.bytes(raw)
        let frame = width * height * 4
        return stride(from: 0, to: bytes.count - frame + 1, by: frame).map { start in
            (0..<width * height).map { i in
                let p = start + i * 4
                return UInt32(bytes[p]) | UInt32(bytes[p + 1]) << 8 | UInt32(bytes[p + 2]) << 16 | UInt32(bytes[p + 3]) << 24
            }
        }
    }

    public static func heif() throws -> String {
        try make("split.heic", "heif-enc", ["-q", "90", try split(), "-o", "{out}"])
    }

    public static func avif() throws -> String {
        try make("split.avif", "heif-enc", ["-A", "-q", "90", try split(), "-o", "{out}"])
    }

    /// A short H.264 clip in MP4 (not a picture).
    public static func mp4() throws -> String {
        try ffmpeg("clip.mp4", ["-f", "lavfi", "-i", "testsrc=size=64x48:rate=10:duration=1", "-c:v", "libx264", "-preset", "ultrafast",
                                "-pix_fmt", "yuv420p"])
    }

    /// `text` written to `name` in the test directory.
    public static func write(_ name: String, _ text: String) throws -> String {
        let path = "\(directory)/\(name)"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// `bytes` written to `name` in the test directory.
    public static func write(_ name: String, bytes: [UInt8]) throws -> String {
        let path = "\(directory)/\(name)"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    public static func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }
}
