import Foundation
import XCTest
import Raster
import Touch
@testable import Kiosk

/// Web links: the QR card, read back by a real QR reader (zbarimg, Debian zbar-tools).
final class LinkCardTests: LinkTestCase {
    static let zbarimg = "/usr/bin/zbarimg"

    /// What zbarimg reads in `canvas` (written as a PNG), trailing newline dropped.
    func decodeQR(_ canvas: Canvas, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        guard FileManager.default.isExecutableFile(atPath: Self.zbarimg) else {
            XCTFail("zbarimg is missing: install zbar-tools (scripts/install-deps)", file: file, line: line)
            return ""
        }
        let path = NSTemporaryDirectory() + "lectern-card-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try PNGEncoder.write(canvas: canvas, to: path)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.zbarimg)
        process.arguments = ["--raw", "-q", path]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var text = String(decoding: data, as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    func testTapOnWebLinkShowsCardWhoseCodeReadsAsTheAddress() throws {
        let (assembly, player) = try makePlayer(try linkConfig())
        let scene = assembly.scene
        let link = try center(of: Self.webAddress, in: assembly)
        let run = try ScriptRun("0.5 tap 1 \(link.x) \(link.y)\n1.5 wait", on: player)
        run.play(until: 0.6)
        XCTAssertTrue(scene.links.card.isPresented)
        XCTAssertTrue(scene.isAnimating(at: 0.6), "fading in")
        XCTAssertEqual(scene.links.card.link, WebLink(address: Self.webAddress, text: "the web"))
        run.play()
        XCTAssertFalse(scene.isAnimating(at: 1.5))
        XCTAssertEqual(try decodeQR(player.canvas), Self.webAddress)
        XCTAssertEqual(scene.currentPage, 0, "the page stays beneath")
        XCTAssertFalse(scene.links.history.canGoBack, "a card is not a place")
        // The page is dimmed around the card, and the card is white.
        let theme = assembly.config.theme
        let card = LinkCardLayout(width: Double(width), height: Double(height), scale: scene.scale)
        assertColor(player.canvas, 3, 3, theme.overlay.mixed(over: theme.background, alpha: LinkCardRenderer.scrimAlpha))
        assertColor(player.canvas, card.card.x + card.card.width / 2, card.card.y + 3, .white, tolerance: 0)
        // The link's text and the address are drawn in their boxes.
        func inked(_ box: IntRect) -> Int {
            var n = 0
            for y in box.minY..<box.maxY { for x in box.minX..<box.maxX where player.canvas.color(x: x, y: y) != .white { n += 1 } }
            return n
        }
        XCTAssertGreaterThan(inked(card.title), 100)
        XCTAssertGreaterThan(inked(card.address), 100)
    }

    func testCodeIsCrispWholeModulesWithItsQuietZone() throws {
        let (assembly, player) = try makePlayer(try linkConfig())
        let link = try center(of: Self.webAddress, in: assembly)
        try play("0.5 tap 1 \(link.x) \(link.y)\n1.5 wait", on: player)
        let layout = LinkCardLayout(width: Double(width), height: Double(height), scale: assembly.scene.scale)
        let code = try XCTUnwrap(QRCode(Self.webAddress))
        let (module, square) = layout.codePlacement(modules: code.sizeWithQuietZone)
        XCTAssertGreaterThanOrEqual(module, 3)
        // Only pure black and white inside the code's square: no blending, no scaling.
        for y in square.minY..<square.maxY {
            for x in square.minX..<square.maxX {
                let c = try XCTUnwrap(player.canvas.color(x: x, y: y))
                guard c == .white || c == .black else { return XCTFail("(\(x),\(y)) is \(c)") }
            }
        }
        // Every module is a module-sized square of one colour, matching the symbol; the quiet zone is white.
        for my in 0..<code.sizeWithQuietZone {
            for mx in 0..<code.sizeWithQuietZone {
                let qx = mx - QRCode.quietZone, qy = my - QRCode.quietZone
                let dark = (0..<code.size).contains(qx) && (0..<code.size).contains(qy) && code.isDark(x: qx, y: qy)
                let x = square.x + mx * module, y = square.y + my * module
                XCTAssertEqual(player.canvas.color(x: x, y: y), dark ? .black : .white)
                XCTAssertEqual(player.canvas.color(x: x + module - 1, y: y + module - 1), dark ? .black : .white)
            }
        }
    }

    func testTapOutsideTheCardDismissesItAndInsideDoesNot() throws {
        let (assembly, player) = try makePlayer(try linkConfig())
        let scene = assembly.scene
        let link = try center(of: Self.webAddress, in: assembly)
        let card = LinkCardLayout(width: Double(width), height: Double(height), scale: scene.scale).card
        try play("""
        0.5 tap 1 \(link.x) \(link.y)
        1.5 tap 1 \(card.x + card.width / 2) \(card.y + card.height / 2)
        2.5 wait
        """, on: player)
        XCTAssertTrue(scene.links.card.isPresented, "a tap on the card keeps it")
        try play("""
        2.6 drag 0 400 500 400 100 0.2
        3.5 tap 1 10 10
        4.5 wait
        """, on: player)
        XCTAssertEqual(scene.vertical.offset(at: 3.5), 0, "the page does not scroll under the card")
        XCTAssertFalse(scene.links.card.isPresented)
        XCTAssertFalse(scene.isAnimating(at: 4.5))
        assertColor(player.canvas, 3, 3, assembly.config.theme.background, tolerance: 0)
        XCTAssertEqual(scene.currentPage, 0)
    }

    func testThreeFingerTapOverTheCardShowsTheMenuInstead() throws {
        let (assembly, player) = try makePlayer(try linkConfig())
        let scene = assembly.scene
        let theme = assembly.config.theme
        let link = try center(of: Self.webAddress, in: assembly)
        // Frames every 1/60 s through both fades, as the device would draw them.
        let script = "0.5 tap 1 \(link.x) \(link.y)\n0.65 tap 3 400 300\n1.5 wait"
        let events = try GestureScript.parse(script).events
        var index = 0
        for frame in 0...90 { player.play(events, from: &index, until: Double(frame) / 60) }
        XCTAssertFalse(scene.links.card.isPresented)
        XCTAssertTrue(scene.menu.isPresented)
        assertColor(player.canvas, 3, 3, theme.overlay.mixed(over: theme.background, alpha: theme.overlayAlpha))
    }

    func testQRCodeSizesAndLimits() throws {
        XCTAssertEqual(QRCode("tel:+4930123")?.size, 21, "version 1 holds 14 bytes at level M")
        XCTAssertEqual(QRCode("tel:+4930123456")?.size, 25, "15 bytes need version 2")
        let long = "https://example.com/" + String(repeating: "a", count: 500)
        let code = try XCTUnwrap(QRCode(long))
        XCTAssertEqual((code.size - 17) % 4, 0)
        XCTAssertGreaterThan(code.size, 21)
        XCTAssertNil(QRCode(String(repeating: "x", count: 4000)), "beyond version 40")
        XCTAssertNil(QRCode(""))
    }
}
