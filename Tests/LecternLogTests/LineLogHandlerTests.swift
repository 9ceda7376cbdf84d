import Logging
import XCTest
@testable import LecternLog

final class LineLogHandlerTests: XCTestCase {
    func testLinesNameTheirLevelAndCarryJournalPriorities() {
        var lines: [String] = []
        let log = Logger(sink: { lines.append($0) })
        log.info("display taken back")
        log.warning("reload: 1 error(s)")
        log.error("cannot set up the kiosk")
        log.debug("not shown at the default level")
        XCTAssertEqual(lines, ["lectern: display taken back", "lectern: warning: reload: 1 error(s)",
                               "lectern: error: cannot set up the kiosk"])
        XCTAssertEqual(LineLogHandler.terminated("lectern: x", level: .warning, journal: true), "<4>lectern: x\n")
        XCTAssertEqual(LineLogHandler.terminated("lectern: x", level: .error, journal: true), "<3>lectern: x\n")
        XCTAssertEqual(LineLogHandler.terminated("lectern: x", level: .info, journal: true), "<6>lectern: x\n")
        XCTAssertEqual(LineLogHandler.terminated("lectern: x", level: .info, journal: false), "lectern: x\n")
    }
}
