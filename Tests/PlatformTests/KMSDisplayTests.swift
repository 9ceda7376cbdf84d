import LecternLog
import Logging
import Geometry
import XCTest
import Raster
@testable import Display
import PlatformEmbedded
import Platform

final class KMSDisplayTests: XCTestCase {
    let mode = DisplayMode(width: 8, height: 4, refresh: 60, preferred: true)
    var lines: [String] = []

    func makeDisplay(rotation: Rotation = .r0, connected: Bool = true) throws -> (KMSDisplay, MemoryKMSDevice) {
        let device = MemoryKMSDevice.recordingCard(connectors: [connector(5, "Virtual-1", connected: connected, modes: [mode])])
        let display = KMSDisplay(device: device, rotation: rotation, log: Logger { [unowned self] in lines.append($0) })
        return (display, device)
    }

    func testStartChoosesSavesAndLogsOneLine() throws {
        let (display, device) = try makeDisplay()
        XCTAssertTrue(try display.start())
        XCTAssertEqual(device.calls, ["saveCRTC 31", "create 8x4", "create 8x4"])
        XCTAssertEqual(lines.count, 1)
        XCTAssertTrue(lines[0].contains("connector Virtual-1 (id 5), mode 8x4@60, crtc 31"), lines[0])
        XCTAssertEqual(display.canvas?.width, 8)
    }

    /// The present state walks modeset → showing → flip pending → showing, and back
    /// to "modeset owed" whenever our picture may be gone (VT switch).
    func testScanoutStateIsExplicit() throws {
        let (display, _) = try makeDisplay()
        try display.start()
        XCTAssertEqual(display.scanoutState, .modesetOwed)
        XCTAssertEqual(try display.present(Region()), .shown)
        XCTAssertEqual(display.scanoutState, .showing)
        XCTAssertEqual(try display.present(Region(IntRect(x: 0, y: 0, width: 1, height: 1))), .queued)
        XCTAssertEqual(display.scanoutState, .flipPending)
        _ = try display.handleReadable()
        XCTAssertEqual(display.scanoutState, .showing)
        display.suspend()
        XCTAssertEqual(display.scanoutState, .modesetOwed)
        display.resume()
        XCTAssertEqual(try display.present(Region()), .shown, "a modeset after the VT came back")
        XCTAssertEqual(display.presentPath, .pageFlip)
    }

    func testFirstPresentSetsModeThenFlipsWithEvents() throws {
        let (display, device) = try makeDisplay()
        try display.start()
        XCTAssertEqual(try display.present(Region()), .shown)
        XCTAssertEqual(device.calls.last(where: { $0.hasPrefix("setCRTC") }), "setCRTC 31 fb 1101 conn 5 8x4@60")
        XCTAssertTrue(device.calls.contains("dirtyFB 1101 8x4+0+0"))
        XCTAssertEqual(try display.present(Region(IntRect(x: 0, y: 0, width: 1, height: 1))), .queued)
        XCTAssertEqual(device.calls.last, "pageFlip 31 fb 1102")
        XCTAssertTrue(display.isBusy)
        XCTAssertEqual(try display.present(Region()), .skipped, "no frame while a flip is pending")
        XCTAssertEqual(try display.handleReadable(), 1)
        XCTAssertFalse(display.isBusy)
        XCTAssertEqual(try display.present(Region()), .queued)
        XCTAssertEqual(device.calls.last, "pageFlip 31 fb 1101")
    }

    func testFlipFailureFallsBackToModesetAndDirtyFB() throws {
        let (display, device) = try makeDisplay()
        try display.start()
        _ = try display.present(Region())
        device.flipError = .invalidArgument
        device.calls.removeAll()
        XCTAssertEqual(try display.present(Region(IntRect(x: 1, y: 2, width: 3, height: 1))), .shown)
        XCTAssertFalse(display.flipsWork)
        XCTAssertEqual(device.calls, ["setCRTC 31 fb 1102 conn 5 8x4@60", "dirtyFB 1102 8x4+0+0"],
                       "the second buffer still had the first frame's full damage")
        device.calls.removeAll()
        XCTAssertEqual(try display.present(Region(IntRect(x: 1, y: 2, width: 3, height: 1))), .shown)
        XCTAssertEqual(device.calls, ["setCRTC 31 fb 1101 conn 5 8x4@60", "dirtyFB 1101 3x1+1+2"])
        XCTAssertTrue(lines.contains { $0.contains("falling back to a modeset per frame") })
    }

    func testDirtyFBStopsAfterENOSYS() throws {
        let (display, device) = try makeDisplay()
        device.flipError = .notImplemented
        device.dirtyError = .notImplemented
        try display.start()
        _ = try display.present(Region())
        _ = try display.present(Region())
        _ = try display.present(Region())
        XCTAssertEqual(device.calls.filter { $0.hasPrefix("dirtyFB") }.count, 1)
        XCTAssertFalse(display.dirtyFBWorks)
    }

    func testDamageAccumulatesPerBuffer() throws {
        let (display, device) = try makeDisplay()
        try display.start()
        let canvas = try XCTUnwrap(display.canvas)
        func paint(_ r: IntRect, _ v: UInt32) -> Region {
            for y in r.minY..<r.maxY { for x in r.minX..<r.maxX { canvas.row(y)[x] = v } }
            return Region(r)
        }
        _ = try display.present(paint(canvas.bounds, 1))        // buffer 0 (full)
        _ = try display.present(paint(IntRect(x: 0, y: 0, width: 2, height: 1), 2))  // buffer 1 (full: never drawn)
        _ = try display.handleReadable()
        _ = try display.present(paint(IntRect(x: 6, y: 3, width: 2, height: 1), 3))  // buffer 0: frames 2 and 3
        let b0 = display.buffers[0]
        XCTAssertEqual(device.pixel(b0, x: 0, y: 0), 2, "buffer 0 missed frame 2 and got its damage")
        XCTAssertEqual(device.pixel(b0, x: 7, y: 3), 3)
        XCTAssertEqual(device.pixel(b0, x: 4, y: 2), 1)
        XCTAssertEqual(display.pendingDamage[1], Region(IntRect(x: 6, y: 3, width: 2, height: 1)))
        XCTAssertEqual((b0.pixels + 8 * 4).load(as: UInt32.self), MemoryKMSDevice.padding, "pitch padding untouched")
    }

    func testRotatedDisplayLaysOutInRotatedSize() throws {
        let (display, device) = try makeDisplay(rotation: .r90)
        try display.start()
        XCTAssertEqual(display.canvas?.width, 4)
        XCTAssertEqual(display.canvas?.height, 8)
        display.canvas!.row(0)[0] = 0xFF0000
        _ = try display.present(Region())
        XCTAssertEqual(device.pixel(display.buffers[0], x: 7, y: 0), 0xFF0000, "logical top-left is physical top-right")
    }

    func testShutdownRestoresSavedCRTCAndFreesBuffers() throws {
        let (display, device) = try makeDisplay()
        try display.start()
        _ = try display.present(Region())
        display.shutdown()
        XCTAssertEqual(Array(device.calls.suffix(3)), ["restoreCRTC 31 fb 7 conn 5", "destroy fb 1101", "destroy fb 1102"])
        XCTAssertNil(display.canvas)
    }

    func testVTSwitchDropsMasterAndTakesItBackWithFullRedraw() throws {
        let (display, device) = try makeDisplay()
        try display.start()
        _ = try display.present(Region())
        _ = try display.present(Region())
        display.suspend()
        XCTAssertEqual(device.calls.last, "dropMaster")
        XCTAssertNil(display.canvas, "no drawing without master")
        XCTAssertEqual(try display.present(Region()), .skipped)
        display.resume()
        XCTAssertEqual(device.calls.last, "setMaster")
        XCTAssertEqual(try display.present(Region()), .shown, "a modeset after getting the display back")
    }

    func testLosingMasterOnFlipStopsDrawing() throws {
        let (display, device) = try makeDisplay()
        try display.start()
        _ = try display.present(Region())
        device.flipError = .permissionDenied
        XCTAssertEqual(try display.present(Region()), .skipped)
        XCTAssertFalse(display.hasMaster)
    }

    func testUnplugAndReplug() throws {
        let (display, device) = try makeDisplay()
        try display.start()
        device.connectorList[0].connected = false
        XCTAssertEqual(try display.rescan(), .lost)
        XCTAssertNil(display.canvas)
        XCTAssertEqual(try display.rescan(), .unchanged)
        device.connectorList[0].connected = true
        device.connectorList[0].modes = [DisplayMode(width: 6, height: 2, preferred: true)]
        XCTAssertEqual(try display.rescan(), .resized(width: 6, height: 2))
        XCTAssertEqual(display.canvas?.width, 6)
    }

    func testNoDisplayAtStartWaitsAndLogsOnce() throws {
        let (display, device) = try makeDisplay(connected: false)
        XCTAssertFalse(try display.start())
        XCTAssertFalse(try display.start())
        XCTAssertEqual(lines.filter { $0.contains("waiting") }.count, 1)
        device.connectorList[0].connected = true
        XCTAssertEqual(try display.rescan(), .resized(width: 8, height: 4))
    }

    func testDPMSThroughConnector() throws {
        let (display, device) = try makeDisplay()
        try display.start()
        display.setPower(on: false)
        display.setPower(on: false)
        display.setPower(on: true)
        XCTAssertEqual(device.calls.filter { $0.hasPrefix("power") }, ["power 5 off", "power 5 on"])
    }

    func testFlipEventParsing() {
        // Two records: a vblank (type 1) and a flip complete (type 2), 32 bytes each.
        var bytes = [UInt8](repeating: 0, count: 64)
        bytes[0] = 1; bytes[4] = 32
        bytes[32] = 2; bytes[36] = 32
        XCTAssertEqual(DRMEvents.countFlips(in: bytes[...]), 1)
    }

    /// `struct drm_event_vblank`: tv_sec at byte 16, tv_usec at byte 20 (little-endian);
    /// the last flip's time is when it reached the glass.
    func testFlipEventTimestamps() {
        var bytes = [UInt8](repeating: 0, count: 96)
        func put(_ value: UInt32, at i: Int) { for k in 0..<4 { bytes[i + k] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(k))) } }
        for (n, (sec, usec)) in [(UInt32(1000), UInt32(250_000)), (1000, 266_667)].enumerated() {
            put(2, at: n * 32); put(32, at: n * 32 + 4); put(sec, at: n * 32 + 16); put(usec, at: n * 32 + 20)
        }
        put(1, at: 64); put(32, at: 68); put(2000, at: 80)  // a vblank event, not a flip: ignored
        let flips = DRMEvents.flips(in: bytes[...])
        XCTAssertEqual(flips.count, 2)
        XCTAssertEqual(try XCTUnwrap(flips.lastTime), 1000.266667, accuracy: 1e-9)
        XCTAssertNil(DRMEvents.flips(in: bytes[64...]).lastTime)
    }
}

extension KMSDisplayTests {
    func testBusyFlipIsSkippedAndLoggedOnceNotFatal() throws {
        let (display, device) = try makeDisplay()
        try display.start()
        _ = try display.present(Region())
        device.flipError = .busy
        XCTAssertEqual(try display.present(Region()), .skipped)
        XCTAssertEqual(try display.present(Region()), .skipped)
        XCTAssertEqual(lines.filter { $0.contains("present failed") }.count, 1)
        device.flipError = nil
        XCTAssertEqual(try display.present(Region()), .queued)
    }
}
