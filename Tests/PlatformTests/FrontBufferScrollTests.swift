import LecternLog
import Logging
import LoopCore
@testable import Display
import PlatformEmbedded
import Raster
import Touch
import XCTest

/// A scroll frame whose new rows lie outside what the buffer on screen shows is written
/// into that buffer and shown from it at the moved window: each strip is copied once, not
/// into both buffers. Frames that touch the rows on screen still go to the other buffer,
/// which then catches up on every strip it missed.
final class FrontBufferScrollTests: XCTestCase {
    var lines: [String] = []
    let w = 16, h = 16

    private func makeDisplay(driver: String, atomic: Bool) throws -> (KMSDisplay, MemoryKMSDevice) {
        try startedFakeDisplay(driver: driver, width: w, height: h, atomic: atomic) { [unowned self] in lines.append($0) }
    }

    /// Shadow row y (of the whole tall shadow) in its own colour.
    private func colour(_ y: Int) -> Color { Color(argb: 0xFF00_0000 | UInt32(0x0801 * (y + 1))) }

    private func drawRows(_ display: KMSDisplay, _ rows: Range<Int>) throws {
        drawRows(try XCTUnwrap(display.canvas), top: display.windowTop, rows)
    }

    /// Rows of a window whose first shadow row is `top`.
    private func drawRows(_ window: Canvas, top: Int, _ rows: Range<Int>) {
        for y in rows { window.fill(IntRect(x: 0, y: y, width: w, height: 1), color: colour(top + y)) }
    }

    /// The window the display offers for a scroll of `dy`, the picture moved into it.
    private func offeredPan(_ display: KMSDisplay, by dy: Int) throws -> WindowPan {
        let pan = try XCTUnwrap(display.panWindow(by: dy))
        pan.recentre()
        return pan
    }

    /// The screen shows the shadow's window, pixel for pixel.
    private func expectScreenIsShadow(_ display: KMSDisplay, _ device: MemoryKMSDevice, _ what: String) throws {
        let canvas = try XCTUnwrap(display.canvas)
        for y in 0..<h {
            XCTAssertEqual(device.screenPixel(x: 3, y: y), canvas.pixel(x: 3, y: y), "\(what): row \(y)")
        }
    }

    private func scroll(_ display: KMSDisplay, _ device: MemoryKMSDevice, by dy: Int) throws {
        let pan = try offeredPan(display, by: dy)
        drawRows(pan.window, top: pan.top, dy < 0 ? h + dy..<h : 0..<dy)
        let strip = Region(IntRect(x: 0, y: dy < 0 ? h + dy : 0, width: w, height: abs(dy)))
        XCTAssertNotEqual(try display.present(ComposedFrame(damage: strip, scanout: .pan(pan))), .skipped)
        _ = try display.handleReadable()
    }

    func testScrollStripsGoIntoTheBufferOnScreenAndTheOtherCatchesUp() throws {
        for (driver, atomic) in [("bochs-drm", false), ("bochs-drm", true), ("virtio_gpu", true)] {
            let (display, device) = try makeDisplay(driver: driver, atomic: atomic)
            try drawRows(display, 0..<h)
            XCTAssertEqual(try display.present(Region(IntRect(x: 0, y: 0, width: w, height: h))), .shown)
            // Two scrolls up by a row and one back: each strip outside the rows on screen.
            try scroll(display, device, by: -1)
            try expectScreenIsShadow(display, device, "\(driver) atomic \(atomic): one row up")
            try scroll(display, device, by: -1)
            try scroll(display, device, by: 1)
            try expectScreenIsShadow(display, device, "\(driver) atomic \(atomic): back a row")
            XCTAssertEqual(display.counts.frontPans, 3, "\(driver) atomic \(atomic): every strip shown again from the buffer on screen")
            // A change inside the rows on screen: the other buffer, which missed all three
            // strips, shows it.
            let canvas = try XCTUnwrap(display.canvas)
            canvas.fill(IntRect(x: 0, y: 3, width: w, height: 1), color: Color(argb: 0xFF12_3456))
            XCTAssertNotEqual(try display.present(Region(IntRect(x: 0, y: 3, width: w, height: 1))), .skipped)
            _ = try display.handleReadable()
            XCTAssertEqual(display.counts.frontPans, 3, "\(driver) atomic \(atomic): not into the rows on screen")
            if driver == "virtio_gpu" {
                // The catch-up copies only the strips' rows now in the window (the commit's
                // damage is in buffer rows): the strips that scrolled out are not copied.
                let damage = try XCTUnwrap(device.calls.last?.components(separatedBy: "damage ").last)
                for rect in damage.split(separator: ",") {
                    let parts = rect.split(whereSeparator: { $0 == "x" || $0 == "+" }).compactMap { Int($0) }
                    XCTAssertTrue(parts.count == 4 && parts[3] >= display.windowTop && parts[3] + parts[1] <= display.windowTop + h,
                                  "\(rect) outside the window's rows from \(display.windowTop): \(damage)")
                }
            }
            try expectScreenIsShadow(display, device, "\(driver) atomic \(atomic): the other buffer caught up")
            try scroll(display, device, by: -1)
            try expectScreenIsShadow(display, device, "\(driver) atomic \(atomic): and scrolls on")
            XCTAssertEqual(display.counts.frontPans, 4)
            // A scroll that also changes a row the panel shows now (the dots, a pressed
            // link moving with it): the other buffer.
            let moved = try offeredPan(display, by: -1)
            drawRows(moved.window, top: moved.top, h - 1..<h)
            moved.window.fill(IntRect(x: 0, y: 2, width: w, height: 1), color: Color(argb: 0xFF65_4321))
            var damage = Region(IntRect(x: 0, y: h - 1, width: w, height: 1))
            damage.add(IntRect(x: 0, y: 2, width: w, height: 1))
            XCTAssertNotEqual(try display.present(ComposedFrame(damage: damage, scanout: .pan(moved))), .skipped)
            _ = try display.handleReadable()
            XCTAssertEqual(display.counts.frontPans, 4, "\(driver) atomic \(atomic): a scroll touching rows on screen")
            try expectScreenIsShadow(display, device, "\(driver) atomic \(atomic): a scroll with a change on screen")
            XCTAssertEqual(device.removedWhileOnScreen, [], "\(driver) atomic \(atomic): no framebuffer removed while shown")
            display.shutdown()
            XCTAssertTrue(lines.contains { $0.contains("shown again from the buffer on screen") }, "\(lines)")
        }
    }

    /// `[display] scroll_front = false`: every frame from the other buffer.
    func testScrollFrontOffShowsEveryFrameFromTheOtherBuffer() throws {
        let (display, device) = try makeDisplay(driver: "bochs-drm", atomic: true)
        display.tuning.scrollFront = false
        try drawRows(display, 0..<h)
        _ = try display.present(Region(IntRect(x: 0, y: 0, width: w, height: h)))
        try scroll(display, device, by: -1)
        try scroll(display, device, by: -1)
        XCTAssertEqual(display.counts.frontPans, 0)
        try expectScreenIsShadow(display, device, "from the other buffer")
    }

    /// A frame shown again from the buffer on screen whose flip fails (EBUSY): the
    /// framebuffer made for it goes, and the one the panel still scans out stays until a
    /// flip away from it completes.
    func testAFailedShowAgainKeepsTheFramebufferOnScreen() throws {
        let (display, device) = try makeDisplay(driver: "bochs-drm", atomic: false)
        try drawRows(display, 0..<h)
        _ = try display.present(Region(IntRect(x: 0, y: 0, width: w, height: h)))
        try scroll(display, device, by: -1)
        let pan = try offeredPan(display, by: -1)
        drawRows(pan.window, top: pan.top, h - 1..<h)
        device.flipError = Errno(16 /* EBUSY */)
        XCTAssertEqual(try display.present(ComposedFrame(damage: Region(IntRect(x: 0, y: h - 1, width: w, height: 1)), scanout: .pan(pan))), .skipped)
        device.flipError = nil
        try scroll(display, device, by: -1)
        try scroll(display, device, by: -1)
        XCTAssertEqual(device.removedWhileOnScreen, [], "no framebuffer removed while the panel scanned it out")
        try expectScreenIsShadow(display, device, "after the failed flip")
        XCTAssertLessThanOrEqual(device.offsetFramebuffers.count, 3, "the one made for the failed flip went")
    }
}
