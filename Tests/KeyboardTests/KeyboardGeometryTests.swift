import Keyboard
import XCTest

/// Key sizes from the panel's density, hit testing, backspace repeat and long press, on
/// the keymaps libxkbcommon compiles (real layouts, real panel sizes).
final class KeyboardGeometryTests: XCTestCase {
    /// A 15.6" 1920×1080 panel: 344 mm wide, 5.58 px/mm.
    static let fullHD = (width: 1920.0, height: 1080.0, density: 1920.0 / 344.0)
    /// A 7" 800×480 panel: 154 mm wide, 5.19 px/mm.
    static let small = (width: 800.0, height: 480.0, density: 800.0 / 154.0)

    func testKeysAreAtLeastNineMillimetresAndFitTheScreen() throws {
        for layout in ["us", "ru", "gr", "il", "ara"] {
            let keyboard = try KeyboardLayout.load(layout: layout)
            for panel in [Self.fullHD, Self.small] {
                let geometry = try KeyboardGeometry(layout: keyboard, width: panel.width, bottom: panel.height, pixelsPerMillimetre: panel.density)
                for placed in geometry.keys {
                    XCTAssertGreaterThanOrEqual(placed.frame.width / panel.density, 9 - 1e-9, "\(layout) \(placed.action)")
                    XCTAssertGreaterThanOrEqual(placed.frame.height / panel.density, 9 - 1e-9)
                    XCTAssertGreaterThanOrEqual(placed.frame.x, 0)
                    XCTAssertLessThanOrEqual(placed.frame.x + placed.frame.width, panel.width + 1e-9)
                }
                XCTAssertLessThanOrEqual(geometry.pitch / panel.density, KeyboardGeometry.maximumKeyMillimetres + 1e-9)
                XCTAssertEqual(geometry.frame.y + geometry.frame.height, panel.height, accuracy: 1e-9)
                XCTAssertLessThanOrEqual(geometry.frame.height, panel.height * KeyboardGeometry.maximumHeightShare + 1e-9,
                                         "room is left for the field and results")
            }
        }
    }

    func testAPanelTooNarrowForNineMillimetreKeysIsOneClearError() throws {
        let keyboard = try KeyboardLayout.load(layout: "us")
        // 400 px at 5.19 px/mm is 77 mm: ten keys of 9 mm do not fit.
        XCTAssertThrowsError(try KeyboardGeometry(layout: keyboard, width: 400, bottom: 800, pixelsPerMillimetre: Self.small.density)) { error in
            XCTAssertTrue("\(error)".contains("77 mm wide"), "\(error)")
        }
    }

    func testEveryPointOfARowHitsItsNearestKeyAndEachKeyCentreHitsItself() throws {
        let geometry = try KeyboardGeometry(layout: try KeyboardLayout.load(layout: "us"), width: 1920, bottom: 1080,
                                            pixelsPerMillimetre: Self.fullHD.density)
        for placed in geometry.keys {
            XCTAssertEqual(geometry.key(atX: placed.frame.midX, y: placed.frame.midY), placed)
        }
        // Left of "a" (the row is centred, so there is margin) still types "a".
        let a = try XCTUnwrap(geometry.key(typing: "a"))
        XCTAssertEqual(geometry.key(atX: 1, y: a.frame.midY), a)
        XCTAssertNil(geometry.key(atX: 100, y: geometry.frame.y - 1), "above the keyboard")
        let q = try XCTUnwrap(geometry.key(typing: "q")), w = try XCTUnwrap(geometry.key(typing: "w"))
        XCTAssertEqual(geometry.key(atX: q.frame.x + q.frame.width - 0.5, y: q.frame.midY), q)
        XCTAssertEqual(geometry.key(atX: w.frame.x + 0.5, y: w.frame.midY), w)
        XCTAssertEqual(geometry.rows.last?.map(\.action), [.clear, .space, .backspace, .enter])
    }

    func testTapTypesOnLiftAndSlidingExploresKeys() throws {
        let geometry = try KeyboardGeometry(layout: try KeyboardLayout.load(layout: "ru"), width: 800, bottom: 480,
                                            pixelsPerMillimetre: Self.small.density)
        let first = try XCTUnwrap(geometry.key(typing: "й")), next = try XCTUnwrap(geometry.key(typing: "ц"))
        var press = KeyPress(key: first, at: 1, keyboardWidth: 800)
        XCTAssertFalse(press.move(x: first.frame.midX + 1, y: first.frame.midY, keyUnder: first, at: 1.05))
        XCTAssertTrue(press.move(x: next.frame.midX, y: next.frame.midY, keyUnder: next, at: 1.1), "a new key: spoken")
        guard case let .character(key)? = press.lift() else { return XCTFail("nothing typed") }
        XCTAssertEqual(key.text, "ц")
    }

    func testBackspaceRepeatsByElapsedTimeNotByWakeUps() throws {
        let geometry = try KeyboardGeometry(layout: try KeyboardLayout.load(layout: "us"), width: 1920, bottom: 1080,
                                            pixelsPerMillimetre: Self.fullHD.density)
        let backspace = try XCTUnwrap(geometry.keys.first { $0.action == .backspace })
        var tapped = KeyPress(key: backspace, at: 0, keyboardWidth: 1920)
        XCTAssertEqual(tapped.advance(to: 0.3), 0)
        XCTAssertEqual(tapped.lift(), .backspace, "a tap deletes one")

        var held = KeyPress(key: backspace, at: 10, keyboardWidth: 1920)
        XCTAssertEqual(held.deadline, 10 + KeyPress.repeatDelay)
        XCTAssertEqual(held.advance(to: 10.5), 1)
        XCTAssertEqual(held.deadline!, 10.6, accuracy: 1e-9)
        // One late wake-up owes every repeat since: 0.6 … 1.0 → five more.
        XCTAssertEqual(held.advance(to: 11.05), 5)
        XCTAssertEqual(held.advance(to: 11.05), 0)
        XCTAssertNil(held.lift(), "lifting after repeats deletes nothing more")
    }

    func testLongPressOpensAlternatesAndTheFingerChoosesOne() throws {
        let geometry = try KeyboardGeometry(layout: try KeyboardLayout.load(layout: "us"), width: 1920, bottom: 1080,
                                            pixelsPerMillimetre: Self.fullHD.density)
        let e = try XCTUnwrap(geometry.key(typing: "e"))
        guard case let .character(key) = e.action else { return XCTFail() }
        try XCTSkipIf(key.alternates.isEmpty, "no Compose table (libx11-data)")
        var press = KeyPress(key: e, at: 0, keyboardWidth: 1920)
        XCTAssertEqual(press.deadline, KeyPress.longPressDelay)
        _ = press.advance(to: 0.49)
        XCTAssertFalse(press.alternatesOpen)
        _ = press.advance(to: 0.5)
        XCTAssertTrue(press.alternatesOpen)
        XCTAssertNil(press.deadline, "nothing more happens by itself")
        XCTAssertEqual(press.alternateFrames.count, key.alternates.count)
        let acute = try XCTUnwrap(key.alternates.firstIndex(of: "é"))
        let target = press.alternateFrames[acute]
        XCTAssertTrue(press.move(x: target.midX, y: target.midY, keyUnder: nil, at: 0.7))
        guard case let .character(typed)? = press.lift() else { return XCTFail("nothing typed") }
        XCTAssertEqual(typed.text, "é")
        // Sliding off the strip (down past the key) and lifting types nothing.
        var cancelled = KeyPress(key: e, at: 0, keyboardWidth: 1920)
        _ = cancelled.advance(to: 0.6)
        _ = cancelled.move(x: e.frame.midX, y: e.frame.y + e.frame.height * 2, keyUnder: nil, at: 0.7)
        XCTAssertNil(cancelled.lift())
        // The strip stays on the screen at the right edge.
        for frame in press.alternateFrames { XCTAssertLessThanOrEqual(frame.x + frame.width, 1920) }
    }
}
