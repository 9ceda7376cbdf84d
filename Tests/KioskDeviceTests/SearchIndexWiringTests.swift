import Foundation
import Kiosk
import KioskDevice
import KioskHeadless
import XCTest

/// The search index through the composition root: built off the loop once the first
/// frame is on screen, taken by the loop when its worker wakes it, kept on disk per
/// content version, and built again after a reload changes the content.
final class SearchIndexWiringTests: XCTestCase {
    private var dir = ""

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "lectern-search-wiring-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    private func write(_ text: String, _ name: String) throws -> String {
        let path = dir + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func testTheIndexIsBuiltAfterTheFirstFrameAndKeptByVersion() throws {
        let config = try write("[[page]]\ntitle = \"Staff\"\ncontent = \"staff.md\"\n[[page]]\ntitle = \"Café\"\ncontent = \"cafe.md\"\n", "lectern.toml")
        _ = try write("# Staff\n\nDr. Anna Müller, room 214.\n", "staff.md")
        _ = try write("# Café\n\nCoffee and cake from eight.\n", "cafe.md")
        let cache = dir + "/cache"
        let environment = KioskEnvironment(searchIndex: .directory(cache))
        let player = try HeadlessPlayer(config: try ConfigLoader.load(path: config), configPath: config, width: 320, height: 240,
                                        environment: environment)
        XCTAssertEqual(player.runtime.search.search("muller"), .unavailable, "nothing is built before the first frame")
        XCTAssertFalse(player.runtime.search.isBuilding)
        player.step(to: 0)
        XCTAssertNotNil(player.shownTime, "the first frame is on screen")
        player.waitForBackgroundWork()
        guard case let .results(results) = player.runtime.search.search("muller") else { return XCTFail("no index") }
        XCTAssertEqual(results.map(\.title), ["Staff"])
        let files = try FileManager.default.contentsOfDirectory(atPath: cache)
        XCTAssertEqual(files.count, 1)
        XCTAssertTrue(files[0].hasPrefix("search-") && files[0].hasSuffix(".sqlite"), files[0])

        // New content and a reload: the index follows it, in a file of the new version.
        _ = try write("# Staff\n\nDr. Jonas Weiß, room 215.\n", "staff.md")
        player.system.sendSignal(SIGHUP, at: player.time + 0.1)
        player.step(to: player.time + 0.2)
        player.waitForBackgroundWork()
        guard case let .results(after) = player.runtime.search.search("jonas") else { return XCTFail("no index") }
        XCTAssertEqual(after.map(\.title), ["Staff"])
        XCTAssertEqual(player.runtime.search.search("muller"), .results([]))
        let newFiles = try FileManager.default.contentsOfDirectory(atPath: cache)
        XCTAssertEqual(newFiles.count, 1)
        XCTAssertNotEqual(newFiles, files, "the old version's file is gone")
    }

    func testWithoutAPlaceNoIndexIsBuilt() throws {
        let player = try HeadlessPlayer(config: .builtIn, width: 320, height: 240)
        player.step(to: 0)
        player.waitForBackgroundWork()
        XCTAssertEqual(player.runtime.search.search("menu"), .unavailable)
    }
}
