import Foundation
import KioskDevice
import KioskHeadless
import LecternLog
import Raster
import Logging
import XCTest
@testable import Kiosk

/// An operator edits the configuration and runs `systemctl reload`: SIGHUP and the
/// content watch see the same change. Whichever comes first validates it once, assembles
/// it at most once and reports it once; the other does nothing. Both orders, a good
/// change and a broken one, with the real inotify under the real loop (ContentWatchTests' rig).
extension ContentWatchTests {
    final class Lines: @unchecked Sendable {
        var all: [String] = []
        func count(_ text: String) -> Int { all.filter { $0.contains(text) }.count }
        /// Kiosks assembled (the runtime says "kiosk: WxH, …" for each).
        var assemblies: Int { count("kiosk: 320x240") }
    }

    private func reloadRig() throws -> (Rig, Lines) {
        try site(in: dir)
        let lines = Lines()
        let rig = try self.rig(config: dir + "/lectern.toml", scrolled: false, log: Logger(sink: { lines.all.append($0) }))
        return (rig, lines)
    }

    private func sighup(_ rig: Rig, at time: Double) { rig.player.system.sendSignal(SIGHUP, at: time) }

    func testSIGHUPBeforeTheWatchSettlesHandlesAGoodChangeOnce() throws {
        let (rig, lines) = try reloadRig()
        let reload = rig.watch.reload
        let (validations, assemblies) = (reload.validations, lines.assemblies)
        try write("[theme]\naccent = \"#aa0000\"\n" + pages, "lectern.toml")
        rig.filesChanged(at: 6)
        sighup(rig, at: 6.2)
        rig.player.step(to: 10)
        XCTAssertEqual(reload.validations - validations, 1, lines.all.joined(separator: "\n"))
        XCTAssertEqual(lines.assemblies - assemblies, 1, lines.all.joined(separator: "\n"))
        XCTAssertEqual(lines.count("applied (changed: theme)"), 1, lines.all.joined(separator: "\n"))
        XCTAssertEqual(lines.count("shown"), 1, lines.all.joined(separator: "\n"))
        XCTAssertEqual(rig.runtime.config.theme.accent, Color(hex: "#aa0000"))
        XCTAssertNil(rig.watch.lastUpdate, "the watch found the change handled: no update of its own")
    }

    func testTheWatchBeforeSIGHUPHandlesAGoodChangeOnce() throws {
        let (rig, lines) = try reloadRig()
        let reload = rig.watch.reload
        let (validations, assemblies) = (reload.validations, lines.assemblies)
        try write("[theme]\naccent = \"#aa0000\"\n" + pages, "lectern.toml")
        rig.filesChanged(at: 6)
        rig.player.step(to: 8)
        XCTAssertEqual(rig.watch.lastUpdate?.ok, true)
        let scene = rig.runtime.scene
        sighup(rig, at: 9)
        rig.player.step(to: 10)
        XCTAssertTrue(rig.runtime.scene === scene, "SIGHUP found the version handled: nothing assembled")
        XCTAssertEqual(reload.validations - validations, 1)
        XCTAssertEqual(lines.assemblies - assemblies, 1, lines.all.joined(separator: "\n"))
        XCTAssertEqual(lines.count("applied"), 1, lines.all.joined(separator: "\n"))
        XCTAssertEqual(lines.count("already handled"), 1, "SIGHUP says why it did nothing")
    }

    func testABrokenChangeIsReportedOnceWhicheverComesFirst() throws {
        for sighupFirst in [true, false] {
            setUp()
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            let (rig, lines) = try reloadRig()
            let reload = rig.watch.reload
            let (validations, assemblies) = (reload.validations, lines.assemblies)
            try write("[theme]\nbackgruond = \"#000000\"\n" + pages, "lectern.toml")
            rig.filesChanged(at: 6)
            sighup(rig, at: sighupFirst ? 6.2 : 9)
            rig.player.step(to: 10)
            let said = lines.all.joined(separator: "\n")
            XCTAssertEqual(lines.count("theme.backgruond"), 1, "SIGHUP first: \(sighupFirst)\n\(said)")
            XCTAssertEqual(lines.count("keeping the previous configuration"), 1, said)
            XCTAssertEqual(reload.validations - validations, 1, said)
            XCTAssertEqual(lines.assemblies - assemblies, 0, said)
            XCTAssertEqual(lines.all.first { $0.contains("theme.backgruond") }?.contains(sighupFirst ? "reload: " : "content update: "), true, said)
            tearDown()
        }
    }
}
