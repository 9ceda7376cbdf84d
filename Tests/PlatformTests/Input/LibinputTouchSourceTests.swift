import Geometry
import LecternLog
import Logging
import Foundation
import XCTest
import Platform
import Touch

/// Collects log lines from a source's closure.
private final class LogLines {
    var lines: [String] = []
}

final class LibinputTouchSourceTests: XCTestCase {
    func testUnusableDevicePathsAreLoggedOnceEachNotFatal() throws {
        let log = LogLines()
        // A regular file: openable, but not an evdev node (/dev/null would make libinput
        // wait seconds for udev to initialise it).
        let plain = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-not-evdev-\(getpid())").path
        XCTAssert(FileManager.default.createFile(atPath: plain, contents: Data()))
        defer { try? FileManager.default.removeItem(atPath: plain) }
        let source = try LibinputTouchSource(backend: .devicePaths(["/nonexistent/event99", plain]),
                                             geometry: DisplayGeometry(nativeWidth: 800, nativeHeight: 480), log: Logger(sink: { log.lines.append($0) }))
        var out: [TouchEvent] = []
        source.dispatch(into: &out)
        XCTAssertEqual(out, [])
        XCTAssertEqual(source.devices, [])
        XCTAssertEqual(log.lines.count, 2, "\(log.lines)")
        XCTAssertEqual(log.lines.first, "lectern: cannot open /nonexistent/event99: No such file or directory")
        XCTAssertEqual(log.lines.last, "lectern: cannot use \(plain): libinput does not recognise it as an input device")
    }
}
