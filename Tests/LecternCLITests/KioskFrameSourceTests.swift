import XCTest
import Kiosk
import Platform
import Raster
@testable import lectern

/// The kiosk as the device loop drives it: reload keeps the last good configuration,
/// and the final frame of an animation is still asked for.
final class KioskFrameSourceTests: XCTestCase {
    private func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    func testReloadAppliesAGoodConfigAndKeepsTheLastGoodOne() throws {
        let dir = NSTemporaryDirectory() + "lectern-reload-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir + "/pages", withIntermediateDirectories: true)
        try write("# One\n", to: dir + "/pages/one.md")
        try write("# Two\n", to: dir + "/pages/two.md")
        let path = dir + "/lectern.toml"
        try write("[[page]]\ntitle = \"One\"\ncontent = \"pages/one.md\"\n", to: path)
        var lines: [String] = []
        let source = KioskFrameSource(config: try ConfigLoader.load(path: path), configPath: path, log: PlatformLog { lines.append($0) })
        source.resize(width: 320, height: 200)
        XCTAssertEqual(source.currentPageTitle, "One")

        try write("[[page]]\ntitle = \"Two\"\ncontent = \"pages/two.md\"\n[[page]]\ncontent = \"pages/one.md\"\n", to: path)
        source.reload()
        XCTAssertEqual(source.config.pages.map(\.title), ["Two", "one"])
        XCTAssertEqual(source.currentPageTitle, "Two")

        try write("[theme]\naccent = \"red\"\n", to: path)
        source.reload()
        XCTAssertEqual(source.config.pages.map(\.title), ["Two", "one"], "a bad file keeps the running configuration")
        // One journal line per error (with its line and column), then what was done about it.
        XCTAssertTrue(lines.contains { $0.contains("reload: \(path):2:10: theme.accent: ") }, "\(lines)")
        XCTAssertTrue(lines.contains { $0.contains("reload: \(path): page: no pages") }, "\(lines)")
        XCTAssertTrue(lines.last?.contains("2 error(s) in \(path); keeping the previous configuration") ?? false, "\(lines)")
    }

    func testStatusFollowsThePage() throws {
        let source = KioskFrameSource(config: .builtIn, configPath: nil, log: PlatformLog { _ in })
        var statuses: [String] = []
        source.onStatus = { statuses.append($0) }
        source.resize(width: 800, height: 600)
        XCTAssertEqual(statuses, ["showing page 1 of 3: Welcome"])
        // Three-finger tap for the menu, then tap the second item (right of the ring).
        let t = 1000.0
        for slot in 0..<3 { source.handle(.down(slot: slot, x: 340 + Double(slot) * 60, y: 300, time: t)) }
        for slot in 0..<3 { source.handle(.up(slot: slot, time: t + 0.05)) }
        let ring = RingLayout(width: 800, height: 600, count: 3, scale: 1)
        let item = ring.center(of: 1)
        source.handle(.down(slot: 0, x: item.x, y: item.y, time: t + 0.5))
        source.handle(.up(slot: 0, time: t + 0.55))
        XCTAssertEqual(statuses.last, "showing page 2 of 3: 中文")
    }

    func testFramesUntilTheScreenShowsTheFinalState() throws {
        let source = KioskFrameSource(config: .builtIn, configPath: nil, log: PlatformLog { _ in })
        source.resize(width: 320, height: 200)
        let bitmap = try Bitmap(width: 320, height: 200)
        var damage = Region()
        XCTAssertTrue(source.needsFrame(at: 0), "nothing drawn yet")
        source.render(into: bitmap.canvas, at: 0, damage: &damage)
        XCTAssertFalse(source.needsFrame(at: 0.5), "at rest and on screen: no frames, no CPU")
        XCTAssertEqual(damage.bounds, bitmap.canvas.bounds)
    }
}
