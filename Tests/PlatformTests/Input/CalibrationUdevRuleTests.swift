import XCTest
import Platform
import Touch

final class CalibrationUdevRuleTests: XCTestCase {
    func testUdevRule() {
        let m = CalibrationMatrix(a: 0.92, b: 0, c: 0.03, d: 0, e: 1.07, f: -0.025)
        XCTAssertEqual(m.udevValue, "0.92 0 0.03 0 1.07 -0.025")
        XCTAssertEqual(CalibrationMatrix.identity.udevValue, "1 0 0 0 1 0")
        let rule = m.udevRule(deviceName: "ILITEK \"Multi\" Touch")
        XCTAssertTrue(rule.contains(#"ATTRS{name}=="ILITEK ?Multi? Touch""#), rule)
        XCTAssertTrue(rule.contains(#"ENV{LIBINPUT_CALIBRATION_MATRIX}="0.92 0 0.03 0 1.07 -0.025""#), rule)
    }
}
