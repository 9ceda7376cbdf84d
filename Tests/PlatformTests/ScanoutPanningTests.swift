import KioskDevice
import LecternLog
import Logging
import Kiosk
@testable import LoopCore
import PlatformEmbedded
import Raster
import Geometry
import Touch
import XCTest
@testable import Display

/// Scrolling by scan-out offset with the fake device: the method chosen per driver,
/// the calls made, the fallback, and (with the real renderer) every frame on screen
/// equal to the same frame drawn from scratch.
final class ScanoutPanningTests: XCTestCase {
    var lines: [String] = []

    func makeDisplay(driver: String, width: Int = 8, height: Int = 4, rotation: Rotation = .r0) -> (KMSDisplay, MemoryKMSDevice) {
        let mode = DisplayMode(width: width, height: height, refresh: 60, preferred: true)
        let device = MemoryKMSDevice.recordingCard(connectors: [connector(5, "Virtual-1", modes: [mode])])
        device.driverName = driver
        let display = KMSDisplay(device: device, rotation: rotation, log: Logger { [unowned self] in lines.append($0) })
        return (display, device)
    }

    /// The compositor counts its paths by index: each path's index is its place in
    /// `allCases`, so `counts` names every frame by the path that made it.
    func testCompositorPathIndexIsItsPlaceInAllCases() {
        for (i, path) in Compositor.Path.allCases.enumerated() { XCTAssertEqual(path.index, i, "\(path)") }
    }

    /// A scroll frame as the compositor makes it: the window the display offers for `dy`,
    /// the picture moved into it, `damage` to show.
    private func panFrame(_ display: KMSDisplay, by dy: Int, damage: IntRect) throws -> ComposedFrame {
        let pan = try XCTUnwrap(display.panWindow(by: dy))
        pan.recentre()
        return ComposedFrame(damage: Region(damage), scanout: .pan(pan))
    }

    func testMethodPerDriver() {
        XCTAssertEqual(PanMethod.forDriver("bochs-drm"), .offsetFramebuffers)
        XCTAssertEqual(PanMethod.forDriver("virtio_gpu"), .sourceY)
        XCTAssertEqual(PanMethod.forDriver("vc4"), .copy)
    }

    /// `[display] pan = false`: a driver that pans copies the window instead, into
    /// screen-sized buffers without side room.
    func testPanningCanBeTurnedOff() throws {
        let (display, _) = makeDisplay(driver: "bochs-drm")
        display.tuning.pan = false
        try display.start()
        XCTAssertEqual(display.panMethod, .copy)
        XCTAssertFalse(display.scansOutWindow)
    }

    func testBochsPansWithOffsetFramebuffersAndPageFlips() throws {
        let (display, device) = makeDisplay(driver: "bochs-drm")
        display.tuning.scrollFront = false  // each frame from the other buffer: the calls for that
        try display.start()
        XCTAssertEqual(device.calls, ["saveCRTC 31", "create 8x6", "create 8x6"], "buffers half a screen taller")
        XCTAssertTrue(lines[0].contains("scrolling: offset framebuffers"), lines[0])
        XCTAssertEqual(display.windowTop, 1, "the window starts in the middle")
        XCTAssertTrue(display.canPan)
        XCTAssertEqual(try display.present(Region()), .shown)
        XCTAssertEqual(Array(device.calls.suffix(3)), ["addFB 5001 over 101 rows 1", "setCRTC 31 fb 5001 conn 5 8x4@60",
                                                       "dirtyFB 5001 8x4+0+0"], "DirtyFB in the offset framebuffer's rows")
        // The picture moves one row down: the window moves one row up, one row is drawn.
        // The offer changes nothing; presenting the frame moves the window.
        let pan = try XCTUnwrap(display.panWindow(by: 1))
        XCTAssertEqual(pan.top, 0)
        XCTAssertEqual(display.windowTop, 1, "nothing moves before the frame is presented")
        pan.window.fill(IntRect(x: 0, y: 0, width: 8, height: 1), color: Color(argb: 0xFF11_2233))
        XCTAssertEqual(try display.present(ComposedFrame(damage: Region(IntRect(x: 0, y: 0, width: 8, height: 1)), scanout: .pan(pan))), .queued)
        XCTAssertEqual(display.windowTop, 0)
        XCTAssertEqual(Array(device.calls.suffix(2)), ["addFB 5002 over 102 rows 0", "pageFlip 31 fb 5002"])
        XCTAssertEqual(device.screenPixel(x: 3, y: 0)! & 0xFFFFFF, 0x112233)
        _ = try display.handleReadable()
        // Back to the first buffer at a new row: its old offset framebuffer goes.
        XCTAssertEqual(try display.present(panFrame(display, by: -2, damage: IntRect(x: 0, y: 2, width: 8, height: 2))), .queued)
        XCTAssertEqual(Array(device.calls.suffix(3)), ["addFB 5003 over 101 rows 2", "rmFB 5001", "pageFlip 31 fb 5003"])
        XCTAssertEqual(device.screenPixel(x: 3, y: 0), 0, "row 1 of the first picture, black in both buffers")
        _ = try display.handleReadable()
        // The same row again on the second buffer's turn: a new one (its own is at row 0).
        XCTAssertEqual(try display.present(Region(IntRect(x: 0, y: 0, width: 1, height: 1))), .queued)
        XCTAssertEqual(Array(device.calls.suffix(3)), ["addFB 5004 over 102 rows 2", "rmFB 5002", "pageFlip 31 fb 5004"])
    }

    func testVirtioPansWithCRTCYAndFlipsOtherwise() throws {
        let (display, device) = makeDisplay(driver: "virtio_gpu")
        display.tuning.scrollFront = false  // each frame from the other buffer: the calls for that
        try display.start()
        XCTAssertEqual(try display.present(Region()), .shown)
        XCTAssertEqual(device.calls.last(where: { $0.hasPrefix("setCRTC") }), "setCRTC 31 fb 1101 conn 5 8x4@60 y 1")
        XCTAssertEqual(try display.present(Region(IntRect(x: 0, y: 0, width: 1, height: 1))), .queued, "window unchanged: a flip")
        _ = try display.handleReadable()
        XCTAssertEqual(try display.present(panFrame(display, by: -1, damage: IntRect(x: 0, y: 3, width: 8, height: 1))), .shown)
        XCTAssertEqual(device.calls.last(where: { $0.hasPrefix("setCRTC") }), "setCRTC 31 fb 1101 conn 5 8x4@60 y 2")
        XCTAssertTrue(device.calls.last!.hasPrefix("dirtyFB 1101"), device.calls.last!)
    }

    func testAtomicCommitsMoveTheSourceRowOnVirtio() throws {
        let (display, device) = makeDisplay(driver: "virtio_gpu")
        display.tuning.scrollFront = false  // each frame from the other buffer: the calls for that
        device.atomicSupported = true
        try display.start()
        XCTAssertEqual(display.presentPath, .atomic)
        XCTAssertTrue(lines[0].contains("atomic commit with event"), lines[0])
        XCTAssertEqual(try display.present(Region()), .shown, "the first frame is a legacy modeset")
        XCTAssertEqual(device.calls.last(where: { $0.hasPrefix("setCRTC") }), "setCRTC 31 fb 1101 conn 5 8x4@60 y 1")
        XCTAssertEqual(try display.present(panFrame(display, by: -1, damage: IntRect(x: 0, y: 3, width: 8, height: 1))), .queued)
        XCTAssertEqual(device.calls.last, "atomic 31 fb 1102 srcY 2 8x4 damage 8x4+0+2",
                       "the window's row as SRC_Y; damage in buffer rows (this buffer lacked the first frame too: its rows in the window)")
        XCTAssertEqual(device.calls.filter { $0.hasPrefix("setCRTC") }.count, 1, "no SetCrtc for the pan")
        XCTAssertTrue(display.flipPending)
        XCTAssertEqual(try display.handleReadable(), 1)
        XCTAssertEqual(try display.present(Region(IntRect(x: 1, y: 1, width: 2, height: 1))), .queued)
        XCTAssertEqual(device.calls.last, "atomic 31 fb 1101 srcY 2 8x4 damage 8x1+0+5,2x1+1+3")
    }

    func testAtomicOffsetFramebuffersOnBochs() throws {
        let (display, device) = makeDisplay(driver: "bochs-drm")
        display.tuning.scrollFront = false  // each frame from the other buffer: the calls for that
        device.atomicSupported = true
        try display.start()
        XCTAssertEqual(try display.present(Region()), .shown)
        XCTAssertEqual(try display.present(panFrame(display, by: 1, damage: IntRect(x: 0, y: 0, width: 8, height: 1))), .queued)
        XCTAssertEqual(Array(device.calls.suffix(2)), ["addFB 5002 over 102 rows 0", "atomic 31 fb 5002 srcY 0 8x4 damage 8x4+0+0"])
    }

    func testRefusedAtomicCommitFallsBackToLegacyCalls() throws {
        let (display, device) = makeDisplay(driver: "virtio_gpu")
        display.tuning.scrollFront = false  // each frame from the other buffer: the calls for that
        device.atomicSupported = true
        try display.start()
        XCTAssertEqual(try display.present(Region()), .shown)
        device.atomicError = .invalidArgument
        XCTAssertEqual(try display.present(panFrame(display, by: -1, damage: IntRect(x: 0, y: 3, width: 8, height: 1))), .shown,
                       "the same frame, by SetCrtc y")
        XCTAssertEqual(display.presentPath, .pageFlip)
        XCTAssertEqual(device.calls.last(where: { $0.hasPrefix("setCRTC") }), "setCRTC 31 fb 1102 conn 5 8x4@60 y 2")
        XCTAssertTrue(lines.contains { $0.contains("atomic commit failed") && $0.contains("legacy page flips") }, "\(lines)")
        XCTAssertEqual(try display.present(Region(IntRect(x: 0, y: 0, width: 1, height: 1))), .queued, "then page flips")
        XCTAssertTrue(device.calls.last!.hasPrefix("pageFlip"), device.calls.last!)
    }

    func testAtomicCanBeTurnedOff() throws {
        let (display, device) = makeDisplay(driver: "virtio_gpu")
        device.atomicSupported = true
        display.tuning.atomic = false
        try display.start()
        XCTAssertEqual(display.presentPath, .pageFlip)
    }

    func testRefusedOffsetFallsBackToCopying() throws {
        let (display, device) = makeDisplay(driver: "bochs-drm")
        try display.start()
        device.addFramebufferError = .invalidArgument
        XCTAssertEqual(try display.present(Region()), .redrawOwed, "the frame is drawn again, to be copied")
        XCTAssertEqual(display.panMethod, .copy)
        XCTAssertEqual(try display.present(Region()), .shown)
        XCTAssertFalse(display.scansOutWindow)
        XCTAssertTrue(display.canPan, "the window still moves in the shadow; it is copied into the buffers' first rows")
        XCTAssertEqual(display.windowTop, 1)
        XCTAssertEqual(device.calls.last(where: { $0.hasPrefix("setCRTC") }), "setCRTC 31 fb 1101 conn 5 8x4@60")
        XCTAssertTrue(lines.contains { $0.contains("failed on /dev/dri/card9") && $0.contains("copying instead") }, "\(lines)")
    }

    func testRotatedOrUnknownDriversCopyTheWindow() throws {
        for (driver, rotation) in [("bochs-drm", Rotation.r90), ("vc4", .r0)] {
            let (display, device) = makeDisplay(driver: driver, rotation: rotation)
            try display.start()
            XCTAssertEqual(display.panMethod, .copy)
            XCTAssertFalse(display.scansOutWindow)
            XCTAssertTrue(display.canPan, "the window moves in a taller shadow")
            XCTAssertEqual(display.shadow?.height, (rotation == .r0 ? 4 : 8) * 3 / 2)
            XCTAssertEqual(device.calls.filter { $0.hasPrefix("create") }.count, 2)
            XCTAssertFalse(device.calls.contains { $0.hasPrefix("create") && !$0.hasSuffix("8x4") && !$0.hasSuffix("4x8") }, "\(device.calls)")
        }
    }

    func testRecentreKeepsThePicture() throws {
        let (display, _) = makeDisplay(driver: "bochs-drm")
        try display.start()
        let canvas = try XCTUnwrap(display.canvas)
        for y in 0..<4 { canvas.fill(IntRect(x: 0, y: y, width: 8, height: 1), color: Color(argb: 0xFF00_0000 | UInt32(y + 1))) }
        // Up by 2 from row 1 runs off the top: the picture goes to the bottom (row 2) first.
        let pan = try XCTUnwrap(display.panWindow(by: 2))
        XCTAssertEqual(pan.recentredTo, 2)
        XCTAssertEqual(pan.top, 0)
        pan.recentre()
        XCTAssertEqual(pan.window.pixel(x: 0, y: 2)! & 0xFF, 1, "old row 0, two rows lower")
        XCTAssertEqual(pan.window.pixel(x: 0, y: 3)! & 0xFF, 2, "old row 1, two rows lower")
        XCTAssertEqual(display.counts.recentres, 0, "the window moves when the frame is presented")
        XCTAssertNotEqual(try display.present(ComposedFrame(damage: Region(IntRect(x: 0, y: 0, width: 8, height: 2)), scanout: .pan(pan))), .skipped)
        XCTAssertEqual(display.counts.recentres, 1)
        XCTAssertEqual(display.windowTop, 0)
        XCTAssertNil(display.panWindow(by: 3), "more than the buffer's spare rows: move the pixels instead")
    }

    /// As the device loop does: nothing drawn, nothing presented.
    // MARK: The kiosk on the panning display, through the real loop

    /// The real `DeviceLoop` with the embedded clock and touches, the real kiosk runtime
    /// and compositor, over the fake display: every frame the loop presents is compared
    /// with the same moment drawn from scratch, on the fake's screen.
    private final class KioskOnFakeDisplay {
        let clock = ManualClock(0)
        let system: EmbeddedSystemCalls
        let loop: DeviceLoop
        let input: ScriptedInput
        let runtime: KioskRuntime
        let assembly: KioskAssembly
        let observed: ObservedSink
        let fresh: Bitmap
        var framesCompared = 0

        init(display: KMSDisplay, device: MemoryKMSDevice, width: Int, height: Int, rotation: Rotation = .r0,
             onMismatch: @escaping (String) -> Void) throws {
            system = EmbeddedSystemCalls(clock: clock, horizon: 0)
            system.recordsPolls = false
            var config = KioskConfig.builtIn
            config.pages = [config.pages[2]] + config.pages
            assembly = try KioskAssembly(config: config, width: width, height: height)
            runtime = KioskRuntime(assembly: assembly, log: Logger { _ in })
            observed = ObservedSink(display)
            loop = try DeviceLoop(system: system, clock: clock, sink: observed, scene: runtime, log: Logger { _ in })
            input = ScriptedInput(system: system)
            loop.input = input
            // Whole frames drawn in bands and streamed beside: the frames after them are checked too.
            loop.compositor.streamsWhileDrawing = true
            fresh = try Bitmap(width: width, height: height)
            let (system, clock, fresh, assembly) = (system, clock, fresh, assembly)
            device.onFlip = { system.schedule(device.fd, at: clock.time) }
            observed.onPresent = { [unowned self] _ in
                SceneRenderer(scene: assembly.scene).renderWhole(into: fresh.canvas, at: clock.time)
                var differing = 0
                for y in 0..<height {
                    let row = fresh.canvas.row(y)
                    for x in 0..<width {
                        let p = rotation.physicalPoint(x: x, y: y, logicalWidth: width, logicalHeight: height)
                        if row[x] & 0xFFFFFF != (device.screenPixel(x: p.x, y: p.y) ?? 0) & 0xFFFFFF { differing += 1 }
                    }
                }
                if differing > 0 { onMismatch("\(differing) px differ on screen at t = \(clock.time)") }
                framesCompared += 1
            }
        }

        var scene: KioskScene { assembly.scene }
        var time: Double { clock.time }

        /// Touches at their times; the loop runs to `t`, drawing what the device would.
        func touch(_ events: TouchEvent...) { input.append(events) }
        func run(to t: Double) {
            system.horizon = t
            do { try loop.run() } catch is EmbeddedRunFinished {} catch { XCTFail("loop: \(error)") }
        }
        func run(for seconds: Double) { run(to: time + seconds) }

        /// Pixels of the shadow's window that differ from the frame drawn from scratch now.
        func shadowDiffers(_ display: KMSDisplay) -> Int {
            guard let canvas = display.canvas else { return -1 }
            SceneRenderer(scene: assembly.scene).renderWhole(into: fresh.canvas, at: time)
            var n = 0
            for y in 0..<fresh.height { for x in 0..<fresh.width where fresh.canvas.pixel(x: x, y: y)! & 0xFFFFFF != canvas.pixel(x: x, y: y)! & 0xFFFFFF { n += 1 } }
            return n
        }
    }

    /// A drag and a fling on the long page, each frame scanned out through the fake's
    /// offset framebuffers / CRTC y, or copied from the shadow's moving window (a driver
    /// not known to pan, a rotated panel), equal the same frame drawn from scratch.
    func testPannedFramesMatchFullRedraws() throws {
        for driver in ["bochs-drm", "virtio_gpu", "vc4"] {
            try checkPannedFramesMatchFullRedraws(driver: driver)
        }
        try checkPannedFramesMatchFullRedraws(driver: "virtio_gpu", atomic: true)
        try checkPannedFramesMatchFullRedraws(driver: "bochs-drm", atomic: true)
        try checkPannedFramesMatchFullRedraws(driver: "bochs-drm", rotation: .r90)
    }

    private func checkPannedFramesMatchFullRedraws(driver: String, rotation: Rotation = .r0, atomic: Bool = false) throws {
        let w = 320, h = 240
        let (display, device) = rotation.swapsAxes ? makeDisplay(driver: driver, width: h, height: w, rotation: rotation)
                                                   : makeDisplay(driver: driver, width: w, height: h)
        device.atomicSupported = atomic
        try display.start()
        XCTAssertEqual(display.presentPath, atomic ? .atomic : .pageFlip)
        let kiosk = try KioskOnFakeDisplay(display: display, device: device, width: w, height: h, rotation: rotation) {
            XCTFail("\(driver) \(rotation): \($0)")
        }
        kiosk.run(to: 0)
        // A slow drag up, then a fling down and back, with the page coasting.
        var y = 200.0, t = 0.0
        kiosk.touch(.down(slot: 0, x: 160, y: y, time: t))
        for _ in 0..<12 { t += 1.0 / 60; y -= 6; kiosk.touch(.move(slot: 0, x: 160, y: y, time: t)) }
        kiosk.touch(.up(slot: 0, time: t))
        for direction in [-1.0, 1.0] {
            t += 1.0 / 60
            y = direction < 0 ? 220 : 20
            kiosk.touch(.down(slot: 0, x: 160, y: y, time: t))
            for _ in 0..<4 { t += 1.0 / 60; y += direction * 45; kiosk.touch(.move(slot: 0, x: 160, y: y, time: t)) }
            kiosk.touch(.up(slot: 0, time: t))
            t += 40.0 / 60
        }
        kiosk.run(to: t)
        XCTAssertGreaterThan(kiosk.framesCompared, 60)
        XCTAssertGreaterThan(display.counts.pans, 40, "\(driver) \(rotation): the scrolls moved the window")
        XCTAssertGreaterThan(kiosk.loop.compositor.counts[.panned] ?? 0, 40, "\(driver): the compositor chose to pan")
        if atomic { XCTAssertGreaterThan(device.calls.filter { $0.hasPrefix("atomic") }.count, 40, "\(driver): frames by atomic commits") }
        XCTAssertGreaterThan(display.counts.recentres, 0, "\(driver) \(rotation): the flings ran off the shadow")
    }

    /// The menu fading in and out over a scrolled page: the fade steps go straight into
    /// the scan-out buffer, and every frame on screen, and the shadow once the fade
    /// stops, equals the same frame drawn from scratch.
    func testFadeFramesGoStraightToScanoutAndMatchFullRedraws() throws {
        let w = 320, h = 240
        let (display, device) = makeDisplay(driver: "bochs-drm", width: w, height: h)
        try display.start()
        let kiosk = try KioskOnFakeDisplay(display: display, device: device, width: w, height: h) { XCTFail("fade: \($0)") }
        kiosk.run(to: 0)
        // Scroll a little (panned), then three fingers open the menu; later close it.
        kiosk.touch(.down(slot: 0, x: 160, y: 200, time: 0))
        for i in 1...5 { let t = Double(i) / 60; kiosk.touch(.move(slot: 0, x: 160, y: 200 - 60 * t, time: t)) }
        kiosk.touch(.up(slot: 0, time: 0.3))
        kiosk.run(to: 1)
        XCTAssertEqual(kiosk.shadowDiffers(display), 0, "at rest the shadow is the screen")
        let pageBefore = try Bitmap(width: w, height: h)
        pageBefore.canvas.blit(try XCTUnwrap(display.canvas), from: pageBefore.canvas.bounds, toX: 0, y: 0)
        for cycle in 0..<2 {
            let t = kiosk.time
            for i in 0..<3 { kiosk.touch(.down(slot: i, x: 100 + Double(i * 50), y: 120, time: t)) }
            for i in 0..<3 { kiosk.touch(.up(slot: i, time: t + 0.05)) }
            let presentedBefore = display.counts.presented, directBefore = display.counts.directFrames
            kiosk.run(to: t + 0.5)
            let canvas = try XCTUnwrap(display.canvas)
            if cycle == 0 {
                // The menu shows: every frame went straight to the scan-out buffer, and the
                // shadow still holds the page under it, untouched.
                XCTAssertEqual(display.counts.presented - presentedBefore, display.counts.directFrames - directBefore)
                XCTAssertGreaterThan(display.counts.directFrames - directBefore, 10)
                var differs = 0
                for y in 0..<h { for x in 0..<w where canvas.pixel(x: x, y: y)! & 0xFFFFFF != pageBefore.canvas.pixel(x: x, y: y)! & 0xFFFFFF { differs += 1 } }
                XCTAssertEqual(differs, 0, "the shadow holds the page under the menu")
            } else {
                XCTAssertEqual(kiosk.shadowDiffers(display), 0, "the shadow once the fade \(cycle) stopped")
            }
        }
        XCTAssertGreaterThan(display.counts.directFrames, 20, "fade steps composed straight into the scan-out buffer")
        XCTAssertGreaterThan(kiosk.loop.compositor.counts[.overlaysDirect] ?? 0, 20)
        // Open it once more and choose another page on the ring: the page changes under
        // the menu (drawn into the shadow, composed straight out) as the menu fades away.
        var t = kiosk.time
        for i in 0..<3 { kiosk.touch(.down(slot: i, x: 100 + Double(i * 50), y: 120, time: t)) }
        for i in 0..<3 { kiosk.touch(.up(slot: i, time: t + 0.05)) }
        kiosk.run(to: t + 0.5)
        t = kiosk.time
        let pageBeforeTap = kiosk.scene.currentPage
        let item = kiosk.scene.ring.center(of: (pageBeforeTap + 1) % kiosk.scene.pageCount)
        kiosk.touch(.down(slot: 0, x: item.x, y: item.y, time: t), .up(slot: 0, time: t + 0.05))
        kiosk.run(to: t + 0.5)
        XCTAssertNotEqual(kiosk.scene.currentPage, pageBeforeTap, "the ring item chose another page")
        XCTAssertEqual(kiosk.scene.menu.opacity(at: kiosk.time), 0, "and the menu went")
        XCTAssertGreaterThan(kiosk.framesCompared, 40)
    }

    /// Pulls shown by moving the scan-out window sideways (bochs: offset framebuffers;
    /// virtio-gpu: the plane's SRC_X) or, on a driver not known to pan, composed straight
    /// into the scan-out buffer from the unpulled page in the shadow: pulled in and held
    /// (the dots springing), let go short of the menu (the page springs back), pulled
    /// while the page still coasts, pulled right (not panned, not direct), and pulled far
    /// enough to open the menu (past the room beside the page: the last frames written
    /// whole). Every frame on screen, and the shadow whenever the screen rests without
    /// the menu, equals the same frame drawn from scratch.
    func testPullFramesGoStraightToScanoutAndMatchFullRedraws() throws {
        for driver in ["bochs-drm", "virtio_gpu", "vc4"] { try checkPullFrames(driver: driver) }
    }

    private func checkPullFrames(driver: String) throws {
        let w = 320, h = 240
        let (display, device) = makeDisplay(driver: driver, width: w, height: h)
        device.atomicSupported = driver == "virtio_gpu"
        try display.start()
        let kiosk = try KioskOnFakeDisplay(display: display, device: device, width: w, height: h) { XCTFail("\(driver) pull: \($0)") }
        kiosk.run(to: 0)
        // The first frame may be written whole (drawn in bands, streamed out beside the drawing).
        let firstFrames = display.counts.directFrames
        func pull(from x0: Double, by dx: Double, frames: Int, hold: Int = 0, y: Double = 120) {
            var x = x0, t = kiosk.time
            kiosk.touch(.down(slot: 0, x: x, y: y, time: t))
            for _ in 0..<frames { t += 1.0 / 60; x += dx / Double(frames); kiosk.touch(.move(slot: 0, x: x, y: y, time: t)) }
            t += Double(hold) / 60
            kiosk.touch(.up(slot: 0, time: t))
            kiosk.run(to: t)
        }
        // Pulled in a little and held while the dots spring, then let go: the page springs back.
        pull(from: 280, by: -30, frames: 6, hold: 8)
        kiosk.run(for: 40.0 / 60)
        if driver == "vc4" {
            XCTAssertGreaterThan(display.counts.directFrames - firstFrames, 10, "\(driver): pull frames went straight to scan-out")
            XCTAssertGreaterThan(kiosk.loop.compositor.counts[.pullDirect] ?? 0, 10)
        } else {
            XCTAssertGreaterThan(display.counts.sidewaysPans, 10, "\(driver): pull frames moved the window sideways")
            XCTAssertGreaterThan(kiosk.loop.compositor.counts[.pullPanned] ?? 0, 10)
            XCTAssertEqual(display.counts.directFrames - firstFrames, 0, "\(driver): no pull frame written whole")
        }
        XCTAssertEqual(kiosk.shadowDiffers(display), 0, "\(driver): the shadow after the pull settled")
        // A fling, then a pull while the page still coasts (the scroll moves under the pull).
        var t = kiosk.time, fy = 220.0
        kiosk.touch(.down(slot: 0, x: 160, y: fy, time: t))
        for _ in 0..<3 { t += 1.0 / 60; fy -= 40; kiosk.touch(.move(slot: 0, x: 160, y: fy, time: t)) }
        kiosk.touch(.up(slot: 0, time: t))
        kiosk.run(to: t + 1.0 / 60)
        pull(from: 300, by: -40, frames: 5)
        kiosk.run(for: 40.0 / 60)
        // Pulled right: the page moves right, not a direct pull.
        pull(from: 40, by: 40, frames: 5)
        kiosk.run(for: 30.0 / 60)
        XCTAssertEqual(kiosk.shadowDiffers(display), 0, "\(driver): the shadow after the right pull settled")
        // Far enough to open the menu, then the menu closes again.
        pull(from: 300, by: -200, frames: 10)
        kiosk.run(for: 30.0 / 60)
        XCTAssertGreaterThan(kiosk.scene.menu.opacity(at: kiosk.time), 0, "\(driver): the long pull opened the menu")
        if driver != "vc4" {
            XCTAssertGreaterThan(kiosk.loop.compositor.counts[.pullDirect] ?? 0, 0, "\(driver): a pull past the room is written whole")
        }
        t = kiosk.time
        kiosk.touch(.down(slot: 0, x: 5, y: 5, time: t), .up(slot: 0, time: t + 0.05))
        kiosk.run(to: t + 0.6)
        XCTAssertEqual(kiosk.shadowDiffers(display), 0, "\(driver): the shadow once the menu closed")
        XCTAssertGreaterThan(kiosk.framesCompared, 60)
    }
}
