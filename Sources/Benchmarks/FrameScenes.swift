import Display
import Geometry
import Measure
import Foundation
import Kiosk
import KioskDevice
import KioskHeadless
import Raster
import Touch
import Typeset

/// The kiosk's frame scenes for `lectern bench`. Each step is one refresh of the real
/// loop (`HeadlessPlayer`: the real `DeviceLoop`, compositor and `KMSDisplay` over memory
/// buffers whose flips complete at once): touches are fed as events, like libinput's, and
/// the loop draws the frame as the device does, panning where the driver pans and writing
/// pulls and fades straight into a scan-out buffer.
public final class FrameScene {
    let name: String
    let assembly: KioskAssembly
    let player: HeadlessPlayer
    var time = 1.0
    var stepBody: (FrameScene) -> Void = { _ in }
    /// `DecodedPictures.shared.unpaintedDraws` and `decodes` once prepared, and the steps
    /// run since: how many frames showed a picture's area not decoded yet, and how many
    /// decodes the frames caused (pictures let go under the budget and back in view)
    /// (`PictureWaits`).
    private var unpaintedAtStart = 0, decodesAtStart = 0
    private(set) var steps = 0
    private(set) var unpaintedFrames = 0
    private(set) var decodes = 0
    let size: String

    /// The dense scenes (a screen full of text, a page with photographs, a fling across
    /// a long page) and, as `frame.*.light`, the earlier ones on the short demo pages.
    /// `scanout`: the display's paths (`lectern bench --no-pan`, ...: the A/B of
    /// docs/performance.md), as `[display]` sets them for the kiosk.
    /// `streamsBeside`: full frames drawn in bands, each streamed out on another core
    /// while the next is drawn (`Compositor.streamsWhileDrawing`).
    public static func benchCases(scanout: ScanoutTuning = ScanoutTuning(), streamsBeside: Bool = true) -> [BenchCase] {
        // The demo pages follow, so the menu ring has its usual items.
        let dense = { [BenchPages.denseText()] + KioskConfig.builtIn.pages }
        let long = { [try BenchPages.longWithImages(directory: imageDirectory)] + KioskConfig.builtIn.pages }
        let photos = { [try BenchPages.imageFirst(directory: imageDirectory)] + KioskConfig.builtIn.pages }
        let demo = { KioskConfig.builtIn.pages }
        let demoLong = { [KioskConfig.builtIn.pages[2]] + KioskConfig.builtIn.pages }
        let makers: [(String, (Int, Int) throws -> FrameScene)] = [
            ("frame.first", { try first("frame.first", dense(), $0, $1, scanout) }),
            ("frame.images", { try first("frame.images", photos(), $0, $1, scanout) }),
            ("frame.scroll", { try fling("frame.scroll", long(), $0, $1, scanout) }),
            ("frame.scroll.copy", { try fling("frame.scroll.copy", long(), $0, $1, scanout, driver: "copy") }),
            ("frame.drag", { try scroll("frame.drag", dense(), $0, $1, scanout) }),
            ("frame.pull", { try pull("frame.pull", dense(), $0, $1, scanout) }),
            ("frame.overlay", { try overlay("frame.overlay", dense(), $0, $1, scanout) }),
            ("frame.first.light", { try first("frame.first.light", demo(), $0, $1, scanout) }),
            ("frame.scroll.light", { try scroll("frame.scroll.light", demoLong(), $0, $1, scanout) }),
            ("frame.pull.light", { try pull("frame.pull.light", demo(), $0, $1, scanout) }),
            ("frame.overlay.light", { try overlay("frame.overlay.light", demo(), $0, $1, scanout) }),
        ] + pinchMakers(scanout: scanout)
        return makers.map { name, make in
            BenchCase(name: name, preparePaced: { w, h in
                let scene = try make(w, h)
                scene.player.loop.compositor.streamsWhileDrawing = streamsBeside
                // Frames run back to back here; on the device the picture worker has a
                // refresh interval beside each. Its decodes are not the loop's work.
                return BenchBody({ scene.step() }, between: { _ = DecodedPictures.shared.waitForDecodes(timeout: 1.0 / 60) })
            })
        }
    }

    /// Where the photographs of the image pages are written (once per process).
    static let imageDirectory = NSTemporaryDirectory() + BenchFiles.prefix

    /// The frame scenes' configuration: the built-in one with `pages`, body text from
    /// margin to margin (measure 0, as before the reading measure): the densest screen of
    /// text, over 2,500 glyphs at 1080p. The default 70-character measure shows about 1,850.
    /// `scanout`: the display's paths, as `[display]` says them.
    static func config(pages: [KioskConfig.Page], measure: Double = 0, scanout: ScanoutTuning = ScanoutTuning()) -> KioskConfig {
        var config = KioskConfig.builtIn
        config.pages = pages
        config.text.measure = measure
        config.display.scanout = scanout
        return config
    }

    /// `driver`: "bochs-drm" pans by offset framebuffers; "copy" is a driver not known
    /// to pan (the copy fallback).
    init(name: String, width: Int, height: Int, pages: [KioskConfig.Page], scanout: ScanoutTuning, driver: String = "bochs-drm",
         measure: Double = 0) throws {
        self.name = name
        size = "\(width)x\(height)"
        let config = FrameScene.config(pages: pages, measure: measure, scanout: scanout)
        assembly = try KioskAssembly(config: config, width: width, height: height)
        // Pictures decoded off the loop, as `lectern run` decodes them.
        player = try HeadlessPlayer(.assembly(assembly), width: width, height: height, startTime: time, driver: driver,
                                    environment: KioskEnvironment(pictures: .inBackground), log: .lectern)
        player.step(to: time)  // layout, glyph cache and first frame: not part of the measurement
        redrawWhole()          // both buffers filled
        // What the kiosk does once after its first frame (the search index, the content
        // check, dictionaries) finishes before the timing, not on the other core during it.
        player.waitForBackgroundWork()
        time = max(time, player.time)
        unpaintedAtStart = DecodedPictures.shared.unpaintedDraws
        decodesAtStart = DecodedPictures.shared.decodes
        PictureWaits.shared.add(self)
    }

    deinit { PictureWaits.shared.finished(PictureWaits.Counts(scene: "\(name) \(size)", frames: steps, unpainted: unpaintedFrames, decodes: decodes)) }

    /// One frame: advance the scene's clock by a 60 Hz refresh and draw.
    func step() {
        stepBody(self)
        steps += 1
        unpaintedFrames = DecodedPictures.shared.unpaintedDraws - unpaintedAtStart
        decodes = DecodedPictures.shared.decodes - decodesAtStart
    }

    /// The loop runs to `t`: the touches fed are handled and the frame due is drawn, with
    /// the turns the device's loop makes (no turn for the step itself).
    func frame(at t: Double) { player.step(to: t, changedOutside: false) }

    /// A whole frame at the next refresh (the loop's full redraw).
    func redrawWhole() {
        player.loop.requestFullRedraw()
        time += 1.0 / 60
        player.step(to: time)
    }

    /// Times the scan-out window ran off its buffers (re-centre copies) so far.
    var recentres: Int { player.display.counts.recentres }

    func touch(_ event: TouchEvent) { player.feed([event]) }

    /// A whole first frame of a text page (glyphs cached, as after start-up).
    private static func first(_ name: String, _ pages: [KioskConfig.Page], _ w: Int, _ h: Int,
                                 _ scanout: ScanoutTuning) throws -> FrameScene {
        let s = try FrameScene(name: name, width: w, height: h, pages: pages, scanout: scanout)
        s.stepBody = { s in s.redrawWhole() }
        return s
    }

    /// A finger dragging the long page up and down 7 px a frame: move + strip + present.
    private static func scroll(_ name: String, _ pages: [KioskConfig.Page], _ w: Int, _ h: Int,
                                 _ scanout: ScanoutTuning) throws -> FrameScene {
        let s = try FrameScene(name: name, width: w, height: h, pages: pages, scanout: scanout)
        var y = Double(h) * 0.8, direction = -7.0
        s.touch(.down(slot: 0, x: Double(w) / 2, y: y, time: s.time))
        s.stepBody = { s in
            s.time += 1.0 / 60
            y += direction
            if y < Double(h) * 0.2 || y > Double(h) * 0.8 { direction = -direction }
            s.touch(.move(slot: 0, x: Double(w) / 2, y: y, time: s.time))
            s.frame(at: s.time)
        }
        return s
    }

    /// Flings across a long page of text and photographs: a quick 5-frame swipe of
    /// 100 px a frame, then the page coasting for the rest of a second; the next fling
    /// goes the other way. Each step is one 60 Hz frame of that cycle.
    private static func fling(_ name: String, _ pages: [KioskConfig.Page], _ w: Int, _ h: Int, _ scanout: ScanoutTuning,
                              driver: String = "bochs-drm") throws -> FrameScene {
        let s = try FrameScene(name: name, width: w, height: h, pages: pages, scanout: scanout, driver: driver)
        var k = 0, up = true, y = 0.0
        s.stepBody = { s in
            s.time += 1.0 / 60
            let x = Double(w) / 2
            switch k {
            case 0:
                y = up ? Double(h) * 0.85 : Double(h) * 0.15
                s.touch(.down(slot: 0, x: x, y: y, time: s.time))
            case 1...5:
                y += up ? -100 : 100
                s.touch(.move(slot: 0, x: x, y: y, time: s.time))
            case 6:
                s.touch(.up(slot: 0, time: s.time))
            default: break
            }
            s.frame(at: s.time)
            k += 1
            if k == 60 { k = 0; up.toggle() }
        }
        return s
    }

    /// The page pulled sideways 5 px a frame between 40 % and 250 % of the affordance,
    /// dots springing: every pixel of the page moves.
    private static func pull(_ name: String, _ pages: [KioskConfig.Page], _ w: Int, _ h: Int,
                                 _ scanout: ScanoutTuning) throws -> FrameScene {
        let s = try FrameScene(name: name, width: w, height: h, pages: pages, scanout: scanout)
        let start = Double(w) * 0.8
        var x = start, direction = -5.0
        s.touch(.down(slot: 0, x: x, y: Double(h) / 2, time: s.time))
        s.stepBody = { s in
            s.time += 1.0 / 60
            x += direction
            if x <= start - 300 { direction = 5 } else if x >= start - 30 { direction = -5 }
            s.touch(.move(slot: 0, x: x, y: Double(h) / 2, time: s.time))
            s.frame(at: s.time)
        }
        return s
    }

    /// The menu fading in and out over the page, composed straight into the scan-out
    /// buffer: each step is one refresh of a fade; when a fade has ended, a three-finger
    /// tap early in the step starts the next, whose first frame the step draws.
    private static func overlay(_ name: String, _ pages: [KioskConfig.Page], _ w: Int, _ h: Int,
                                 _ scanout: ScanoutTuning) throws -> FrameScene {
        let s = try FrameScene(name: name, width: w, height: h, pages: pages, scanout: scanout)
        s.stepBody = { s in
            let t = s.time
            s.time += 1.0 / 60
            if !s.assembly.scene.menu.isAnimating(at: t) {
                for i in 0..<3 { s.touch(.down(slot: i, x: Double(w) / 2 + Double(i * 60), y: Double(h) / 2, time: t + 0.001)) }
                for i in 0..<3 { s.touch(.up(slot: i, time: t + 0.004)) }
            }
            s.frame(at: s.time)
        }
        return s
    }
}

/// The frame scenes prepared in this process, to say per scene and size how many frames
/// (warm-up and timed) left a picture's area unpainted, its decode still to come
/// (pictures are decoded off the loop, as on the device): a frame is not faster for
/// leaving a picture out; and how many decodes the frames caused: pictures let go under
/// `DecodedPictures`' budget and decoded again when they came back. Each decode runs
/// beside the frames (between them here) and costs them some of the cache and the
/// memory bus: `frame.scroll`'s figure moves with that count. `lectern bench` prints
/// them under its table. Scenes are held weakly (each goes with its case); one that goes
/// leaves its counts.
public final class PictureWaits: @unchecked Sendable {
    public static let shared = PictureWaits()
    private let lock = NSLock()
    private struct Weak { weak var scene: FrameScene? }
    private var scenes: [Weak] = []
    private var done: [Counts] = []

    struct Counts {
        let scene: String
        let frames: Int
        let unpainted: Int
        let decodes: Int
    }

    func add(_ scene: FrameScene) { lock.withLock { scenes.append(Weak(scene: scene)) } }

    func finished(_ counts: Counts) { lock.withLock { done.append(counts) } }

    /// One line per scene that left any picture unpainted or decoded any; empty when none did.
    public var report: String {
        lock.withLock {
            let alive = scenes.compactMap(\.scene).map {
                Counts(scene: "\($0.name) \($0.size)", frames: $0.steps, unpainted: $0.unpaintedFrames, decodes: $0.decodes)
            }
            return (done + alive).filter { $0.unpainted > 0 || $0.decodes > 0 }.map { c in
                let unpainted = c.unpainted > 0 ? "\(c.unpainted) left a picture's area unpainted" : "none left a picture's area unpainted"
                return "\(c.scene): in \(c.frames) frames, \(c.decodes) picture decodes (off the loop, pictures let go under the "
                    + "\(DecodedPictures.shared.budget >> 20) MiB budget and back in view); \(unpainted)\n"
            }.joined()
        }
    }
}
