import XCTest
import TextFile
@testable import TouchRecording

final class EvemuReaderTests: XCTestCase {
    private func file(_ text: String, path: String = "test.events") -> TextFile {
        TextFile(path: path, bytes: Array(text.utf8))
    }

    func testReadsDescriptionAndEventsWithTrailingComments() throws {
        let text = """
        # EVEMU 1.3
        N: Some Panel #2
        I: 0018 0000 0000 0000
        P: 02 00 00 00 00 00 00 00
        B: 00 0b 00 00 00 00 00 00 00
        A: 35 0 799 2 0 10\r
        A: 36 0 479 0 0
        E: 0.000001 0003 0039 0006\t# EV_ABS / ABS_MT_TRACKING_ID   6
        E: 0.000001 0003 0035 0390
        E: 0.012500 0000 0000 0000\t# ------------ SYN_REPORT (0) ----------
        E: 0.030000 0003 0039 -001
        """
        let recording = try EvemuReader.parse(file(text))
        XCTAssertEqual(recording.device.name, "Some Panel #2")
        XCTAssertEqual(recording.device.axes[0x35], AbsAxis(minimum: 0, maximum: 799, fuzz: 2, flat: 0, resolution: 10))
        XCTAssertEqual(recording.device.axes[0x36]?.resolution, 0)
        XCTAssertEqual(recording.events.count, 4)
        XCTAssertEqual(recording.events[1], RecordedEvent(time: 0.000001, type: 3, code: 0x35, value: 390, line: 9))
        XCTAssertEqual(recording.events[3].value, -1)
        XCTAssertEqual(recording.events[2].time, 0.0125, accuracy: 1e-12)
    }

    func testBadEventLineNamesFileAndLine() {
        let text = "N: x\nA: 35 0 10 0 0\nE: 0.1 0003 0035\n"
        XCTAssertThrowsError(try EvemuReader.parse(file(text, path: "site.events"))) { error in
            let e = error as! RecordingError
            XCTAssertEqual(e.path, "site.events")
            XCTAssertEqual(e.line, 3)
            XCTAssertTrue(e.description.hasPrefix("site.events:3: event line must be"), e.description)
        }
    }

    func testYAMLFedToEvemuReaderIsRefusedWithALine() {
        XCTAssertThrowsError(try EvemuReader.parse(file("# c\nversion: 1\n"))) { error in
            XCTAssertEqual((error as! RecordingError).line, 2)
        }
    }

    func testEmptyRecordingRefused() {
        XCTAssertThrowsError(try EvemuReader.parse(file("N: x\nA: 35 0 10 0 0\n"))) { error in
            XCTAssertTrue("\(error)".contains("no events"))
        }
    }

    func testSeparateDescriptionIsFoundAndUsed() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("evemu-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "N: Panel\nA: 35 0 99 0 0\nA: 36 0 49 0 0\n".write(to: dir.appendingPathComponent("Panel.desc"), atomically: true, encoding: .utf8)
        try "N: Other\nA: 35 0 9 0 0\nA: 36 0 9 0 0\n".write(to: dir.appendingPathComponent("Pan.device"), atomically: true, encoding: .utf8)
        let events = dir.appendingPathComponent("Panel.tap.events").path
        try "E: 1.0 0003 0035 5\nE: 1.0 0000 0000 0\n".write(toFile: events, atomically: true, encoding: .utf8)
        XCTAssertEqual(RecordingReader.companionDescription(for: events), dir.appendingPathComponent("Panel.desc").path)
        let recording = try RecordingReader.read(path: events)
        XCTAssertEqual(recording.device.name, "Panel")
        XCTAssertEqual(recording.device.positionAxes?.x.maximum, 99)
    }

    func testMissingFileAndMissingAxesAreClear() throws {
        XCTAssertThrowsError(try RecordingReader.read(path: "/nonexistent/x.events")) { error in
            XCTAssertEqual("\(error)", "/nonexistent/x.events: does not exist")
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("noaxes-\(UUID().uuidString).events").path
        try "E: 1.0 0003 0035 5\nE: 1.0 0000 0000 0\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertThrowsError(try RecordingReader.read(path: path)) { error in
            XCTAssertTrue("\(error)".contains("--device"), "\(error)")
        }
    }
}
