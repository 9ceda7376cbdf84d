import XCTest
import Touch

final class GestureScriptTests: XCTestCase {
    func testPrimitiveVerbsAndComments() throws {
        let script = try GestureScript.parse("""
        # a comment line

        0.000 down 0 900 500   # finger slot 0 touches
        0.016 move 0 880 500
        0.300 up 0
        0.4 down 1 1 2
        0.5 cancel
        2.500 capture menu-open
        3.000 wait
        """)
        XCTAssertEqual(script.events, [
            .touch(.down(slot: 0, x: 900, y: 500, time: 0)),
            .touch(.move(slot: 0, x: 880, y: 500, time: 0.016)),
            .touch(.up(slot: 0, time: 0.3)),
            .touch(.down(slot: 1, x: 1, y: 2, time: 0.4)),
            .touch(.cancel(time: 0.5)),
            .capture(name: "menu-open", time: 2.5),
            .wait(time: 3),
        ])
        XCTAssertEqual(script.duration, 3)
    }

    /// Scripts saved on Windows (CRLF), by old Mac tools (lone CR) or with a BOM parse like
    /// LF ones, with the same line numbers in errors.
    func testWindowsAndOldMacLineEndingsAndBOM() throws {
        let lf = "# demo\n0.000 down 0 900 500\n0.016 move 0 880 500\n0.300 up 0\n"
        let expected = try GestureScript.parse(lf)
        XCTAssertEqual(expected.events.count, 3)
        XCTAssertEqual(try GestureScript.parse(lf.replacingOccurrences(of: "\n", with: "\r\n")).events, expected.events)
        XCTAssertEqual(try GestureScript.parse(lf.replacingOccurrences(of: "\n", with: "\r")).events, expected.events)
        XCTAssertEqual(try GestureScript.parse("\u{FEFF}" + lf.replacingOccurrences(of: "\n", with: "\r\n")).events, expected.events)
        XCTAssertThrowsError(try GestureScript.parse("0 down 0 1 1\r\n0.5 jump 0\r\n", source: "crlf.txt")) { error in
            XCTAssertTrue("\(error)".contains("crlf.txt:2"), "\(error)")
        }
    }

    /// Found by fuzzing: a drag of 445400 s expanded into 53 million moves and ran out of
    /// memory. Durations and the total expansion are bounded, with the line named.
    func testAbsurdDragDurationsAreRefusedNotExpanded() {
        XCTAssertThrowsError(try GestureScript.parse("1.9 hold-drag 0 640 650 6 .0 445400 0", source: "f")) { error in
            XCTAssertTrue("\(error)".contains("f:1") && "\(error)".contains("over the limit of 600 s"), "\(error)")
        }
        let many = (0..<300).map { "\(Double($0) * 600) drag 0 0 0 100 100 599" }.joined(separator: "\n")
        XCTAssertThrowsError(try GestureScript.parse(many, source: "m")) { error in
            XCTAssertTrue("\(error)".contains("over 2000000 events"), "\(error)")
        }
        XCTAssertNoThrow(try GestureScript.parse("0 drag 0 0 0 100 100 600"))
    }

    func testDragExpandsAt120HzAndLiftsOneFrameAfterArrival() throws {
        let script = try GestureScript.parse("1.000 drag 0 1500 600 200 600 0.25")
        let events = script.touchEvents
        XCTAssertEqual(events.first, .down(slot: 0, x: 1500, y: 600, time: 1))
        let moves = events.compactMap { e -> (Double, Double)? in
            if case let .move(_, x, _, t) = e { return (t, x) } else { return nil }
        }
        XCTAssertEqual(moves.count, 30)
        for (i, m) in moves.enumerated() {
            XCTAssertEqual(m.0, 1 + Double(i + 1) / 120, accuracy: 1e-9)
            XCTAssertEqual(m.1, 1500 - 1300 * Double(i + 1) / 30, accuracy: 1e-6)
        }
        XCTAssertEqual(moves.last!.0, 1.25, accuracy: 1e-12)
        XCTAssertEqual(moves.last!.1, 200)
        guard case let .up(0, t) = events.last! else { return XCTFail("no up") }
        XCTAssertEqual(t, 1.25 + 1 / 120, accuracy: 1e-12)
    }

    func testDragFlingsAndHoldDragDoesNot() throws {
        let config = GestureConfig()
        var out: [Gesture] = []
        var r = GestureRecognizer(config: config)
        for e in try GestureScript.parse("0 drag 0 1500 600 200 600 0.25").touchEvents { r.handle(e, into: &out) }
        guard case let .panEnded(.horizontal, _, _, vx, _, _) = out[out.count - 2] else { return XCTFail("\(out)") }
        XCTAssertEqual(vx, -1300 / 0.25, accuracy: 1300 / 0.25 * 0.05)

        out.removeAll()
        let hold = try GestureScript.parse("0 hold-drag 0 1500 600 200 600 0.25 0.15")
        XCTAssertEqual(hold.duration, 0.4, accuracy: 1e-12)
        for e in hold.touchEvents { r.handle(e, into: &out) }
        guard case let .panEnded(.horizontal, _, _, hvx, _, t) = out[out.count - 2] else { return XCTFail("\(out)") }
        XCTAssertEqual(hvx, 0)
        XCTAssertEqual(t, 0.4, accuracy: 1e-12)
    }

    func testTapFingersSixtyApartAllUpAfter60ms() throws {
        let script = try GestureScript.parse("""
        0.5 down 0 10 10
        2.000 tap 3 960 540
        2.01 up 0
        """)
        XCTAssertEqual(script.events, [
            .touch(.down(slot: 0, x: 10, y: 10, time: 0.5)),
            .touch(.down(slot: 1, x: 900, y: 540, time: 2)),
            .touch(.down(slot: 2, x: 960, y: 540, time: 2)),
            .touch(.down(slot: 3, x: 1020, y: 540, time: 2)),
            .touch(.up(slot: 0, time: 2.01)),
            .touch(.up(slot: 1, time: 2.06)),
            .touch(.up(slot: 2, time: 2.06)),
            .touch(.up(slot: 3, time: 2.06)),
        ])
        let taps = try GestureScript.parse("0 tap 3 960 540").touchEvents
        var out: [Gesture] = []
        var r = GestureRecognizer()
        for e in taps { r.handle(e, into: &out) }
        XCTAssert(out.contains(.threeFingerTap(x: 960, y: 540, time: 0.06)))
    }

    func testOverlappingLinesAreSortedStably() throws {
        let script = try GestureScript.parse("""
        1.0 drag 0 0 0 0 100 0.1
        1.05 capture mid
        1.05 down 1 5 5
        """)
        let times = script.events.map(\.time)
        XCTAssertEqual(times, times.sorted())
        let i = script.events.firstIndex(of: .capture(name: "mid", time: 1.05))!
        XCTAssertEqual(script.events[i + 1], .touch(.down(slot: 1, x: 5, y: 5, time: 1.05)))
    }

    func testErrorsNameSourceLineAndProblem() {
        let cases: [(String, Int, String)] = [
            ("0 down 0 1 1\n0.1 jump 0", 2, "unknown verb 'jump'"),
            ("0 down 0 x 1", 1, "bad number 'x' for x"),
            ("zero down 0 1 1", 1, "bad number 'zero' for time"),
            ("0 down 0 1 1\n# c\n0.1 down 0 2 2", 3, "slot 0 goes down at 0.1 but is already down (since line 1)"),
            ("0 up 4", 1, "up of slot 4"),
            ("0 move 2 1 1", 1, "move of slot 2"),
            ("1 down 0 1 1\n0.5 up 0", 2, "goes backwards"),
            ("0 drag 0 1 1 2 2 -0.2", 1, "duration must be positive"),
            ("0 hold-drag 0 1 1 2 2 0.2 -1", 1, "must not be negative"),
            ("0 down 0 1", 1, "down takes slot x y (got 2 arguments)"),
            ("0 down -1 1 1", 1, "bad slot '-1'"),
            ("0 tap 0 1 1", 1, "tap fingers"),
            ("0 capture", 1, "capture takes one name"),
            ("0 wait now", 1, "wait takes no arguments"),
            ("-1 wait", 1, "negative"),
            ("0.5", 1, "missing verb"),
            ("0 drag 0 0 0 0 100 0.2\n0.1 down 0 3 3", 2, "already down (since line 1)"),
        ]
        for (text, line, fragment) in cases {
            XCTAssertThrowsError(try GestureScript.parse(text, source: "t.gesture")) { error in
                guard let e = error as? GestureScript.ParseError else { return XCTFail("\(error)") }
                XCTAssertEqual(e.line, line, text)
                XCTAssert(e.description.hasPrefix("t.gesture:\(line): "), e.description)
                XCTAssert(e.description.contains(fragment), "\(e.description) lacks \(fragment)")
            }
        }
    }

    func testSerializerRoundTrips() throws {
        let original = try GestureScript.parse("""
        0 drag 0 1500 600 213.3 600 0.25
        0.1 tap 2 960 540
        0.7 hold-drag 1 1 1 9 9 0.1 0.05
        0.9 capture end
        0.95 cancel
        1 wait
        """)
        let text = original.text
        let again = try GestureScript.parse(text, source: "serialized")
        XCTAssertEqual(again, original)
        XCTAssert(text.contains("capture end"))
    }
}
