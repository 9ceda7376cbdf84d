import Foundation
import XCTest
@testable import Kiosk

/// Opening hours as a pure function of the wall-clock instant and the zone. Instants are
/// written in UTC (ISO 8601, read by Foundation), so the expected answers do not come
/// from the code under test; Europe/Berlin's rules come from Debian's tzdata.
final class DisplayScheduleTests: XCTestCase {
    let utc = TimeZone(identifier: "UTC")!

    func at(_ iso: String) -> Double {
        guard let date = ISO8601DateFormatter().date(from: iso) else { preconditionFailure("bad ISO 8601 in a test: \(iso)") }
        return date.timeIntervalSince1970
    }

    func berlin() throws -> TimeZone {
        try XCTUnwrap(TimeZone(identifier: "Europe/Berlin"), "tzdata is installed (scripts/install-deps)")
    }

    func assertState(_ schedule: DisplaySchedule, _ time: String, _ zone: TimeZone, on: Bool, next: String?,
                     file: StaticString = #filePath, line: UInt = #line) {
        let state = schedule.state(at: at(time), in: zone)
        XCTAssertEqual(state.on, on, "on at \(time)", file: file, line: line)
        XCTAssertEqual(state.nextChange, next.map(at), "next change after \(time)", file: file, line: line)
    }

    let daily = DisplaySchedule(daily: .init(on: 7 * 60, off: 22 * 60))

    func testPlainDay() {
        // 2026-11-25 is a Wednesday.
        assertState(daily, "2026-11-25T06:59:59Z", utc, on: false, next: "2026-11-25T07:00:00Z")
        assertState(daily, "2026-11-25T07:00:00Z", utc, on: true, next: "2026-11-25T22:00:00Z")
        assertState(daily, "2026-11-25T21:59:59Z", utc, on: true, next: "2026-11-25T22:00:00Z")
        assertState(daily, "2026-11-25T22:00:00Z", utc, on: false, next: "2026-11-26T07:00:00Z")
    }

    func testPerWeekdayAndClosedDay() {
        // Weekdays 07–22, Saturday 10–18, Sunday closed.
        var days = daily.days
        days[5] = .init(on: 10 * 60, off: 18 * 60)
        days[6] = nil
        let week = DisplaySchedule(days: days)
        assertState(week, "2026-11-28T09:00:00Z", utc, on: false, next: "2026-11-28T10:00:00Z")   // Saturday
        assertState(week, "2026-11-28T12:00:00Z", utc, on: true, next: "2026-11-28T18:00:00Z")
        assertState(week, "2026-11-28T18:30:00Z", utc, on: false, next: "2026-11-30T07:00:00Z")   // over Sunday
        assertState(week, "2026-11-29T12:00:00Z", utc, on: false, next: "2026-11-30T07:00:00Z")   // Sunday: closed
        assertState(week, "2026-11-27T21:00:00Z", utc, on: true, next: "2026-11-27T22:00:00Z")    // Friday
    }

    func testNeverOnHasNoNextChange() {
        assertState(DisplaySchedule(days: Array(repeating: nil, count: 7)), "2026-11-25T12:00:00Z", utc, on: false, next: nil)
    }

    func testRangeAcrossMidnightBelongsToItsFirstDay() {
        // Friday 18:00–02:00 (into Saturday), Saturday closed, other days 07–22.
        var days = daily.days
        days[4] = .init(on: 18 * 60, off: 2 * 60)
        days[5] = nil
        let week = DisplaySchedule(days: days)
        assertState(week, "2026-11-27T17:00:00Z", utc, on: false, next: "2026-11-27T18:00:00Z")
        assertState(week, "2026-11-27T23:30:00Z", utc, on: true, next: "2026-11-28T02:00:00Z")
        assertState(week, "2026-11-28T01:59:00Z", utc, on: true, next: "2026-11-28T02:00:00Z")   // Saturday, closed, yet Friday's night runs on
        assertState(week, "2026-11-28T02:00:00Z", utc, on: false, next: "2026-11-29T07:00:00Z")
        // 21:00–24:00 and 00:00–… the next day meet: one span, no change at midnight.
        var late = daily.days
        late[2] = .init(on: 21 * 60, off: 1440)
        late[3] = .init(on: 0, off: 3 * 60)
        assertState(DisplaySchedule(days: late), "2026-11-25T23:00:00Z", utc, on: true, next: "2026-11-26T03:00:00Z")
    }

    func testSpringForwardInBerlin() throws {
        let zone = try berlin()
        // 2026-03-29: 02:00 CET becomes 03:00 CEST at 01:00Z; 02:30 never shows.
        let early = DisplaySchedule(daily: .init(on: 2 * 60 + 30, off: 23 * 60))
        assertState(early, "2026-03-29T00:59:59Z", zone, on: false, next: "2026-03-29T01:00:00Z")
        assertState(early, "2026-03-29T01:00:00Z", zone, on: true, next: "2026-03-29T21:00:00Z")   // 23:00 CEST
        // Ordinary hours across the night: off at 22:00 CET, on at 07:00 CEST (only 8 h later).
        assertState(daily, "2026-03-28T21:00:00Z", zone, on: false, next: "2026-03-29T05:00:00Z")
        assertState(daily, "2026-03-29T05:00:00Z", zone, on: true, next: "2026-03-29T20:00:00Z")
    }

    func testFallBackInBerlin() throws {
        let zone = try berlin()
        // 2026-10-25: 03:00 CEST becomes 02:00 CET at 01:00Z; 02:00–03:00 happens twice.
        let night = DisplaySchedule(daily: .init(on: 60, off: 2 * 60 + 30))
        assertState(night, "2026-10-24T23:30:00Z", zone, on: true, next: "2026-10-25T00:30:00Z")    // 01:30 CEST
        // The second 02:15 (CET) does not turn the display on again.
        assertState(night, "2026-10-25T01:15:00Z", zone, on: false, next: "2026-10-26T00:00:00Z")  // 01:00 CET next night
        assertState(daily, "2026-10-24T20:00:00Z", zone, on: false, next: "2026-10-25T06:00:00Z")  // 22:00 CEST → 07:00 CET
    }

    /// A kiosk without a battery-backed clock boots in 1970; NTP then sets the clock
    /// hours forward. Asked again, the answer follows the new time.
    func testClockSetForwardAfterBoot() {
        assertState(daily, "1970-01-01T00:00:30Z", utc, on: false, next: "1970-01-01T07:00:00Z")
        assertState(daily, "2026-11-25T12:00:00Z", utc, on: true, next: "2026-11-25T22:00:00Z")
        assertState(daily, "2026-11-25T23:00:00Z", utc, on: false, next: "2026-11-26T07:00:00Z")
    }
}
