import XCTest
import Raster
import Touch
@testable import Kiosk
@testable import Typeset

/// Records what speech mode said (the fake audio sink of the issue, at Kiosk's edge).
final class RecordingSpeech: SpeechOutput {
    var said: [[SpokenText]] = []
    var stops = 0
    func speak(_ texts: [SpokenText]) { said.append(texts) }
    func stop() { stops += 1 }
    var lastText: String { said.last?.map(\.text).joined(separator: " / ") ?? "" }
}

final class SpeechModeTests: XCTestCase {
    let markdown = "# Welcome\n\nThe museum is open daily. See [opening hours](hours.md) for holidays.\n\n## Tickets\n\n- Adults\n- Children\n"

    func makePage() throws -> (SpeechMode, RecordingSpeech, PageLayout, [PageBlock]) {
        let typesetter = try Typesetter(style: TextStyle(fontPaths: ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"], size: 20))
        let document = Document.markdown(markdown)
        let layout = typesetter.layout(document, width: 600)
        let blocks = layout.pageBlocks(of: document)
        let output = RecordingSpeech()
        let mode = SpeechMode(output: output, siteLanguage: "en")
        mode.showPage(title: "Welcome", language: nil, blocks: blocks, links: layout.links)
        return (mode, output, layout, blocks)
    }

    func testBlocksHaveRolesAndStackedRectangles() throws {
        let (_, _, layout, blocks) = try makePage()
        XCTAssertEqual(blocks.map(\.role), [.heading(level: 1), .paragraph, .heading(level: 2), .listItem(marker: "•", checked: nil), .listItem(marker: "•", checked: nil)])
        XCTAssertEqual(blocks[1].links, [0])
        for (a, b) in zip(blocks, blocks.dropFirst()) { XCTAssertLessThanOrEqual(a.rect.maxY, b.rect.y) }
        XCTAssertEqual(blocks.last!.rect.x..<blocks.last!.rect.maxX, layout.bodyColumn, "the body column: where the focus ring goes")
    }

    func testGestureTurnsSpeechOnAndOffAndAnnounces() throws {
        let (mode, output, _, _) = try makePage()
        XCTAssertTrue(output.said.isEmpty, "speech off: the page title is not said")
        mode.toggle()
        XCTAssertTrue(mode.isOn)
        XCTAssertTrue(output.lastText.hasPrefix("Speech on."))
        mode.toggle()
        XCTAssertFalse(mode.isOn)
        XCTAssertEqual(output.lastText, "Speech off.")
        mode.enabled = false
        mode.toggle()
        XCTAssertFalse(mode.isOn, "[speech] enabled = false: it cannot start")
    }

    func testAGermanSiteAnnouncesInGerman() {
        let output = RecordingSpeech()
        let mode = SpeechMode(output: output, siteLanguage: "de-AT")
        mode.toggle()
        XCTAssertTrue(output.lastText.hasPrefix("Sprachausgabe an."))
        XCTAssertEqual(output.said.last?.first?.language, "de")
        let other = RecordingSpeech()
        SpeechMode(output: other, siteLanguage: "fi").toggle()
        XCTAssertTrue(other.lastText.hasPrefix("Speech on."), "no Finnish table: English")
    }

    func testFingerOverAHeadingFocusesAndSpeaksIt() throws {
        let (mode, output, _, blocks) = try makePage()
        mode.toggle()
        let heading = blocks[2].rect
        XCTAssertTrue(mode.explore(pageX: 10, pageY: Double(heading.y + heading.height / 2)))
        XCTAssertEqual(output.lastText, "heading level 2, Tickets")
        XCTAssertEqual(mode.focusRect, heading)
        let count = output.said.count
        XCTAssertFalse(mode.explore(pageX: 20, pageY: Double(heading.y + 1)), "the same block is not said again")
        XCTAssertEqual(output.said.count, count)
    }

    func testDoubleTapOnAFocusedLinkActivatesIt() throws {
        let (mode, output, layout, _) = try makePage()
        mode.toggle()
        XCTAssertEqual(mode.doubleTap(), .none, "nothing focused")
        let box = layout.links[0].rects[0]
        mode.explore(pageX: Double(box.x + 2), pageY: Double(box.y + box.height / 2))
        XCTAssertEqual(output.lastText, "link, opening hours")
        XCTAssertEqual(mode.doubleTap(), .activateLink(0))
        XCTAssertEqual(mode.focusRect, box)
    }

    func testTwoFingerSwipeScrollsAScreenAndSaysWhere() throws {
        let (mode, output, _, _) = try makePage()
        mode.toggle()
        XCTAssertEqual(mode.swipe(down: true, offset: 0, viewport: 800, contentHeight: 3900), .scroll(toOffset: 800))
        XCTAssertEqual(output.lastText, "page 2 of 5")
        XCTAssertEqual(mode.swipe(down: false, offset: 800, viewport: 800, contentHeight: 3900), .scroll(toOffset: 0))
        XCTAssertEqual(output.lastText, "page 1 of 5")
    }

    func testSpeechOffLeavesGesturesAlone() throws {
        let (mode, output, layout, _) = try makePage()
        let box = layout.links[0].rects[0]
        XCTAssertFalse(mode.explore(pageX: Double(box.x + 2), pageY: Double(box.y + 2)))
        XCTAssertEqual(mode.doubleTap(), .none)
        XCTAssertEqual(mode.swipe(down: true, offset: 0, viewport: 800, contentHeight: 3900), .none)
        mode.touchDown()
        XCTAssertNil(mode.focusRect)
        XCTAssertTrue(output.said.isEmpty)
        XCTAssertEqual(output.stops, 0)
    }

    func testReadToEndStopsOnTouchAndIdleWarns() throws {
        let (mode, output, _, blocks) = try makePage()
        mode.toggle()
        mode.explore(pageX: 5, pageY: Double(blocks[2].rect.y + 1))
        mode.readToEnd()
        XCTAssertEqual(output.said.last?.map(\.text), ["heading level 2, Tickets", "list item, Adults", "list item, Children", "end of page"])
        let stops = output.stops
        mode.touchDown()
        XCTAssertEqual(output.stops, stops + 1)
        mode.warnIdle(seconds: 20)
        XCTAssertTrue(output.lastText.contains("20 seconds"))
        mode.reset()
        XCTAssertFalse(mode.isOn)
    }

    func testTwoFingerHoldIsTheToggleAndAPinchIsNot() {
        var hold = TwoFingerHoldRecognizer()
        XCTAssertFalse(hold.handle(.down(slot: 0, x: 100, y: 100, time: 0)))
        XCTAssertFalse(hold.handle(.down(slot: 1, x: 300, y: 100, time: 0.05)))
        XCTAssertEqual(hold.nextDeadline, 1.55)
        XCTAssertFalse(hold.handle(.move(slot: 0, x: 104, y: 101, time: 0.5)), "a tremor is still")
        XCTAssertFalse(hold.deadlineReached(at: 1.5))
        XCTAssertTrue(hold.deadlineReached(at: 1.55))
        XCTAssertFalse(hold.deadlineReached(at: 3), "once per hold")

        var pinch = TwoFingerHoldRecognizer()
        _ = pinch.handle(.down(slot: 0, x: 100, y: 100, time: 0))
        _ = pinch.handle(.down(slot: 1, x: 300, y: 100, time: 0))
        _ = pinch.handle(.move(slot: 1, x: 360, y: 100, time: 0.4))
        XCTAssertNil(pinch.nextDeadline)
        XCTAssertFalse(pinch.deadlineReached(at: 2))

        var lifted = TwoFingerHoldRecognizer()
        _ = lifted.handle(.down(slot: 0, x: 100, y: 100, time: 0))
        _ = lifted.handle(.down(slot: 1, x: 300, y: 100, time: 0))
        _ = lifted.handle(.up(slot: 1, time: 1))
        XCTAssertFalse(lifted.deadlineReached(at: 2))
    }

    /// The sighted recogniser makes no gesture of a still two-finger hold (no pinch).
    func testStillTwoFingerHoldIsNoSightedGesture() {
        var recognizer = GestureRecognizer(config: GestureConfig())
        var gestures: [Gesture] = []
        for event in [TouchEvent.down(slot: 0, x: 100, y: 100, time: 0), .down(slot: 1, x: 300, y: 100, time: 0.02),
                      .move(slot: 0, x: 101, y: 100, time: 0.8), .move(slot: 1, x: 300, y: 101, time: 1.4)] {
            recognizer.handle(event, into: &gestures)
        }
        XCTAssertFalse(gestures.contains { if case .pinchBegan = $0 { return true }; return false }, "\(gestures)")
        XCTAssertFalse(gestures.contains { if case .tap = $0 { return true }; return false }, "\(gestures)")
    }
}

final class SpeechTouchInputTests: XCTestCase {
    func feed(_ input: inout SpeechTouchInput, _ events: [TouchEvent]) -> [SpeechTouchInput.Intent] {
        events.flatMap { input.handle($0) }
    }

    func testHoldTogglesThroughTheDeadline() {
        var input = SpeechTouchInput()
        let first = feed(&input, [.down(slot: 0, x: 100, y: 100, time: 0), .down(slot: 1, x: 300, y: 100, time: 0)])
        XCTAssertFalse(first.contains(.toggle))
        XCTAssertEqual(input.nextDeadline, 1.5)
        XCTAssertEqual(input.deadlineReached(at: 1.5), [.toggle])
        let lift = feed(&input, [.up(slot: 0, time: 2), .up(slot: 1, time: 2)])
        XCTAssertFalse(lift.contains { if case .swipe = $0 { return true }; return false }, "the hold's lift is nothing else")
    }

    func testOneFingerExploresAndTwoQuickTapsAreADoubleTap() {
        var input = SpeechTouchInput()
        let moving = feed(&input, [.down(slot: 0, x: 10, y: 10, time: 0), .move(slot: 0, x: 10, y: 200, time: 0.5), .up(slot: 0, time: 0.6)])
        XCTAssertEqual(moving.filter { if case .explore = $0 { return true }; return false }.last, .explore(x: 10, y: 200))
        XCTAssertFalse(moving.contains(.doubleTap))
        let taps = feed(&input, [.down(slot: 0, x: 50, y: 50, time: 1), .up(slot: 0, time: 1.08),
                                 .down(slot: 0, x: 52, y: 51, time: 1.25), .up(slot: 0, time: 1.32)])
        XCTAssertEqual(taps.filter { $0 == .doubleTap }.count, 1)
    }

    func testTwoFingerSwipeUpIsForwardAndThreeFingerTapReads() {
        var input = SpeechTouchInput()
        let swipe = feed(&input, [.down(slot: 0, x: 100, y: 500, time: 0), .down(slot: 1, x: 200, y: 500, time: 0),
                                  .move(slot: 0, x: 100, y: 300, time: 0.2), .move(slot: 1, x: 200, y: 300, time: 0.2),
                                  .up(slot: 0, time: 0.25), .up(slot: 1, time: 0.25)])
        XCTAssertEqual(swipe.last, .swipe(forward: true))
        let three = feed(&input, [.down(slot: 0, x: 100, y: 500, time: 1), .down(slot: 1, x: 200, y: 500, time: 1),
                                  .down(slot: 2, x: 300, y: 500, time: 1), .up(slot: 0, time: 1.1), .up(slot: 1, time: 1.1), .up(slot: 2, time: 1.1)])
        XCTAssertEqual(three.last, .readToEnd)
        XCTAssertEqual(three.filter { $0 == .touch }.count, 3, "every finger down stops speech")
    }
}
