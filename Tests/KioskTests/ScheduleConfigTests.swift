import XCTest
@testable import Kiosk

/// `[display] on / off / wake_on_touch / wake_for` and `[display.schedule]`.
extension ConfigTests {
    func parse(_ text: String) throws -> KioskConfig {
        try ConfigLoader.parse(text + "\n[[page]]\ncontent=\"a.md\"", file: "k.toml", baseDirectory: ".")
    }

    func testDailyHoursAndPerWeekday() throws {
        let c = try parse("""
        [display]
        on = "07:00"
        off = "22:00"
        wake_on_touch = false
        wake_for = 90
        [display.schedule]
        fri = "18:00-02:00"
        sat = "10:00 - 24:00"
        sun = "off"
        """)
        let schedule = try XCTUnwrap(c.display.schedule)
        XCTAssertEqual(schedule.days[0], .init(on: 420, off: 1320))
        XCTAssertEqual(schedule.days[4], .init(on: 1080, off: 120))
        XCTAssertEqual(schedule.days[5], .init(on: 600, off: 1440))
        XCTAssertNil(schedule.days[6])
        XCTAssertFalse(c.display.wakeOnTouch)
        XCTAssertEqual(c.outOfHoursWake, 90)
    }

    func testNoHoursNoSchedule() throws {
        let c = try parse("[display]\nrotation = 0")
        XCTAssertNil(c.display.schedule)
        XCTAssertTrue(c.display.wakeOnTouch)
        XCTAssertEqual(c.outOfHoursWake, c.idle.blankAfter, "a touch wakes for the idle blank time")
        XCTAssertEqual(try parse("[idle]\nblank_after = 0").outOfHoursWake, 600)
    }

    func testCECIsOnByDefaultOffOrANamedDevice() throws {
        XCTAssertEqual(try parse("[display]\nrotation = 0").display.cec, .automatic)
        XCTAssertEqual(try parse("[display]\ncec = true").display.cec, .automatic)
        XCTAssertEqual(try parse("[display]\ncec = false").display.cec, .off)
        XCTAssertEqual(try parse("[display]\ncec = \"/dev/cec1\"").display.cec, .device("/dev/cec1"))
        assertError("[display]\ncec = \"yes\"\n[[page]]\ncontent=\"a.md\"", line: 2, key: "display.cec", contains: "\"/dev/cec0\"")
        assertError("[display]\ncec = 1\n[[page]]\ncontent=\"a.md\"", line: 2, key: "display.cec", contains: "not an integer")
    }

    func testWeekdaysAloneKeepOtherDaysOn() throws {
        let c = try parse("[display.schedule]\nsun = \"off\"")
        XCTAssertEqual(c.display.schedule?.days[0], .init(on: 0, off: 1440))
        XCTAssertNil(c.display.schedule?.days[6])
    }

    func testScheduleErrorsNameLineAndKey() {
        assertError("[display]\non = \"7:00\"\noff = \"22:00\"\n[[page]]\ncontent=\"a.md\"", line: 2, key: "display.on", contains: "\"HH:MM\"")
        assertError("[display]\non = \"07:00\"\noff = \"24:30\"\n[[page]]\ncontent=\"a.md\"", line: 3, key: "display.off", contains: "not a time of day")
        assertError("[display]\non = \"24:00\"\noff = \"06:00\"\n[[page]]\ncontent=\"a.md\"", line: 2, key: "display.on", contains: "00:00…23:59")
        assertError("[display]\non = \"07:00\"\n[[page]]\ncontent=\"a.md\"", line: 2, key: "display.on", contains: "needs off")
        assertError("[display]\non = \"07:00\"\noff = \"07:00\"\n[[page]]\ncontent=\"a.md\"", line: 3, key: "display.off", contains: "same time")
        assertError("[display]\nwake_for = 0\n[[page]]\ncontent=\"a.md\"", line: 2, key: "display.wake_for", contains: "out of range")
        assertError("[display.schedule]\nmonday = \"07:00-22:00\"\n[[page]]\ncontent=\"a.md\"", line: 2, key: "display.schedule.monday",
                    contains: "known keys: mon, tue, wed, thu, fri, sat, sun")
        assertError("[display.schedule]\nsat = \"10:00 to 18:00\"\n[[page]]\ncontent=\"a.md\"", line: 2, key: "display.schedule.sat",
                    contains: "\"HH:MM-HH:MM\"")
        assertError("[display.schedule]\nsat = \"+9:00-18:00\"\n[[page]]\ncontent=\"a.md\"", line: 2, key: "display.schedule.sat",
                    contains: "not a time of day")
        assertError("[display.schedule]\nsat = \"00:00-00:00\"\n[[page]]\ncontent=\"a.md\"", line: 2, key: "display.schedule.sat",
                    contains: "\"00:00-24:00\" for all day")
        assertError("[display]\nschedule = \"weekdays\"\n[[page]]\ncontent=\"a.md\"", line: 2, key: "display.schedule", contains: "must be a section")
    }
}
