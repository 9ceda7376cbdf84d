import LecternLog
import Logging
import Foundation
import XCTest
import Platform
import Geometry
import Touch

final class LibinputEventMapperTests: XCTestCase {
    func testRotatesAndConvertsTime() {
        var mapper = LibinputEventMapper(geometry: DisplayGeometry(nativeWidth: 1920, nativeHeight: 1080, rotation: .r90))
        var out: [TouchEvent] = []
        mapper.map(.touchDown(device: 1, seatSlot: 0, x: 1920, y: 0, microseconds: 1_500_000), into: &out)
        mapper.map(.touchMotion(device: 1, seatSlot: 0, x: 1900, y: 100, microseconds: 1_516_000), into: &out)
        mapper.map(.touchUp(device: 1, seatSlot: 0, microseconds: 1_532_000), into: &out)
        // r90: the native top-right corner is the logical top-left.
        XCTAssertEqual(out, [
            .down(slot: 0, x: 0, y: 0, time: 1.5),
            .move(slot: 0, x: 100, y: 20, time: 1.516),
            .up(slot: 0, time: 1.532),
        ])
        XCTAssertEqual(mapper.activeTouchCount, 0)
    }

    func testStrayMotionAndUpAreDropped() {
        var mapper = LibinputEventMapper(geometry: DisplayGeometry(nativeWidth: 100, nativeHeight: 100))
        var out: [TouchEvent] = []
        mapper.map(.touchMotion(device: 1, seatSlot: 3, x: 1, y: 1, microseconds: 1), into: &out)
        mapper.map(.touchUp(device: 1, seatSlot: 3, microseconds: 2), into: &out)
        mapper.map(.touchCancel(device: 1, microseconds: 3), into: &out)
        XCTAssertEqual(out, [])
    }

    func testCancelOncePerSequence() {
        var mapper = LibinputEventMapper(geometry: DisplayGeometry(nativeWidth: 100, nativeHeight: 100))
        var out: [TouchEvent] = []
        mapper.map(.touchDown(device: 1, seatSlot: 0, x: 1, y: 1, microseconds: 1_000), into: &out)
        mapper.map(.touchDown(device: 1, seatSlot: 1, x: 2, y: 2, microseconds: 1_000), into: &out)
        mapper.map(.touchCancel(device: 1, microseconds: 2_000), into: &out)
        mapper.map(.touchCancel(device: 1, microseconds: 2_000), into: &out)
        mapper.map(.touchUp(device: 1, seatSlot: 1, microseconds: 3_000), into: &out)
        XCTAssertEqual(Array(out.dropFirst(2)), [.cancel(time: 0.002)])
    }

    func testRemovingTheTouchingDeviceCancelsAndOthersDoNot() {
        var mapper = LibinputEventMapper(geometry: DisplayGeometry(nativeWidth: 100, nativeHeight: 100))
        var out: [TouchEvent] = []
        mapper.map(.touchDown(device: 7, seatSlot: 0, x: 1, y: 1, microseconds: 1_000), into: &out)
        mapper.map(.deviceRemoved(device: 8, microseconds: 2_000), into: &out)
        XCTAssertEqual(out.count, 1)
        mapper.map(.deviceRemoved(device: 7, microseconds: 3_000), into: &out)
        XCTAssertEqual(out.last, .cancel(time: 0.003))
        XCTAssertEqual(mapper.activeTouchCount, 0)
        // Unplugged while idle: nothing to cancel.
        mapper.map(.deviceRemoved(device: 7, microseconds: 4_000), into: &out)
        XCTAssertEqual(out.count, 2)
    }

    func testOpenFailureNamesDeviceAndGroup() {
        let line = InputOpenFailure.message(path: "/dev/input/event4", errno: EACCES, description: "Permission denied")
        XCTAssert(line.contains("/dev/input/event4"), line)
        XCTAssert(line.contains("group 'input'"), line)
        XCTAssertFalse(line.contains("\n"))
        let other = InputOpenFailure.message(path: "/dev/input/event4", errno: ENODEV, description: "No such device")
        XCTAssertEqual(other, "cannot open /dev/input/event4: No such device")
    }

    func testDeviceSummaryAndDensity() {
        let device = TouchDeviceInfo(name: "ILITEK Multi-Touch", sysname: "event5", sizeMillimetres: (476.64, 268.11),
                                     calibration: [1, 0, 0, 0, 1, 0], isCalibrated: false)
        XCTAssertEqual(device.summary, "ILITEK Multi-Touch (event5): 476.64 × 268.11 mm, calibration none (identity)")
        XCTAssertEqual(device.pixelsPerMillimetre(nativeWidth: 1920)!, 4.028, accuracy: 0.001)
        var flipped = device
        flipped.calibration = [-1, 0, 1, 0, 1, 0]
        flipped.isCalibrated = true
        XCTAssert(flipped.summary.hasSuffix("calibration [-1 0 1 0 1 0]"), flipped.summary)
        flipped.sizeMillimetres = nil
        XCTAssertNil(flipped.pixelsPerMillimetre(nativeWidth: 1920))
    }

    /// The real C path: on a machine without udev or devices this must still come up
    /// cleanly with a pollable descriptor.
    func testRealSourceOpensSeat() throws {
        let source: LibinputTouchSource
        do {
            source = try LibinputTouchSource(seat: "seat-lectern-test", geometry: DisplayGeometry(nativeWidth: 1920, nativeHeight: 1080), log: Logger(sink: { _ in }))
        } catch {
            throw XCTSkip("no udev here: \(error)")
        }
        XCTAssertGreaterThanOrEqual(source.fd, 0)
        var out: [TouchEvent] = []
        source.dispatch(into: &out)
        XCTAssertEqual(out, []) // an unused seat has no devices and no touches
        XCTAssertEqual(source.devices, [])
    }
}
