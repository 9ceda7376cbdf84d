import KioskHeadless
import Raster
import Touch
import XCTest
@testable import Kiosk

/// A table wider than the reading column is shown through a window and panned by a
/// horizontal drag inside it (the options table of a command-line reference, as Docker's
/// documentation writes them); a drag beside it still pulls the page.
final class WideTablePanTests: XCTestCase {
    let width = 480, height = 400

    private func makePlayer() throws -> (KioskAssembly, HeadlessPlayer) {
        let rows = [
            "| Option | Type | Default | Environment |", "| --- | --- | --- | --- |",
            "| `--cgroup-parent` | `string` | `\"\"` | `DOCKER_CGROUP_PARENT` |",
            "| `--security-opt` | `list` | `[]` | `DOCKER_SECURITY_OPTIONS` |",
            "| `--storage-opt` | `list` | `[]` | `DOCKER_STORAGE_OPTIONS` |",
        ]
        let markdown = "# Options\n\n" + rows.joined(separator: "\n") + "\n\nText after the table.\n"
        var config = KioskConfig.builtIn
        config.pages = [KioskConfig.Page(title: "Options", source: .builtIn(markdown: markdown))] + config.pages
        let assembly = try KioskAssembly(config: config, width: width, height: height)
        return (assembly, try assembly.player())
    }

    /// Where the first wide table's window is on screen.
    private func tableWindow(_ assembly: KioskAssembly) throws -> IntRect {
        let layout = assembly.content.pageLayout(page: 0, width: assembly.scene.textWidth)
        let table = try XCTUnwrap(layout.wideTables.first, "the table is wider than the column")
        XCTAssertGreaterThan(table.maxOffset, 20)
        let origin = assembly.scene.pageOrigin(at: 0)
        return table.window.offsetBy(dx: origin.x, dy: origin.y)
    }

    func testAHorizontalDragInsideAWideTablePansItAndNotThePage() throws {
        let (assembly, player) = try makePlayer()
        player.render(at: 0)
        let window = try tableWindow(assembly)
        let before = try Bitmap(width: width, height: height)
        before.canvas.blit(player.canvas, from: player.canvas.bounds, toX: 0, y: 0)
        let y = Double(window.y + window.height / 2), x0 = Double(window.maxX - 10)
        var t = 0.1, x = x0
        player.feed([.down(slot: 0, x: x, y: y, time: t)])
        for _ in 0..<10 { t += 1.0 / 60; x -= 12; player.feed([.move(slot: 0, x: x, y: y, time: t)]) }
        t += 0.1
        player.feed([.up(slot: 0, time: t)])
        player.render(at: t + 1)
        let offset = assembly.scene.tablePans.offsets(page: 0).first ?? 0
        XCTAssertGreaterThan(offset, 60, "the table moved with the finger")
        XCTAssertEqual(assembly.scene.horizontal.offset(at: player.time), 0, "the page was not pulled")
        XCTAssertFalse(assembly.scene.menu.isPresented)
        var inside = 0, outside = 0
        for py in 0..<height {
            for px in 0..<width where player.canvas.pixel(x: px, y: py)! & 0xFFFFFF != before.canvas.pixel(x: px, y: py)! & 0xFFFFFF {
                if window.insetBy(dx: -2, dy: -2).contains(x: px, y: py) { inside += 1 } else { outside += 1 }
            }
        }
        XCTAssertGreaterThan(inside, 200, "the table's columns moved in its window")
        XCTAssertEqual(outside, 0, "nothing outside the table's window changed")
        // Idle home puts the table back.
        assembly.scene.goHome(at: player.time)
        XCTAssertEqual(assembly.scene.tablePans.offsets(page: 0).first ?? 0, 0)
    }

    func testADragBesideTheTableStillPullsThePage() throws {
        let (assembly, player) = try makePlayer()
        player.render(at: 0)
        let window = try tableWindow(assembly)
        let y = Double(min(height - 20, window.maxY + 60))
        var t = 0.1, x = 440.0
        player.feed([.down(slot: 0, x: x, y: y, time: t)])
        for _ in 0..<6 { t += 1.0 / 60; x -= 15; player.feed([.move(slot: 0, x: x, y: y, time: t)]) }
        player.render(at: t)
        XCTAssertGreaterThan(assembly.scene.horizontal.offset(at: player.time), 10, "the page is pulled")
        XCTAssertTrue(assembly.scene.tablePans.offsets(page: 0).allSatisfy { $0 == 0 })
    }
}

extension WideTablePanTests {
    /// A right-to-left table starts at its right edge: a finger moving right pans it
    /// towards its end (its left), within the same 0…max offsets.
    func testARightToLeftTablePansTheOtherWay() {
        var pans = WideTablePans()
        pans.begin(page: 0, table: 0, maxOffset: 300, rightToLeft: true)
        XCTAssertTrue(pans.drag(dx: 120))
        XCTAssertEqual(pans.offsets(page: 0), [120])
        XCTAssertTrue(pans.drag(dx: -40), "the finger back left of where it landed: at the start")
        XCTAssertEqual(pans.offsets(page: 0), [0])
        XCTAssertFalse(pans.drag(dx: -90), "no further than the start")
        pans.end()
        pans.begin(page: 0, table: 1, maxOffset: 300)
        XCTAssertTrue(pans.drag(dx: -120))
        XCTAssertEqual(pans.offsets(page: 0), [0, 120])
    }
}
