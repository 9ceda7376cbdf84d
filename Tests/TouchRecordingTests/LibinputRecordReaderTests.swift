import XCTest
import TextFile
@testable import TouchRecording

final class LibinputRecordReaderTests: XCTestCase {
    private let sample = """
    # libinput record
    version: 1
    ndevices: 2
    libinput:
      version: "1.22.1"
    devices:
    - node: /dev/input/event2
      evdev:
        name: "Power Button"
        codes:
          1: [116]
      events:
      - evdev:
        - [  0,      0,   1, 116,     1]
    - node: /dev/input/event5
      evdev:
        # Name: ILITEK Multi-Touch
        name: "ILITEK Multi-Touch"
        absinfo:
          0: [0, 16383, 0, 0, 48]
          1: [0, 9599, 0, 0, 45]
          53: [0, 16383, 0, 0, 48]
          54: [0, 9599, 0, 0, 45]
      events:
      - evdev:
        - [  0,      0,   3,  57,    12] # EV_ABS / ABS_MT_TRACKING_ID
        - [  0,      0,   3,  53,  8000]
        - [  0,      0,   3,  54,  4000]
        - [  0,      0,   0,   0,     0]
      - libinput:
        - {time: 0.0, type: TOUCH_DOWN}
      - evdev:
        - [  1,  20000,   3,  57,    -1]
        - [  1,  20000,   0,   0,     0]
    """

    func testReadsTheTouchDeviceAndItsEvents() throws {
        let file = TextFile(path: "site.yml", bytes: Array(sample.utf8))
        XCTAssertTrue(LibinputRecordReader.looksLikeLibinputRecord(file.text))
        let recording = try LibinputRecordReader.parse(file)
        XCTAssertEqual(recording.format, .libinputRecord)
        XCTAssertEqual(recording.device.name, "ILITEK Multi-Touch")
        XCTAssertEqual(recording.device.axes[53], AbsAxis(minimum: 0, maximum: 16383, fuzz: 0, flat: 0, resolution: 48))
        XCTAssertEqual(recording.events.count, 6)
        XCTAssertEqual(recording.events[0], RecordedEvent(time: 0, type: 3, code: 57, value: 12, line: 26))
        XCTAssertEqual(recording.events[4].time, 1.02, accuracy: 1e-12)
        XCTAssertEqual(recording.events[4].value, -1)
        let mapping = ScreenMapping(x: recording.device.axes[53]!, y: recording.device.axes[54]!, width: 1920, height: 1080)
        XCTAssertEqual(mapping.panelMillimetres!.width, 16384.0 / 48, accuracy: 1e-9)
        XCTAssertEqual(mapping.pixelsPerMillimetre!, (1920 / (16384.0 / 48) + 1080 / (9600.0 / 45)) / 2, accuracy: 1e-9)
    }

    /// Found by fuzzing: a few kilobytes of `[[[[{{{{` overflowed the stack inside Yams,
    /// which builds its tree recursively. Deep nesting is refused before Yams sees it.
    func testDeepNestingIsRefusedNotRecursedInto() {
        for text in ["version: 1\ndevices: " + String(repeating: "[", count: 5000),
                     "version: 1\ndevices:\n" + (0..<200).map { String(repeating: "  ", count: $0) + "- a:" }.joined(separator: "\n")] {
            XCTAssertThrowsError(try LibinputRecordReader.parse(TextFile(path: "deep.yml", bytes: Array(text.utf8)))) { error in
                let e = error as! RecordingError
                XCTAssertTrue(e.message.contains("nests deeper than 64 levels"), e.message)
                XCTAssertNotNil(e.line)
            }
        }
        XCTAssertNil(LibinputRecordReader.tooDeep("a: \"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\" # [[[[\n"))
    }

    /// Found by fuzzing: Yams reads `9:99:…` as a YAML 1.1 sexagesimal integer and traps
    /// when it overflows. Numbers are read as plain decimals, so this is an error message.
    func testSexagesimalOverflowIsAnErrorNotATrap() {
        let text = "version: 9:999999999:999999999:999999999:999999999\ndevices: []\n"
        XCTAssertThrowsError(try LibinputRecordReader.parse(TextFile(path: "sexagesimal.yml", bytes: Array(text.utf8)))) { error in
            XCTAssertTrue((error as! RecordingError).message.contains("version"), "\(error)")
        }
    }

    func testInvalidYAMLNamesTheLine() {
        let text = "version: 1\ndevices:\n- evdev: [1, 2\n  events: x\n"
        XCTAssertThrowsError(try LibinputRecordReader.parse(TextFile(path: "bad.yml", bytes: Array(text.utf8)))) { error in
            let e = error as! RecordingError
            XCTAssertEqual(e.path, "bad.yml")
            XCTAssertNotNil(e.line)
            XCTAssertTrue(e.message.contains("not valid YAML"), e.message)
        }
    }

    func testMalformedEventNamesItsLine() {
        let text = sample.replacingOccurrences(of: "[  1,  20000,   3,  57,    -1]", with: "[1, 20000, 3, 57]")
        XCTAssertThrowsError(try LibinputRecordReader.parse(TextFile(path: "s.yml", bytes: Array(text.utf8)))) { error in
            let e = error as! RecordingError
            XCTAssertEqual(e.line, 33)
            XCTAssertTrue(e.message.contains("[sec, usec, type, code, value]"), e.message)
        }
    }

    func testOtherVersionAndNoTouchDeviceRefused() {
        let v2 = sample.replacingOccurrences(of: "version: 1\n", with: "version: 2\n")
        XCTAssertThrowsError(try LibinputRecordReader.parse(TextFile(path: "s.yml", bytes: Array(v2.utf8)))) { error in
            XCTAssertEqual((error as! RecordingError).line, 2)
        }
        let keyboardOnly = String(sample[..<sample.range(of: "- node: /dev/input/event5")!.lowerBound])
        XCTAssertThrowsError(try LibinputRecordReader.parse(TextFile(path: "s.yml", bytes: Array(keyboardOnly.utf8)))) { error in
            XCTAssertTrue("\(error)".contains("no device has absolute X/Y axes"), "\(error)")
        }
    }
}
