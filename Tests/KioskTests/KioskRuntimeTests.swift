import Foundation
import Raster
import Geometry
import XCTest
import Logging
import LecternLog
@testable import Kiosk

/// The running kiosk as the loop drives it, with time passed in by hand: reload is one
/// operation (parse once, then swap), a bad file changes nothing at all, a good one keeps
/// the visitor's place, and the final frame of an animation is still asked for.
final class KioskRuntimeTests: XCTestCase {
    private var dir = ""
    private var path: String { dir + "/lectern.toml" }

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "lectern-runtime-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir + "/pages", withIntermediateDirectories: true)
        let long = (1...200).map { "Paragraph \($0) of a long page that scrolls for a while." }.joined(separator: "\n\n")
        try write("# One\n\n" + long, to: dir + "/pages/one.md")
        try write("# Two\n", to: dir + "/pages/two.md")
        try write("[[page]]\ntitle = \"One\"\ncontent = \"pages/one.md\"\n[[page]]\ntitle = \"Two\"\ncontent = \"pages/two.md\"\n", to: path)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    private func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    private func runtime(_ lines: UnsafeMutablePointer<[String]>? = nil) throws -> KioskRuntime {
        let runtime = KioskRuntime(config: try ConfigLoader.load(path: path), configPath: path, log: Logger(sink: { lines?.pointee.append($0) }))
        runtime.resize(width: 320, height: 240, at: 0)
        return runtime
    }

    /// A fling under way, at `t`: a fast upward drag released at 1.0 s.
    private func fling(_ runtime: KioskRuntime) {
        for i in 0...10 { runtime.handle(i == 0 ? .down(slot: 0, x: 160, y: 200, time: 0.9 + Double(i) * 0.01)
                                                : .move(slot: 0, x: 160, y: 200 - Double(i) * 15, time: 0.9 + Double(i) * 0.01)) }
        runtime.handle(.up(slot: 0, time: 1.0))
    }

    func testAGoodReloadDuringAFlingKeepsTheScrollPositionAndAppliesTheChange() throws {
        var lines: [String] = []
        let runtime = try self.runtime(&lines)
        fling(runtime)
        XCTAssertTrue(runtime.scene!.isAnimating(at: 1.1), "a fling is under way")
        let offset = runtime.scene!.vertical.offset(at: 1.2)
        XCTAssertGreaterThan(offset, 100)
        try write("[theme]\naccent = \"#ff0000\"\n[[page]]\ntitle = \"One\"\ncontent = \"pages/one.md\"\n[[page]]\ntitle = \"Two\"\ncontent = \"pages/two.md\"\n", to: path)
        XCTAssertEqual(runtime.reload(at: 1.2), .applied(changes: ["theme"], displayChanged: false))
        XCTAssertEqual(runtime.scene!.vertical.offset(at: 1.2), offset, accuracy: 0.001)
        XCTAssertEqual(runtime.scene!.currentPage, 0)
        XCTAssertEqual(runtime.config.theme.accent, Color(red: 255, green: 0, blue: 0))
        XCTAssertTrue(lines.contains { $0.contains("applied (changed: theme)") }, "\(lines)")
    }

    func testABadReloadChangesNoPixelNorState() throws {
        var lines: [String] = []
        let runtime = try self.runtime(&lines)
        fling(runtime)
        // Three fingers: the menu fades in over the scrolled page.
        for slot in 0..<3 { runtime.handle(.down(slot: slot, x: 100 + Double(slot) * 50, y: 120, time: 2)) }
        for slot in 0..<3 { runtime.handle(.up(slot: slot, time: 2.05)) }
        let before = try Bitmap(width: 320, height: 240)
        var damage = Region()
        runtime.render(into: before.canvas, at: 3, damage: &damage)
        let offset = runtime.scene!.vertical.offset(at: 3)

        try write("[theme]\naccent = \"red\"\n", to: path)  // not a colour
        guard case .rejected = runtime.reload(at: 3) else { return XCTFail("a bad file was applied") }
        // One journal line per error (with its line and column), then what was done about it.
        XCTAssertTrue(lines.contains { $0.contains("reload: \(path):2:10: theme.accent: ") }, "\(lines)")
        XCTAssertTrue(lines.last?.contains("error(s) in \(path); keeping the previous configuration") ?? false, "\(lines)")
        XCTAssertEqual(runtime.scene!.vertical.offset(at: 3), offset)
        XCTAssertTrue(runtime.scene!.menu.isPresented)
        XCTAssertFalse(runtime.needsFrame(at: 3), "a rejected reload asked for a frame")
        let after = try Bitmap(width: 320, height: 240)
        runtime.render(into: after.canvas, at: 3, damage: &damage)
        for y in stride(from: 0, to: 240, by: 7) {
            for x in stride(from: 0, to: 320, by: 5) { XCTAssertEqual(after.canvas.pixel(x: x, y: y), before.canvas.pixel(x: x, y: y)) }
        }
    }

    func testReloadKeepsTheMenuAndFollowsThePageByItsContentFile() throws {
        let runtime = try self.runtime()
        runtime.scene!.show(page: 1, at: 1)
        for slot in 0..<3 { runtime.handle(.down(slot: slot, x: 100 + Double(slot) * 50, y: 120, time: 2)) }
        for slot in 0..<3 { runtime.handle(.up(slot: slot, time: 2.05)) }
        // Pages reordered and retitled: "Two" is now first, under another title.
        try write("[[page]]\ntitle = \"Deux\"\ncontent = \"pages/two.md\"\n[[page]]\ntitle = \"One\"\ncontent = \"pages/one.md\"\n", to: path)
        XCTAssertEqual(runtime.reload(at: 3), .applied(changes: ["pages (2 → 2)"], displayChanged: false))
        XCTAssertEqual(runtime.scene!.currentPage, 0)
        XCTAssertEqual(runtime.currentPageTitle, "Deux")
        XCTAssertTrue(runtime.scene!.menu.isPresented)
        XCTAssertFalse(runtime.scene!.menu.isAnimating(at: 3), "carried over as it was, not faded in again")
    }

    func testARotationChangeIsReportedForTheDisplayOwner() throws {
        let runtime = try self.runtime()
        try write("[display]\nrotation = 90\n[[page]]\ntitle = \"One\"\ncontent = \"pages/one.md\"\n", to: path)
        XCTAssertEqual(runtime.reload(at: 1), .applied(changes: ["rotation 0 → 90", "pages (2 → 1)"], displayChanged: true))
        XCTAssertEqual(runtime.config.display.rotation, .r90)
    }

    /// `run` shows a page with a missing picture (its alt text) and logs what `check`
    /// finds, once per assembled configuration, with file:line.
    func testContentProblemsAreLoggedOnceAtAssembly() throws {
        try write("---\nlang: tlh\n---\n# Two\n\n![A map](map.png)\n", to: dir + "/pages/two.md")
        final class Lines: @unchecked Sendable { var all: [String] = [] }
        let log = Lines()
        let runtime = KioskRuntime(config: try ConfigLoader.load(path: path), configPath: path, log: Logger(sink: { log.all.append($0) }))
        runtime.resize(width: 320, height: 240, at: 0)
        var lines: [String] { log.all }
        XCTAssertFalse(lines.contains { $0.contains("image:") }, "not before the first frame is drawn")
        let bitmap = try Bitmap(width: 320, height: 240)
        var damage = Region()
        runtime.render(into: bitmap.canvas, at: 0, damage: &damage)
        runtime.render(into: bitmap.canvas, at: 0.5, damage: &damage)
        runtime.waitForContentCheck()  // off the loop, on its own thread
        let image = lines.filter { $0.contains("\(dir)/pages/two.md:6: image:") }
        XCTAssertEqual(image.count, 1, lines.joined(separator: "\n"))
        XCTAssertTrue(image.first?.contains("map.png") ?? false)
        // A reload assembles again: the problem is still there, and said once more.
        guard case .applied = runtime.reload(at: 1) else { return XCTFail("reload") }
        runtime.render(into: bitmap.canvas, at: 1, damage: &damage)
        runtime.render(into: bitmap.canvas, at: 1.5, damage: &damage)
        runtime.waitForContentCheck()
        XCTAssertEqual(lines.filter { $0.contains("two.md:6: image:") }.count, 2, lines.joined(separator: "\n"))
        // A missing hyphenation dictionary is the machine's: said at the first assembly only.
        XCTAssertEqual(lines.filter { $0.contains("two.md: no hyphenation dictionary") }.count, 1, lines.joined(separator: "\n"))
    }

    func testWithoutAFileReloadDoesNothing() {
        let runtime = KioskRuntime(config: .builtIn, configPath: nil, log: Logger(sink: { _ in }))
        runtime.resize(width: 320, height: 200, at: 0)
        let scene = runtime.scene
        XCTAssertEqual(runtime.reload(at: 1), .noFile)
        XCTAssertTrue(runtime.scene === scene, "the kiosk was rebuilt for nothing")
    }

    func testStatusFollowsThePage() throws {
        let runtime = KioskRuntime(config: .builtIn, configPath: nil, log: Logger(sink: { _ in }))
        var statuses: [String] = []
        runtime.onStatus = { statuses.append($0) }
        runtime.resize(width: 800, height: 600, at: 0)
        XCTAssertEqual(statuses, ["showing page 1 of 3: Welcome"])
        // Three-finger tap for the menu, then tap the second item (right of the ring).
        let t = 1000.0
        for slot in 0..<3 { runtime.handle(.down(slot: slot, x: 340 + Double(slot) * 60, y: 300, time: t)) }
        for slot in 0..<3 { runtime.handle(.up(slot: slot, time: t + 0.05)) }
        let item = RingLayout(width: 800, height: 600, count: 3, scale: 1).center(of: 1)
        runtime.handle(.down(slot: 0, x: item.x, y: item.y, time: t + 0.5))
        runtime.handle(.up(slot: 0, time: t + 0.55))
        XCTAssertEqual(statuses.last, "showing page 2 of 3: 中文")
    }

    func testFramesUntilTheScreenShowsTheFinalState() throws {
        let runtime = KioskRuntime(config: .builtIn, configPath: nil, log: Logger(sink: { _ in }))
        runtime.resize(width: 320, height: 200, at: 0)
        let bitmap = try Bitmap(width: 320, height: 200)
        var damage = Region()
        XCTAssertTrue(runtime.needsFrame(at: 0), "nothing drawn yet")
        runtime.render(into: bitmap.canvas, at: 0, damage: &damage)
        XCTAssertFalse(runtime.needsFrame(at: 0.5), "at rest and on screen: no frames, no CPU")
        XCTAssertEqual(damage.bounds, bitmap.canvas.bounds)
    }
}

/// Speech mode outlives a reload (the content watcher reloads in the middle of a visit).
final class KioskRuntimeSpeechTests: XCTestCase {
    func testAReloadKeepsSpeechModeOnWithoutAnnouncingItAgain() throws {
        let dir = NSTemporaryDirectory() + "lectern-runtime-speech-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/lectern.toml"
        try Data("[[page]]\ntitle = \"One\"\ncontent = \"one.md\"\n".utf8).write(to: URL(fileURLWithPath: path))
        try Data("# One\n\nText.\n".utf8).write(to: URL(fileURLWithPath: dir + "/one.md"))
        let runtime = KioskRuntime(config: try ConfigLoader.load(path: path), configPath: path, log: Logger(sink: { _ in }))
        let output = RecordingSpeech()
        runtime.speechOutput = output
        runtime.resize(width: 320, height: 240, at: 0)
        runtime.handle(.down(slot: 0, x: 100, y: 100, time: 0.1))
        runtime.handle(.down(slot: 1, x: 200, y: 100, time: 0.1))
        runtime.deadlineReached(at: 1.7)
        runtime.handle(.up(slot: 0, time: 1.8))
        runtime.handle(.up(slot: 1, time: 1.8))
        XCTAssertEqual(runtime.scene?.speech?.isOn, true)
        let said = output.said.count
        try Data("# One\n\nOther text.\n".utf8).write(to: URL(fileURLWithPath: dir + "/one.md"))
        XCTAssertEqual(runtime.reload(at: 2), .applied(changes: [], displayChanged: false))
        XCTAssertEqual(runtime.scene?.speech?.isOn, true, "speech mode carried over")
        XCTAssertEqual(output.said.count, said, "not announced again")
        XCTAssertIdentical(runtime.scene?.speech?.output, output)
    }
}
