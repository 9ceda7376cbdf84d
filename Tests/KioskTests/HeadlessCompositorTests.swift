import Display
import KioskHeadless
@testable import LoopCore
import Raster
import Touch
import XCTest
@testable import Kiosk

/// The headless kiosk runs the frame paths the device runs: its display is the real
/// `KMSDisplay` over memory buffers, so the compositor pans a scroll, writes pulls and
/// fades straight into a scan-out buffer, and every frame on screen equals the same
/// moment drawn from scratch.
final class HeadlessCompositorTests: XCTestCase {
    let width = 480, height = 360

    private func makePlayer() throws -> (KioskAssembly, HeadlessPlayer) {
        var config = KioskConfig.builtIn
        config.pages = [config.pages[2]] + config.pages  // a long page first
        let assembly = try KioskAssembly(config: config, width: width, height: height)
        let player = try assembly.player()
        // Whole frames drawn in bands and streamed beside: the frames after them are checked too.
        player.loop.compositor.streamsWhileDrawing = true
        return (assembly, player)
    }

    /// Compares every presented frame with a frame drawn from scratch at its moment.
    private func checkEveryFrame(_ player: HeadlessPlayer, _ assembly: KioskAssembly) throws -> () -> Int {
        let fresh = try Bitmap(width: width, height: height)
        var frames = 0
        player.onFrame = { [width, height] t, canvas in
            frames += 1
            SceneRenderer(scene: assembly.scene).renderWhole(into: fresh.canvas, at: t)
            var differing = 0
            for y in 0..<height {
                let a = fresh.canvas.row(y), b = canvas.row(y)
                for x in 0..<width where a[x] & 0xFFFFFF != b[x] & 0xFFFFFF { differing += 1 }
            }
            XCTAssertEqual(differing, 0, "frame at t = \(t)")
        }
        return { frames }
    }

    func testAHeadlessFlingPansTheScanoutWindow() throws {
        let (assembly, player) = try makePlayer()
        let frames = try checkEveryFrame(player, assembly)
        player.render(at: 0)
        var t = 0.1, y = 300.0
        player.feed([.down(slot: 0, x: 240, y: y, time: t)])
        for _ in 0..<5 { t += 1.0 / 60; y -= 40; player.feed([.move(slot: 0, x: 240, y: y, time: t)]) }
        player.feed([.up(slot: 0, time: t)])
        player.render(at: t + 1.5)
        XCTAssertGreaterThan(assembly.scene.vertical.offset(at: player.time), 300, "the fling carried the page")
        XCTAssertGreaterThan(player.compositor.counts[.panned] ?? 0, 20, "the compositor moved the window")
        XCTAssertGreaterThan(player.display.counts.pans, 20, "the display scanned out from the moved window")
        XCTAssertGreaterThan(frames(), 30)
    }

    func testAHeadlessPullMovesTheWindowAndTheMenuFadeGoesStraightToScanout() throws {
        let (assembly, player) = try makePlayer()
        let frames = try checkEveryFrame(player, assembly)
        player.render(at: 0)
        var t = 0.1, x = 440.0
        player.feed([.down(slot: 0, x: x, y: 180, time: t)])
        for _ in 0..<12 { t += 1.0 / 60; x -= 25; player.feed([.move(slot: 0, x: x, y: 180, time: t)]) }
        player.feed([.up(slot: 0, time: t)])
        player.render(at: t + 1)
        XCTAssertTrue(assembly.scene.menu.isPresented, "the long pull opened the menu")
        XCTAssertGreaterThan(player.compositor.counts[.pullPanned] ?? 0, 5, "pull frames shown by moving the window sideways")
        XCTAssertGreaterThan(player.display.counts.sidewaysPans, 5)
        XCTAssertGreaterThan(player.compositor.counts[.overlaysDirect] ?? 0, 5, "fade frames composed straight to scan-out")
        XCTAssertGreaterThan(player.display.counts.directFrames, 10)
        XCTAssertGreaterThan(frames(), 20)
    }

    /// A menu fading in over the page (a three-finger tap): the rows above and below its
    /// ring are mixed on the streaming thread while the loop's core composes the ring's
    /// rows, and every frame equals the moment drawn from scratch.
    func testTheMenuFadesWithItsPlainRowsMixedOnTheOtherCore() throws {
        try XCTSkipUnless(RowStreamer.machineHasSpareCore, "one core: the fade is composed on it alone")
        let (assembly, player) = try makePlayer()
        let frames = try checkEveryFrame(player, assembly)
        player.render(at: 0.5)
        let jobsBefore = player.loop.compositor.rowStreamer?.done ?? 0
        let directBefore = player.compositor.counts[.overlaysDirect] ?? 0
        let t = player.time + 0.1
        for i in 0..<3 { player.feed([.down(slot: i, x: 100 + Double(i * 50), y: 120, time: t)]) }
        for i in 0..<3 { player.feed([.up(slot: i, time: t + 0.05)]) }
        player.render(at: t + 1)
        XCTAssertTrue(assembly.scene.menu.isPresented)
        let fades = (player.compositor.counts[.overlaysDirect] ?? 0) - directBefore
        XCTAssertGreaterThan(fades, 5, "fade frames composed straight to scan-out")
        let jobs = (player.loop.compositor.rowStreamer?.done ?? 0) - jobsBefore
        XCTAssertGreaterThanOrEqual(jobs, fades, "each fade frame handed its plain rows to the streaming thread")
        XCTAssertGreaterThan(frames(), fades)
    }

    /// A finger resting mid-pull, the dots settled: nothing changes, so nothing is drawn
    /// (a pull frame written straight to scan-out must not be written again and again).
    func testAFingerRestingMidPullDrawsNothing() throws {
        let (_, player) = try makePlayer()
        player.render(at: 0)
        var t = 0.1, x = 440.0
        player.feed([.down(slot: 0, x: x, y: 180, time: t)])
        for _ in 0..<4 { t += 1.0 / 60; x -= 10; player.feed([.move(slot: 0, x: x, y: 180, time: t)]) }
        player.render(at: t + 2)  // the dots' springs settle while the finger rests
        XCTAssertGreaterThan(player.compositor.counts[.pullPanned] ?? 0, 0)
        let before = player.redrawCount
        let countsBefore = player.compositor.counts
        var drawnAt: [Double] = []
        player.onFrame = { time, _ in drawnAt.append(time) }
        player.render(at: t + 4)
        XCTAssertEqual(player.redrawCount, before, "frames drawn while nothing moved at \(drawnAt), counts \(countsBefore) -> \(player.compositor.counts)")
    }
}
