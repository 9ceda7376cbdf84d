import Geometry
import XCTest

/// The environment turns a path off for the two tools without a configuration file (the
/// machine test's kiosk-pan-copy, the bench's A/B); it never turns one on.
final class ScanoutTuningTests: XCTestCase {
    func testTheEnvironmentTurnsPathsOffOnly() {
        let all = ScanoutTuning()
        XCTAssertEqual(all.overridden(by: [:]), all)
        XCTAssertEqual(all.overridden(by: ["LECTERN_PAN": "copy", "LECTERN_ATOMIC": "off"]),
                       ScanoutTuning(pan: false, sidePan: true, scrollFront: true, atomic: false))
        XCTAssertEqual(all.overridden(by: ["LECTERN_SIDEPAN": "off", "LECTERN_SCROLL_FRONT": "off"]),
                       ScanoutTuning(pan: true, sidePan: false, scrollFront: false, atomic: true))
        let none = ScanoutTuning(pan: false, sidePan: false, scrollFront: false, atomic: false)
        XCTAssertEqual(none.overridden(by: ["LECTERN_PAN": "on", "LECTERN_ATOMIC": "on"]), none, "the configuration's off stays off")
    }
}
