import Measure
import Kiosk
import Raster
import Touch

/// A long, seeded, random session at the kiosk, time advanced by hand: a kiosk runs for
/// months, so what must hold after 10⁵ gestures is checked here rather than hoped for.
/// - no crash (the process is still here);
/// - no stuck state: after every gesture and a quiet spell nothing is still moving and
///   the page is back in place horizontally;
/// - every `checkEvery` gestures the three-finger tap still toggles the menu both ways
///   and a drag still scrolls the page;
/// - the heap is flat after warm-up (caches full): growth is reported and judged.
/// It runs on the headless player: the real runtime under the real device loop, so
/// frames are drawn exactly when the device would draw them.
public final class Soak {
    public struct Report: Sendable, CustomStringConvertible {
        public var gestures = 0
        public var touchEvents = 0
        public var frames = 0
        public var menuToggles = 0
        public var checks = 0
        /// Median heap in use over the first and the second half of the run after
        /// warm-up (sampled every 100 gestures): caches that fill and empty (glyphs at the
        /// sizes a pinch visits, laid-out pages, the link history) make one sample noisy;
        /// a leak moves the second half's median above the first's.
        public var heapAfterWarmup = 0
        public var heapPeakAfterWarmup = 0
        public var heapAtEnd = 0
        public var simulatedSeconds = 0.0
        public var failures: [String] = []

        public var heapGrowth: Int { heapAtEnd - heapAfterWarmup }
        public var description: String {
            "\(gestures) gestures, \(touchEvents) touch events, \(frames) frames, \(Int(simulatedSeconds)) s simulated, "
                + "\(checks) checks (menu toggled \(menuToggles) times), heap median \(heapAfterWarmup / 1024) KiB (first half after warm-up), "
                + "\(heapAtEnd / 1024) KiB (second half), peak \(heapPeakAfterWarmup / 1024) KiB (growth \(heapGrowth / 1024) KiB)"
        }
    }

    /// Heap growth after warm-up that still counts as flat: allocator bookkeeping moves
    /// by a few pages; a leak of even a few bytes per gesture over 10⁵ gestures does not fit.
    public static let flatHeapTolerance = 256 * 1024

    let player: HeadlessPlayer
    var scene: KioskScene { player.scene }
    private var gestures: SoakGestures
    private var time = 0.0
    public private(set) var report = Report()
    private var heapSamples: [Int] = []

    static func median(_ values: ArraySlice<Int>) -> Int {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
    /// Everything is at rest this long after the last touch (the longest fling plus its bounce).
    static let restWithin = 8.0

    public init(assembly: KioskAssembly, seed: UInt64) throws {
        player = try assembly.player()
        gestures = SoakGestures(seed: seed, width: assembly.scene.width, height: assembly.scene.height)
        player.step(to: 0)
    }

    /// Plays `count` gestures; checks every `checkEvery`; heap measured after `warmup`.
    public func run(gestures count: Int, warmup: Int, checkEvery: Int = 1000,
                    progress: ((Report) -> Void)? = nil) -> Report {
        for n in 1...max(1, count) {
            play(gestures.gesture(at: time + 0.001))
            report.gestures = n
            settle(quiet: pause())
            if n > warmup {
                let bytes = HeapUsage.bytesInUse()
                report.heapPeakAfterWarmup = max(report.heapPeakAfterWarmup, bytes)
                if (n - warmup) % 100 == 0 { heapSamples.append(bytes) }
            }
            if n % checkEvery == 0 {
                check()
                report.frames = player.redrawCount
                progress?(report)
            }
            if report.failures.count >= 10 { break }
        }
        heapSamples.append(HeapUsage.bytesInUse())
        let half = heapSamples.count / 2
        report.heapAfterWarmup = Self.median(heapSamples[..<max(1, half)])
        report.heapAtEnd = Self.median(heapSamples[half...])
        report.simulatedSeconds = time
        report.frames = player.redrawCount
        if count > warmup, report.heapGrowth > Self.flatHeapTolerance {
            report.failures.append("heap grew by \(report.heapGrowth) bytes after warm-up (tolerance \(Self.flatHeapTolerance))")
        }
        return report
    }

    /// The idle timer's home (first page, default text size): the heap is compared at
    /// this same state after warm-up and at the end, not wherever a pinch left the text.
    private func goHome() {
        scene.goHome(at: time)
        settle(quiet: 1)
    }

    /// The gap before the next gesture: mostly short, now and then long enough for the
    /// idle actions (home after 120 s, blank after 600 s by default) to fire.
    private func pause() -> Double {
        switch gestures.next() % 1000 {
        case 0: return 700
        case 1..<4: return 130
        case 4..<100: return Self.restWithin  // stuck-state checks need a quiet spell
        default: return gestures.uniform(0.05...2.5)
        }
    }

    /// Feeds the events to the loop and runs it until the last one.
    private func play(_ events: [TouchEvent]) {
        guard let last = events.last else { return }
        player.feed(events)
        player.step(to: last.time)
        report.touchEvents += events.count
        time = last.time
    }

    /// Lets time pass with no finger down; then checks that nothing is stuck.
    private func settle(quiet: Double) {
        time += quiet
        player.step(to: time)
        // A hard fling decays (0.998/ms) for up to about 5 s before it rests, so only a
        // longer quiet spell can tell a stuck animation from a slow one.
        if quiet >= Self.restWithin, scene.isAnimating(at: time) {
            report.failures.append("gesture \(report.gestures): still animating \(quiet) s after the last touch")
        }
        if quiet >= Self.restWithin, abs(scene.horizontal.offset(at: time)) > 0.5 {
            report.failures.append("gesture \(report.gestures): page left pulled sideways by \(scene.horizontal.offset(at: time)) px")
        }
    }

    /// The menu toggles both ways with three fingers, and a drag scrolls the page.
    private func check() {
        report.checks += 1
        settle(quiet: Self.restWithin)
        if scene.idle.isBlanked { play(gestures.tap(at: time + 0.01)); settle(quiet: 1) }  // the waking touch
        for _ in 0..<2 {
            let before = scene.menu.isPresented
            play(gestures.fingers(3, at: time + 0.01, hold: 0.08))
            settle(quiet: 1)
            if scene.menu.isPresented == before {
                report.failures.append("gesture \(report.gestures): a three-finger tap did not toggle the menu (was \(before ? "shown" : "hidden"))")
            } else {
                report.menuToggles += 1
            }
        }
        if scene.menu.isPresented { play(gestures.fingers(3, at: time + 0.01, hold: 0.08)); settle(quiet: 1) }
        let maxOffset = scene.vertical.maxOffset
        guard maxOffset >= 100 else { return }  // this page fits the screen: nothing to scroll
        let before = scene.vertical.offset(at: time)
        let up = before < maxOffset / 2  // drag the finger up (content forward) unless near the end
        let x = scene.width / 2, y0 = scene.height * (up ? 0.7 : 0.3), dy = up ? -80.0 : 80.0
        var events: [TouchEvent] = [.down(slot: 0, x: x, y: y0, time: time + 0.01)]
        for i in 1...30 { events.append(.move(slot: 0, x: x, y: y0 + dy * Double(i) / 30, time: time + 0.01 + Double(i) * 0.02)) }
        events.append(.up(slot: 0, time: time + 0.7))  // held still before lifting: no fling
        play(events)
        settle(quiet: 3)
        let moved = scene.vertical.offset(at: time) - before
        if abs(moved) < 40 {
            report.failures.append("gesture \(report.gestures): an 80 px drag scrolled the page by \(moved) px")
        }
    }
}

extension Soak {
    /// The same random mix as a gesture script of about `seconds` of real time, for the
    /// real kernel (scripts/soak plays it through the machine test's uinput panel). Gaps
    /// stay short, with a quiet spell now and then, so minutes of soak are mostly touch.
    public static func script(seed: UInt64, width: Int, height: Int, seconds: Double) -> GestureScript {
        var gestures = SoakGestures(seed: seed, width: Double(width), height: Double(height))
        var events: [ScriptEvent] = []
        var t = 0.5
        var count = 0
        while t < seconds {
            let touches = gestures.gesture(at: t)
            events += touches.map { .touch($0) }
            count += 1
            t = (touches.last?.time ?? t) + (count % 50 == 0 ? restWithin : gestures.uniform(0.2...1.5))
        }
        events.append(.wait(time: t))
        return GestureScript(events: events)
    }
}
