import Foundation
import KioskHeadless
import KioskDevice
import LecternLog
import Logging
import Platform
import PlatformEmbedded
import Raster
import Touch
import XCTest
@testable import Kiosk

/// The content watcher with a real inotify on a temporary directory, under the real
/// loop with the embedded clock: the inotify fd is marked readable in the embedded poll
/// at the time the test "copies" files, and the watcher reads the kernel's real events.
final class ContentWatchTests: XCTestCase {
    var dir = ""
    let pages = "[[page]]\ntitle = \"Long\"\ncontent = \"long.md\"\n[[page]]\ntitle = \"Short\"\ncontent = \"short.md\"\n"
    /// The wall clock follows the loop's clock from the real time the test started, so a
    /// file written now is `settle` seconds old once the loop has run that long. Taken in
    /// setUp: XCTest makes every test case object when the whole suite starts.
    private var wallStart = 0.0

    override func setUpWithError() throws {
        wallStart = Date().timeIntervalSince1970
        dir = NSTemporaryDirectory() + "lectern-watch-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    func write(_ text: String, _ name: String, in folder: String? = nil) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: (folder ?? dir) + "/" + name))
    }

    func longPage(_ word: String) -> String {
        (1...200).map { "\(word) \($0), long enough to wrap on a small screen at least once." }.joined(separator: "\n\n")
    }

    func site(in folder: String, word: String = "Paragraph", theme: String = "") throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try write(longPage(word), "long.md", in: folder)
        try write("# Short\n", "short.md", in: folder)
        try write(theme + pages, "lectern.toml", in: folder)
    }

    struct Rig {
        let player: HeadlessPlayer
        let watch: ContentWatch
        var runtime: KioskRuntime { player.runtime }
        /// The inotify fd becomes readable at `time` (the kernel has the events already).
        func filesChanged(at time: Double) { player.system.schedule(watch.fd, at: time) }
        var pixels: [UInt32] {
            let c = player.canvas
            return (0..<c.height).flatMap { y in (0..<c.width).map { c.pixel(x: $0, y: y)! } }
        }
    }

    /// The player as the composition root builds it with inotify (`[watch]` is on by
    /// default, settling for 1 s), the wall clock following the loop's.
    func rig(config: String, scrolled: Bool = true, log: Logger = Logger(sink: { _ in })) throws -> Rig {
        let wall = LoopWallClock(startingAt: wallStart)
        let player = try HeadlessPlayer(config: try ConfigLoader.load(path: config), configPath: config, width: 320, height: 240,
                                        environment: KioskEnvironment(wallClock: wall, fileWatch: LinuxFileWatchCalls()), log: log)
        wall.loopClock = player.clock
        let watch = try XCTUnwrap(player.wiring.watch, "the root watches the site")
        XCTAssertEqual(watch.settle, 1)
        if scrolled {
            // A slow drag up by 300 px, held still before the release: no fling.
            var events: [TouchEvent] = [.down(slot: 0, x: 160, y: 220, time: 1.0)]
            for i in 1...30 { events.append(.move(slot: 0, x: 160, y: 220 - Double(i) * 6, time: 1.0 + Double(i) * 0.02)) }
            events.append(.up(slot: 0, time: 2.0))
            player.feed(events)
        }
        player.step(to: 5)
        return Rig(player: player, watch: watch)
    }

    func testAChangedPageShowsAfterTheSettleTimeWithTheScrollKept() throws {
        try site(in: dir)
        let rig = try self.rig(config: dir + "/lectern.toml")
        let scene = try XCTUnwrap(rig.runtime.scene)
        let offset = scene.vertical.offset(at: 5)
        XCTAssertGreaterThan(offset, 100, "the drag scrolled the page")
        let before = rig.pixels
        let version = rig.watch.version

        try write(longPage("Section"), "long.md")
        rig.filesChanged(at: 6)
        rig.player.step(to: 6.9)
        XCTAssertTrue(rig.runtime.scene === scene, "nothing is swapped before the change settles")
        XCTAssertEqual(rig.watch.deadline, 7)
        rig.player.step(to: 8)
        XCTAssertFalse(rig.runtime.scene === scene, "the new site was swapped in")
        XCTAssertEqual(rig.runtime.scene!.vertical.offset(at: 8), offset, accuracy: 0.001)
        XCTAssertNotEqual(rig.pixels, before, "the new words are on screen")
        XCTAssertNotEqual(rig.watch.version, version)
        XCTAssertEqual(rig.watch.lastUpdate?.ok, true)
        XCTAssertNil(rig.watch.deadline, "idle again: no timer left")
    }

    func testAnInvalidSiteChangesNothingAndIsReported() throws {
        try site(in: dir)
        let rig = try self.rig(config: dir + "/lectern.toml")
        let scene = rig.runtime.scene
        let before = rig.pixels, presents = rig.player.redrawCount
        try write("[theme]\naccent = \"blue\"\n" + pages, "lectern.toml")
        rig.filesChanged(at: 6)
        rig.player.step(to: 10)
        XCTAssertTrue(rig.runtime.scene === scene)
        XCTAssertEqual(rig.pixels, before)
        XCTAssertEqual(rig.player.redrawCount, presents, "not a frame drawn")
        let update = try XCTUnwrap(rig.watch.lastUpdate)
        XCTAssertFalse(update.ok)
        XCTAssertTrue(update.reason.hasPrefix(dir + "/lectern.toml:2:"), update.reason)
        XCTAssertTrue(update.reason.contains("theme.accent"), update.reason)
    }

    func testAHalfCopiedSiteWaitsOrIsRefusedThenShowsWhenComplete() throws {
        try site(in: dir)
        let rig = try self.rig(config: dir + "/lectern.toml")
        let scene = rig.runtime.scene
        let before = rig.pixels

        // 1. The configuration arrived before the page it names.
        try write(pages + "[[page]]\ntitle = \"Picture\"\ncontent = \"picture.md\"\n", "lectern.toml")
        rig.filesChanged(at: 6)
        rig.player.step(to: 8)
        XCTAssertTrue(rig.runtime.scene === scene)
        XCTAssertEqual(rig.pixels, before)
        XCTAssertEqual(rig.watch.lastUpdate?.ok, false)
        XCTAssertTrue(rig.watch.lastUpdate!.reason.contains("picture.md does not exist"), rig.watch.lastUpdate!.reason)

        // 2. The page, with a picture cut off half-way (Debian's logo, truncated).
        let logo = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/pixmaps/debian-logo.png"))
        try logo.prefix(logo.count / 2).write(to: URL(fileURLWithPath: dir + "/logo.png"))
        try write("# Picture\n\n![Logo](logo.png)\n", "picture.md")
        rig.filesChanged(at: 9)
        rig.player.step(to: 11)
        XCTAssertTrue(rig.runtime.scene === scene)
        XCTAssertEqual(rig.pixels, before)
        XCTAssertTrue(rig.watch.lastUpdate!.reason.hasPrefix(dir + "/picture.md:3: image:"), rig.watch.lastUpdate!.reason)

        // 3. The rest of the picture is still being written: the watcher waits for the close
        // (no verdict at all, not another refusal of a truncated picture).
        var verdicts = 0
        rig.watch.onUpdate = { _ in verdicts += 1 }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: dir + "/logo.png"))
        try handle.seekToEnd()
        try handle.write(contentsOf: logo.suffix(from: logo.count / 2).prefix(100))
        rig.filesChanged(at: 12)
        rig.player.step(to: 20)
        XCTAssertTrue(rig.runtime.scene === scene, "a file open for writing is not shown")
        XCTAssertNil(rig.watch.deadline, "waiting for the close, not polling")
        XCTAssertEqual(verdicts, 0, "an open file is waited for, not judged")
        try handle.write(contentsOf: logo.suffix(from: logo.count / 2 + 100))
        try handle.close()
        rig.filesChanged(at: 21)
        rig.player.step(to: 23)
        XCTAssertFalse(rig.runtime.scene === scene, "the complete site is shown")
        XCTAssertEqual(rig.runtime.config.pages.count, 3)
        XCTAssertEqual(rig.watch.lastUpdate?.ok, true)
        XCTAssertTrue(rig.watch.watchedPaths.contains(dir + "/logo.png"), "\(rig.watch.watchedPaths)")
    }

    func testAFileModifiedWithinTheSettleTimeWaitsForIt() throws {
        try site(in: dir)
        let rig = try self.rig(config: dir + "/lectern.toml")
        let scene = rig.runtime.scene
        try write(longPage("Section"), "long.md")
        // Its mtime says it was written at loop time 6.8, after the event at 6.
        let mtime = wallStart + 6.8
        let stamp = timespec(tv_sec: Int(mtime), tv_nsec: Int((mtime - mtime.rounded(.down)) * 1e9))
        let times = [stamp, stamp]
        XCTAssertEqual(utimensat(AT_FDCWD, dir + "/long.md", times, 0), 0)
        rig.filesChanged(at: 6)
        rig.player.step(to: 7.5)
        XCTAssertTrue(rig.runtime.scene === scene, "still settling at 7.5")
        XCTAssertEqual(try XCTUnwrap(rig.watch.deadline), 7.8, accuracy: 0.01)
        rig.player.step(to: 8)
        XCTAssertFalse(rig.runtime.scene === scene)
    }

    func testACurrentSymlinkSwitchIsPickedUp() throws {
        try site(in: dir + "/releases/a")
        try site(in: dir + "/releases/b", word: "Section", theme: "[theme]\naccent = \"#0000ff\"\n")
        try FileManager.default.createSymbolicLink(atPath: dir + "/current", withDestinationPath: "releases/a")
        let rig = try self.rig(config: dir + "/current/lectern.toml")
        XCTAssertTrue(rig.watch.watchedPaths.contains(dir), "the directory holding the symlink: \(rig.watch.watchedPaths)")
        let scene = rig.runtime.scene
        // The atomic switch: a new link renamed over the old one (ln -s + mv -T).
        try FileManager.default.createSymbolicLink(atPath: dir + "/current.new", withDestinationPath: "releases/b")
        XCTAssertEqual(rename(dir + "/current.new", dir + "/current"), 0)
        rig.filesChanged(at: 6)
        rig.player.step(to: 8)
        XCTAssertFalse(rig.runtime.scene === scene)
        XCTAssertEqual(rig.runtime.config.theme.accent, Color(red: 0, green: 0, blue: 255))
        // Later edits inside the new release are seen too (the watches followed the link).
        try write("[theme]\naccent = \"#00ff00\"\n" + pages, "lectern.toml", in: dir + "/releases/b")
        rig.filesChanged(at: 9)
        rig.player.step(to: 11)
        XCTAssertEqual(rig.runtime.config.theme.accent, Color(red: 0, green: 255, blue: 0))
    }

    func testTheKernelReportsTheChangesTheTestsRelyOn() throws {
        try site(in: dir)
        let rig = try self.rig(config: dir + "/lectern.toml", scrolled: false)
        XCTAssertNil(rig.watch.deadline)
        try write("# Short, changed\n", "short.md")
        rig.watch.handleReadable(at: 5)
        XCTAssertEqual(rig.watch.deadline, 6, "a real inotify event armed the settle timer")
    }

    func testAnIdleLoopWithTheWatcherMakesNoWakeUps() throws {
        try site(in: dir)
        let rig = try self.rig(config: dir + "/lectern.toml", scrolled: false)
        XCTAssertEqual(rig.player.loop.wakeUps, 0)
        XCTAssertNil(rig.watch.deadline)
    }
}
