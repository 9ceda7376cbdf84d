import Foundation
import Keyboard
import Kiosk
import XCTest

/// The search panel's logic with fingers on the keys where the geometry places them:
/// typing shows results, accents and Arabic find their pages, backspace repeats by time,
/// return opens the first result, speech says keys and results, the counts count
/// finished searches only, and the reset forgets the field.
final class SearchPanelTests: XCTestCase {
    static func site() -> SiteSearch {
        var config = KioskConfig.builtIn
        config.pages += [
            .init(title: "Mitarbeiter", source: .builtIn(markdown: "# Mitarbeiter\n\nFrau Dr. Anna Müller leitet das Archiv.\n")),
            .init(title: "المكتبة", source: .builtIn(markdown: "# المكتبة\n\nتفتح المكتبة العامة في الساعة التاسعة.\n")),
        ]
        let search = SiteSearch()
        search.buildNow(config: config, configPath: nil, cacheDirectory: nil, pdfCache: NSTemporaryDirectory() + "lectern-panel-pdf")
        return search
    }

    /// A 15.6-inch 1920×1080 panel.
    func panel(language: String = "en") throws -> SearchPanel {
        try SearchPanel(search: Self.site(), language: language, width: 1920, bottom: 1080, pixelsPerMillimetre: 1920 / 344)
    }

    /// Taps the key typing `text` (its drawn centre) at `time`, down and up 80 ms apart.
    @discardableResult
    func tap(_ panel: SearchPanel, _ text: String, at time: Double) throws -> [SearchPanel.Event] {
        let key = try XCTUnwrap(panel.geometry.key(typing: text), "no key types \(text) in \(panel.layout.name)")
        let down = panel.touchDown(x: key.frame.midX, y: key.frame.midY, at: time)
        return down + panel.touchUp(at: time + 0.08)
    }

    func tap(_ panel: SearchPanel, _ action: KeyboardGeometry.Action, at time: Double) throws -> [SearchPanel.Event] {
        let key = try XCTUnwrap(panel.geometry.keys.first { $0.action == action })
        return panel.touchDown(x: key.frame.midX, y: key.frame.midY, at: time) + panel.touchUp(at: time + 0.08)
    }

    func testTypingAnUnaccentedNameFindsItsAccentedPage() throws {
        let panel = try panel()
        var time = 0.0
        for letter in ["m", "u", "l", "l"] {
            let events = try tap(panel, letter, at: time)
            XCTAssertTrue(events.contains(.fieldChanged))
            time += 0.3
        }
        XCTAssertEqual(panel.field, "mull")
        XCTAssertEqual(panel.results.map(\.title), ["Mitarbeiter"])
        XCTAssertEqual(panel.results.first?.snippet.hits, ["Müller"])
        let events = try tap(panel, .enter, at: time)
        XCTAssertEqual(events.last, .openFirstResult(panel.results.first))
        XCTAssertEqual(panel.searches, 1)
        XCTAssertEqual(panel.searchesWithNoResult, 0)
    }

    func testTheArabicKeyboardFindsTheArabicPage() throws {
        let panel = try panel(language: "ar")
        XCTAssertEqual(panel.layout.name, "ara")
        for (index, letter) in ["ا", "ل", "م", "ك", "ت", "ب", "ة"].enumerated() { try tap(panel, letter, at: Double(index)) }
        XCTAssertEqual(panel.field, "المكتبة")
        XCTAssertEqual(panel.results.map(\.title), ["المكتبة"])
    }

    func testBackspaceRepeatsWhileHeldAndTheCapHolds() throws {
        let panel = try panel()
        for index in 0..<70 { try tap(panel, "a", at: Double(index)) }
        XCTAssertEqual(panel.field.count, 64, "the field stops at the query's cap")
        let backspace = try XCTUnwrap(panel.geometry.keys.first { $0.action == .backspace })
        _ = panel.touchDown(x: backspace.frame.midX, y: backspace.frame.midY, at: 100)
        XCTAssertEqual(panel.deadline, 100.5)
        _ = panel.advance(to: 101.0)   // 0.5, 0.6 … 1.0: six deletions, whatever the wake-ups
        XCTAssertEqual(panel.field.count, 58)
        _ = panel.touchUp(at: 101.02)
        XCTAssertEqual(panel.field.count, 58, "lifting after repeats deletes nothing more")
        XCTAssertNil(panel.deadline, "no finger: nothing to wake for")
    }

    func testNothingFoundIsCountedOnceAndSpoken() throws {
        let panel = try panel()
        for (index, letter) in ["z", "q", "x"].enumerated() { try tap(panel, letter, at: Double(index)) }
        XCTAssertEqual(panel.results, [])
        XCTAssertEqual(SearchSpeech.english.answer(field: panel.field, results: panel.results), ["zqx", "Nothing found."])
        _ = try tap(panel, .enter, at: 5)
        _ = try tap(panel, .enter, at: 6)
        XCTAssertEqual(panel.searches, 1, "return twice on the same field is one search")
        XCTAssertEqual(panel.searchesWithNoResult, 1)
        panel.reset()
        XCTAssertEqual(panel.field, "")
        XCTAssertEqual(panel.results, [])
        XCTAssertEqual(panel.searches, 1, "the reset does not count an already counted field again")
    }

    func testExploringKeysSpeaksEachAndLiftingTypesTheLast() throws {
        let panel = try panel()
        let q = try XCTUnwrap(panel.geometry.key(typing: "q")), w = try XCTUnwrap(panel.geometry.key(typing: "w"))
        let e = try XCTUnwrap(panel.geometry.key(typing: "e"))
        var spoken: [String] = []
        func say(_ events: [SearchPanel.Event]) {
            for case let .keyUnderFinger(action) in events { spoken.append(SearchSpeech.english.key(action)) }
        }
        say(panel.touchDown(x: q.frame.midX, y: q.frame.midY, at: 0))
        say(panel.touchMoved(x: w.frame.midX, y: w.frame.midY, at: 0.1))
        say(panel.touchMoved(x: w.frame.midX + 2, y: w.frame.midY, at: 0.15))
        say(panel.touchMoved(x: e.frame.midX, y: e.frame.midY, at: 0.2))
        XCTAssertEqual(spoken, ["q", "w", "e"])
        XCTAssertEqual(panel.touchUp(at: 0.3), [.fieldChanged])
        XCTAssertEqual(panel.field, "e")
        let space = try XCTUnwrap(panel.geometry.keys.first { $0.action == .space })
        XCTAssertEqual(SearchSpeech.english.key(space.action), "space")
        XCTAssertEqual(SearchSpeech.german.key(.backspace), "löschen")
    }

    func testResultsAreSpokenWithTitleAndSnippet() throws {
        let panel = try panel()
        for (index, letter) in ["a", "r", "c", "h", "i", "v"].enumerated() { try tap(panel, letter, at: Double(index)) }
        let spoken = SearchSpeech.english.answer(field: panel.field, results: panel.results)
        XCTAssertEqual(spoken.first, "archiv")
        XCTAssertEqual(spoken[1], "1 result.")
        XCTAssertTrue(spoken[2].hasPrefix("1: Mitarbeiter. "), spoken[2])
        XCTAssertTrue(spoken[2].contains("Archiv"), spoken[2])
    }

    func testLongPressTypesAnAccentedLetter() throws {
        let panel = try panel()
        let e = try XCTUnwrap(panel.geometry.key(typing: "e"))
        guard case let .character(key) = e.action, let acute = key.alternates.firstIndex(of: "é") else {
            throw XCTSkip("no Compose table (libx11-data)")
        }
        _ = panel.touchDown(x: e.frame.midX, y: e.frame.midY, at: 0)
        XCTAssertEqual(panel.advance(to: 0.5), [.alternatesOpened])
        let frame = try XCTUnwrap(panel.press?.alternateFrames[acute])
        _ = panel.touchMoved(x: frame.midX, y: frame.midY, at: 0.7)
        _ = panel.touchUp(at: 0.8)
        XCTAssertEqual(panel.field, "é")
    }
}
