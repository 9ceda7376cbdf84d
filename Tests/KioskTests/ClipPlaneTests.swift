import Foundation
import KioskHeadless
import LecternTestSupport
import PlatformEmbedded
import Raster
import Touch
import XCTest
@testable import Kiosk

/// A clip playing in the headless kiosk whose memory display offers a YUV overlay plane
/// (as vc4's): the real scene, compositor and display put the playing clip on the plane,
/// its frames change the plane alone (only the progress bar's row in the page), and a tap
/// that pauses it brings the picture back into the page. The clip is made by ffmpeg.
final class ClipPlaneTests: XCTestCase {
    let width = 800, height = 600

    private func makePlayer(overlay: MemoryOverlayPlane?) throws -> HeadlessPlayer {
        let dir = NSTemporaryDirectory() + "lectern-clip-plane-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: try TestClips.pattern(seconds: 4), toPath: "\(dir)/clip.mp4")
        try "# Clips\n\n![Test pattern](clip.mp4)\n\nA paragraph under the clip.".write(toFile: "\(dir)/page.md", atomically: true, encoding: .utf8)
        var config = KioskConfig()
        config.pages = [.init(title: "Clips", source: .file(path: "\(dir)/page.md"))]
        config.idle.homeAfter = 0
        config.idle.blankAfter = 0
        return try HeadlessPlayer(config: config, width: width, height: height, overlay: overlay)
    }

    private func tap(_ rect: IntRect, at time: Double, on player: HeadlessPlayer) throws {
        let events = try GestureScript.parse("\(time) tap 1 \(rect.x + rect.width / 2) \(rect.y + rect.height / 2)").events
        var index = 0
        player.play(events, from: &index, until: events.last?.time ?? 0)
    }

    func testAPlayingClipAdvancesOnThePlaneAndComesBackIntoThePageWhenPaused() throws {
        let overlay = MemoryOverlayPlane()
        let player = try makePlayer(overlay: overlay)
        player.step(to: 0.5)
        let rect = try XCTUnwrap(player.scene.clipsOnScreen(at: player.time).first?.rect)
        XCTAssertNil(overlay.shown, "a clip that does not play stays in the page")
        try tap(rect, at: 1.0, on: player)
        let bar = player.renderer.clipBar
        var pageDamage = Region()
        for step in 0..<20 {
            player.scene.clips.waitUntilBuffered()
            let damage = player.render(at: 1.2 + Double(step) * 0.04)
            // The first frame after the tap puts the clip on the plane (and draws the page).
            if step > 0 { pageDamage.add(damage) }
        }
        let shown = try XCTUnwrap(overlay.shown, "the playing clip is on the plane")
        XCTAssertEqual(shown.destination, IntRect(x: rect.x, y: rect.y, width: rect.width, height: rect.height - bar), "above the progress bar")
        XCTAssertEqual(shown.source.width, 320)
        XCTAssertGreaterThanOrEqual(overlay.commits, 19, "every frame sets the plane (with the bar's row where it grew)")
        XCTAssertEqual(overlay.bufferCount, 2)
        XCTAssertNotNil(overlay.sample(x: rect.x + 5, y: rect.y + 5))
        let picture = IntRect(x: rect.x, y: rect.y, width: rect.width, height: rect.height - bar - 1)
        XCTAssertFalse(pageDamage.isEmpty, "the progress bar grows")
        XCTAssertFalse(pageDamage.intersects(picture), "no clip frame damaged the page under the plane: \(pageDamage.rects)")

        // A tap pauses it: the plane goes off and the frame on screen is in the page.
        try tap(rect, at: 2.5, on: player)
        player.render(at: 2.6)
        XCTAssertFalse(player.scene.clips.isPlaying)
        XCTAssertNil(overlay.shown, "paused: the plane is off")
        let centre = try XCTUnwrap(player.canvas.color(x: rect.x + rect.width / 2, y: rect.y + rect.height / 3))
        XCTAssertNotEqual(centre, player.scene.config.theme.background, "the clip's picture is drawn into the page")
    }

    func testWithoutThePlaneEveryFrameIsDrawnIntoThePage() throws {
        let player = try makePlayer(overlay: nil)
        player.step(to: 0.5)
        let rect = try XCTUnwrap(player.scene.clipsOnScreen(at: player.time).first?.rect)
        try tap(rect, at: 1.0, on: player)
        var framesWithPictureDamage = 0
        for step in 0..<10 {
            player.scene.clips.waitUntilBuffered()
            let damage = player.render(at: 1.2 + Double(step) * 0.04)
            if damage.intersects(IntRect(x: rect.x, y: rect.y + rect.height / 2, width: rect.width, height: 1)) { framesWithPictureDamage += 1 }
        }
        XCTAssertGreaterThanOrEqual(framesWithPictureDamage, 8, "the software path draws each frame into the page")
        XCTAssertEqual(player.display.counts.planeFrames, 0)
    }
}
