import XCTest
import Touch
@testable import TouchRecording

final class ContactTrackerTests: XCTestCase {
    private func abs(_ t: Double, _ code: UInt16, _ v: Int32) -> RecordedEvent { RecordedEvent(time: t, type: 3, code: code, value: v) }
    private func syn(_ t: Double, _ code: UInt16 = 0) -> RecordedEvent { RecordedEvent(time: t, type: 0, code: code, value: 0) }

    /// Protocol A: a frame lists contacts in any order; nearest-neighbour matching keeps
    /// each finger's identity, a missing one has lifted, an extra one is new.
    func testProtocolAMatchesNearestNeighbours() {
        var tracker = ContactTracker(kind: .anonymous)
        func frame(_ t: Double, _ points: [(Int32, Int32)]) -> [Contact] {
            var result: [Contact]?
            for (x, y) in points {
                _ = tracker.feed(abs(t, 0x35, x)); _ = tracker.feed(abs(t, 0x36, y)); _ = tracker.feed(syn(t, 2))
            }
            result = tracker.feed(syn(t))
            return result!
        }
        let first = frame(0, [(100, 100), (500, 500)])
        XCTAssertEqual(first.map(\.identity), [1, 2])
        let swapped = frame(0.01, [(505, 498), (102, 103)])  // reported in the other order
        XCTAssertEqual(swapped.map(\.identity), [2, 1])
        XCTAssertEqual(frame(0.02, [(104, 104)]).map(\.identity), [1])          // finger 2 lifted
        XCTAssertEqual(frame(0.03, [(900, 100), (105, 104)]).map(\.identity), [3, 1]) // a new one landed
        XCTAssertEqual(frame(0.04, []), [])
    }

    /// Protocol B: slots and tracking IDs; values persist between frames.
    func testProtocolBSlots() {
        let device = RecordedDevice(name: "b", axes: [0x35: AbsAxis(minimum: 0, maximum: 999), 0x36: AbsAxis(minimum: 0, maximum: 999)])
        let events: [RecordedEvent] = [
            abs(0, 0x39, 7), abs(0, 0x35, 100), abs(0, 0x36, 200),
            abs(0, 0x2f, 1), abs(0, 0x39, 8), abs(0, 0x35, 300), abs(0, 0x36, 400), syn(0),
            abs(0.01, 0x2f, 0), abs(0.01, 0x35, 110), syn(0.01),
            abs(0.02, 0x39, -1), syn(0.02),
            abs(0.03, 0x2f, 1), abs(0.03, 0x39, -1), syn(0.03),
        ]
        let recording = Recording(path: "b", format: .evemu, device: device, events: events)
        XCTAssertEqual(ContactTracker.kind(of: recording), .slots)
        let mapping = ScreenMapping(x: device.axes[0x35]!, y: device.axes[0x36]!, width: 1000, height: 1000)
        XCTAssertEqual(RecordingPlayback.touchEvents(recording, mapping: mapping), [
            .down(slot: 0, x: 100, y: 200, time: 0), .down(slot: 1, x: 300, y: 400, time: 0),
            .move(slot: 0, x: 110, y: 200, time: 0.01),
            .up(slot: 0, time: 0.02),
            .up(slot: 1, time: 0.03),
        ])
    }

    func testSingleTouchDevice() {
        let device = RecordedDevice(name: "st", axes: [0: AbsAxis(minimum: 0, maximum: 99), 1: AbsAxis(minimum: 0, maximum: 99)])
        let events: [RecordedEvent] = [
            abs(0, 0, 10), abs(0, 1, 20), RecordedEvent(time: 0, type: 1, code: 0x14a, value: 1), syn(0),
            abs(0.01, 0, 12), syn(0.01),
            RecordedEvent(time: 0.02, type: 1, code: 0x14a, value: 0), syn(0.02),
        ]
        let recording = Recording(path: "st", format: .evemu, device: device, events: events)
        XCTAssertEqual(ContactTracker.kind(of: recording), .singleTouch)
        let mapping = ScreenMapping(x: device.axes[0]!, y: device.axes[1]!, width: 200, height: 100)
        XCTAssertEqual(RecordingPlayback.touchEvents(recording, mapping: mapping), [
            .down(slot: 0, x: 20, y: 20, time: 0), .move(slot: 0, x: 24, y: 20, time: 0.01), .up(slot: 0, time: 0.02),
        ])
    }

    func testMappingSpansTheScreenAsLibinputDoes() {
        let m = ScreenMapping(x: AbsAxis(minimum: 100, maximum: 1099), y: AbsAxis(minimum: 0, maximum: 499), width: 2000, height: 1000)
        XCTAssertEqual(m.point(x: 100, y: 0).x, 0)
        XCTAssertEqual(m.point(x: 600, y: 250).x, 1000)
        XCTAssertEqual(m.point(x: 600, y: 250).y, 500)
        XCTAssertNil(m.pixelsPerMillimetre)
    }
}
