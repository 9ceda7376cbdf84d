import Foundation
import Raster
import Video

/// `lectern bench` cases for clips: one H.264 frame decoded (libavcodec, one thread) and
/// converted and scaled by libswscale into the whole frame (a clip shown full screen),
/// and the conversion alone. The clips (`testsrc2`, 30 fps, 10 s) are made by Debian's
/// `ffmpeg` when the case is prepared; without it the cases cannot run. A frame's time ×
/// 30 is the share of one core a 30 fps clip takes.
public enum VideoBench {
    public static var cases: [BenchCase] {
        [
            BenchCase(name: "video.h264-720p") { w, h in try decodeAndConvert(clip: clip(width: 1280, height: 720), width: w, height: h) },
            BenchCase(name: "video.h264-1080p") { w, h in try decodeAndConvert(clip: clip(width: 1920, height: 1080), width: w, height: h) },
            // A tap's cost to the first picture: the file opened and probed, the decoder
            // opened, the first frame decoded and converted into the whole frame.
            BenchCase(name: "video.first-1080p") { w, h in
                let path = try clip(width: 1920, height: 1080)
                let bitmap = try Bitmap(width: w, height: h)
                return {
                    withExtendedLifetime(bitmap) {
                        guard let reader = try? ClipFrameReader(path: path), let frame = try? reader.next() else { return }
                        try? FrameConverter().draw(frame, in: bitmap.canvas.bounds, on: bitmap.canvas)
                    }
                }
            },
            BenchCase(name: "video.convert-1080p") { w, h in
                let reader = try ClipFrameReader(path: clip(width: 1920, height: 1080))
                let frame = try reader.next()
                let bitmap = try Bitmap(width: w, height: h)
                let converter = FrameConverter()
                return { withExtendedLifetime(bitmap) { try? converter.draw(frame, in: bitmap.canvas.bounds, on: bitmap.canvas) } }
            },
            // The video plane's path: the frame at its own size into NV12 memory (4:2:0
            // chroma interleaved by libswscale), the display scaling it.
            BenchCase(name: "video.nv12-1080p") { _, _ in
                let reader = try ClipFrameReader(path: clip(width: 1920, height: 1080))
                let frame = try reader.next()
                let memory = NV12Memory(width: frame.width, height: frame.height)
                let writer = NV12Writer()
                return { withExtendedLifetime(memory) { try? writer.write(frame, into: memory.picture) } }
            },
        ]
    }

    private static func decodeAndConvert(clip: String, width: Int, height: Int) throws -> () -> Void {
        let reader = try ClipFrameReader(path: clip)
        let bitmap = try Bitmap(width: width, height: height)
        let converter = FrameConverter()
        return {
            withExtendedLifetime(bitmap) {
                guard let frame = try? reader.next() else { return }
                try? converter.draw(frame, in: bitmap.canvas.bounds, on: bitmap.canvas)
            }
        }
    }

    /// A 10-second H.264 test pattern at `width`×`height`, 30 fps, made once per process.
    static func clip(width: Int, height: Int) throws -> String {
        let path = NSTemporaryDirectory() + BenchFiles.prefix + "-\(width)x\(height).mp4"
        if FileManager.default.fileExists(atPath: path) { return path }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") else {
            throw BenchSetupError("video.*: needs Debian's ffmpeg to make its clips (bash scripts/install-deps)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        process.arguments = ["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=\(width)x\(height):rate=30:duration=10",
                             "-c:v", "libx264", "-preset", "medium", "-pix_fmt", "yuv420p", path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchSetupError("video.*: ffmpeg could not make \(path)") }
        return path
    }
}

/// NV12 memory the size of a frame, as a display plane's buffer (pitch = width).
private final class NV12Memory {
    let picture: NV12Picture
    private let memory: UnsafeMutableRawPointer

    init(width: Int, height: Int) {
        memory = UnsafeMutableRawPointer.allocate(byteCount: width * height * 3 / 2, alignment: 4096)
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: width * height * 3 / 2)
        picture = NV12Picture(width: width, height: height, luma: memory, lumaPitch: width, chroma: memory + width * height, chromaPitch: width)
    }

    deinit { memory.deallocate() }
}
