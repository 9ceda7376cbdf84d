import Foundation
import Kiosk
import Raster
import Touch
import Video

/// The kiosk's frames with a clip, for `lectern bench`: the real loop, compositor and
/// display over memory (`FrameScene`), a page whose top is a 1080p H.264 clip across the
/// text column. `frame.scroll.clip`: a finger drags the page 7 px a refresh while the
/// clip plays (its decoder on its own thread, as on the device; each refresh waits for
/// the decoder to keep its queue full, so a decoder slower than the clip shows here).
/// `video.tap-1080p`: a tap on the paused clip to the frame showing its first picture
/// (the file opened and probed, the decoder started, the first frame decoded, converted
/// and composed, two refreshes of the loop).
public enum ClipScenes {
    public static var cases: [BenchCase] {
        [
            BenchCase(name: "frame.scroll.clip") { w, h in
                let s = try scene("frame.scroll.clip", autoplay: true, w, h)
                var y = Double(h) * 0.8, direction = -7.0
                s.touch(.down(slot: 0, x: Double(w) / 2, y: y, time: s.time))
                return {
                    s.player.scene.clips.waitUntilBuffered()
                    s.time += 1.0 / 60
                    y += direction
                    if y < Double(h) * 0.5 || y > Double(h) * 0.8 { direction = -direction }
                    s.touch(.move(slot: 0, x: Double(w) / 2, y: y, time: s.time))
                    s.frame(at: s.time)
                }
            },
            BenchCase(name: "video.tap-1080p") { w, h in
                let s = try scene("video.tap-1080p", autoplay: false, w, h)
                guard let (key, rect, _) = s.player.scene.clipsOnScreen(at: s.time).first else {
                    throw BenchSetupError("video.tap-1080p: the page shows no clip")
                }
                return {
                    s.player.scene.clips.stopAll()
                    s.time += 1.0 / 60
                    s.touch(.down(slot: 0, x: Double(rect.x + rect.width / 2), y: Double(rect.y + rect.height / 2), time: s.time))
                    s.touch(.up(slot: 0, time: s.time + 0.05))
                    s.time += 0.1
                    s.frame(at: s.time)  // the tap: the decoder opens
                    s.player.scene.clips.player(key)?.decoder.waitForFirstFrame()
                    s.time += 1.0 / 60
                    s.frame(at: s.time)  // the first picture shown
                }
            },
        ]
    }

    /// A page opening with the 1080p bench clip, then text.
    private static func scene(_ name: String, autoplay: Bool, _ w: Int, _ h: Int) throws -> FrameScene {
        let clip = try VideoBench.clip(width: 1920, height: 1080)
        let page = FrameScene.imageDirectory + "/clip-\(autoplay ? "autoplay" : "tap").md"
        try FileManager.default.createDirectory(atPath: FrameScene.imageDirectory, withIntermediateDirectories: true)
        let video = autoplay ? "<video src=\"\(clip)\" title=\"Pattern\" autoplay loop muted></video>" : "![Pattern](\(clip))"
        let words = "A paragraph under the clip, long enough to wrap over several lines of the page so that the page scrolls far."
        try ("# Clip\n\n\(video)\n\n" + Array(repeating: words, count: 80).joined(separator: "\n\n")).write(toFile: page, atomically: true, encoding: .utf8)
        return try FrameScene(name: name, width: w, height: h, pages: [.init(title: "Clip", source: .file(path: page))] + KioskConfig.builtIn.pages,
                              scanout: .init(), measure: 70)
    }
}
