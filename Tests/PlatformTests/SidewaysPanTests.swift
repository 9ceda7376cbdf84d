import LecternLog
import Logging
import LoopCore
@testable import Display
import PlatformEmbedded
import Raster
import Touch
import XCTest

/// A sideways pull shown by moving the scan-out window into room right of the page:
/// what the screen shows at each step, which calls move it on each driver, and that a
/// strip written over the page's own columns is taken back out of that buffer later.
final class SidewaysPanTests: XCTestCase {
    var lines: [String] = []
    let w = 64, h = 4

    private func makeDisplay(driver: String, atomic: Bool = false) throws -> (KMSDisplay, MemoryKMSDevice) {
        let (display, device) = try startedFakeDisplay(driver: driver, width: w, height: h, atomic: atomic) { [unowned self] in
            lines.append($0)
        }
        // The page: each column its own colour, in the shadow's rows the window shows.
        let canvas = try XCTUnwrap(display.canvas)
        for x in 0..<w { canvas.fill(IntRect(x: x, y: 0, width: 1, height: h), color: Color(argb: 0xFF00_0000 | UInt32(x))) }
        // Both buffers get the page (the second frame's damage is its whole window too).
        XCTAssertEqual(try display.present(Region(canvas.bounds)), .shown)
        _ = try display.present(Region(canvas.bounds))
        _ = try display.handleReadable()
        return (display, device)
    }

    private func screenRow(_ device: MemoryKMSDevice) -> [UInt32] {
        (0..<w).map { (device.screenPixel(x: $0, y: 1) ?? 0xDEAD) & 0xFF_FFFF }
    }

    private let red: UInt32 = 0xFF_0000

    /// One pull frame: the window `shift` right, `strip` (screen columns from `stripX`) red.
    private func pullFrame(_ display: KMSDisplay, shift: Int, stripX: Int) throws {
        let strip = IntRect(x: stripX, y: 0, width: w - stripX, height: h)
        XCTAssertTrue(display.canPanSideways(to: shift), "room for \(shift)")
        let red = try Bitmap(width: strip.width, height: h)
        red.canvas.fill(red.canvas.bounds, color: Color(argb: 0xFFFF_0000))
        let frame = ComposedFrame(damage: Region(IntRect(x: 0, y: 0, width: w, height: h)),
                                  scanout: .sideways(ComposedFrame.SidewaysPull(shift: shift, strip: strip, pixels: red.canvas)))
        XCTAssertNotEqual(try display.present(frame), .skipped)
        _ = try display.handleReadable()
    }

    private func expectPulled(_ device: MemoryKMSDevice, shift: Int, stripX: Int, _ what: String) {
        let expected = (0..<w).map { $0 < stripX ? UInt32($0 + shift) : red }
        XCTAssertEqual(screenRow(device), expected, what)
    }

    func testTheWindowMovesSidewaysAndTheStripIsTakenBackOut() throws {
        for (driver, atomic) in [("bochs-drm", false), ("bochs-drm", true), ("virtio_gpu", true)] {
            lines = []
            let (display, device) = try makeDisplay(driver: driver, atomic: atomic)
            XCTAssertTrue(lines[0].contains("side room 16"), lines[0])
            XCTAssertEqual(device.buffersByHandle.values.first?.width, w + 16, "buffers a quarter wider")
            XCTAssertEqual(screenRow(device), (0..<w).map { UInt32($0) }, "\(driver): the page at rest")
            // 8 px pulled: the screen shows page columns 8… and the strip beyond the edge.
            try pullFrame(display, shift: 8, stripX: w - 8)
            expectPulled(device, shift: 8, stripX: w - 8, "\(driver): 8 px pulled")
            // 12 px, the strip reaching 6 columns over the page's own (a decoration left
            // of the edge): those columns of this buffer now hold red, not the page.
            try pullFrame(display, shift: 12, stripX: w - 18)
            expectPulled(device, shift: 12, stripX: w - 18, "\(driver): 12 px pulled")
            try pullFrame(display, shift: 4, stripX: w - 4)
            expectPulled(device, shift: 4, stripX: w - 4, "\(driver): 4 px pulled, the other buffer")
            // Back at rest, on the buffer the wide strip went into: the page again.
            XCTAssertTrue(display.canPanSideways(to: 0))
            let rest = ComposedFrame(damage: Region(IntRect(x: 0, y: 0, width: w, height: h)),
                                     scanout: .sideways(ComposedFrame.SidewaysPull(shift: 0, strip: .zero, pixels: nil)))
            XCTAssertNotEqual(try display.present(rest), .skipped)
            _ = try display.handleReadable()
            XCTAssertEqual(screenRow(device), (0..<w).map { UInt32($0) }, "\(driver): back at rest, the strip taken out")
            // And a plain frame after it on the other buffer: the page too.
            XCTAssertNotEqual(try display.present(Region(IntRect(x: 0, y: 0, width: 1, height: 1))), .skipped)
            XCTAssertEqual(screenRow(device), (0..<w).map { UInt32($0) }, "\(driver): the other buffer at rest")
            XCTAssertEqual(display.counts.sidewaysPans, 4)
            XCTAssertFalse(display.canPanSideways(to: 17), "\(driver): no room past 16 columns")
        }
    }

    /// The calls that move the window: an offset framebuffer `columns` in on bochs, the
    /// plane's SRC_X on virtio-gpu (atomic only: a legacy SetCrtc per frame is a modeset).
    func testEachDriverMovesTheWindowItsWay() throws {
        let (bochs, bochsDevice) = try makeDisplay(driver: "bochs-drm")
        try pullFrame(bochs, shift: 8, stripX: w - 8)
        XCTAssertTrue(bochsDevice.calls.contains { $0.hasPrefix("addFB") && $0.hasSuffix("columns 8") }, "\(bochsDevice.calls)")
        let (virtio, virtioDevice) = try makeDisplay(driver: "virtio_gpu", atomic: true)
        try pullFrame(virtio, shift: 8, stripX: w - 8)
        XCTAssertEqual(virtioDevice.calls.last, "atomic 31 fb 1101 srcX 8 srcY 1 64x4 damage 72x4+0+1",
                       "the window's column as SRC_X; this buffer lacked the second page frame too")
        try pullFrame(virtio, shift: 10, stripX: w - 10)
        XCTAssertEqual(virtioDevice.calls.last, "atomic 31 fb 1102 srcX 10 srcY 1 64x4 damage 10x4+64+1", "only the strip flushed")
        let (legacy, _) = try makeDisplay(driver: "virtio_gpu", atomic: false)
        XCTAssertFalse(legacy.canPanSideways(to: 8))
        let (copying, _) = try makeDisplay(driver: "vc4")
        XCTAssertFalse(copying.canPanSideways(to: 8))
        XCTAssertTrue(lines.contains { $0.contains("side room 0") }, "a driver not known to pan has no room")
    }

    /// Where the wider buffers cannot be had, the display keeps screen-wide ones and pulls
    /// rewrite the screen.
    func testNoRoomWhereTheWiderBuffersFail() throws {
        let (display, _) = try startedFakeDisplay(driver: "bochs-drm", width: w, height: h,
                                                  configure: { $0.refuseBuffersWiderThan = self.w }) { [unowned self] in
            lines.append($0)
        }
        XCTAssertTrue(lines.contains { $0.contains("cannot allocate buffers 16 columns wider") }, "\(lines)")
        XCTAssertTrue(display.canPan, "still scrolls by offset")
        XCTAssertEqual(try display.present(Region()), .shown)
        XCTAssertFalse(display.canPanSideways(to: 8))
    }

    /// A driver that fails to show a frame for want of scan-out memory (bochs: ENOMEM
    /// from the flip that pins both buffers): the display steps down to buffers without
    /// the side room, then to screen-sized ones, shows the frame each time, and keeps the
    /// shadow's picture.
    func testShortScanoutMemoryStepsDownAndShowsTheFrame() throws {
        let pitchPad = 64
        let tallBytes = (w * 4 + pitchPad) * 6, wideTallBytes = ((w + 16) * 4 + pitchPad) * 6, screenBytes = (w * 4 + pitchPad) * h
        for (memory, sideways, pans) in [(2 * wideTallBytes, true, true), (2 * tallBytes, false, true), (2 * screenBytes, false, false)] {
            lines = []
            let (display, device) = try startedFakeDisplay(driver: "bochs-drm", width: w, height: h,
                                                           configure: { $0.scanoutMemory = memory }) { [unowned self] in
                lines.append($0)
            }
            let canvas = try XCTUnwrap(display.canvas)
            for x in 0..<w { canvas.fill(IntRect(x: x, y: 0, width: 1, height: h), color: Color(argb: 0xFF00_0000 | UInt32(x))) }
            // Each step down asks for everything to be drawn again (what went straight into
            // the old buffers is gone); the shadow still holds the page.
            var outcome = try display.present(Region(canvas.bounds))
            for _ in 0..<2 where outcome == .redrawOwed { outcome = try display.present(Region(canvas.bounds)) }
            XCTAssertEqual(outcome, .shown, "\(memory) bytes")
            XCTAssertEqual(screenRow(device), (0..<w).map { UInt32($0) }, "\(memory) bytes: the page shown")
            XCTAssertEqual(display.canPanSideways(to: 8), sideways,
                           "\(memory) bytes: \(lines)")
            XCTAssertEqual(display.scansOutWindow, pans, "\(memory) bytes: \(lines)")
            XCTAssertEqual(lines.filter { $0.contains("scan-out memory short") }.count, sideways ? 0 : pans ? 1 : 2, "\(lines)")
        }
    }
}
