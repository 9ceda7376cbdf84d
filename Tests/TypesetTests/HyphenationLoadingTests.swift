import Glibc
import LoopCore
import Platform
import XCTest
@testable import Typeset

/// On the device layout never waits for a hyphenation dictionary (German takes over a
/// second to load): it goes without, the dictionary loads in the background, and the
/// loop's wake-up pipe (handed to `onArrival`, as `lectern run` does) tells it to lay the
/// pages out again.
final class HyphenationLoadingTests: XCTestCase {
    /// Waits (not timed: the generous limit only ends a broken run) for the pipe.
    private func waitReadable(_ fd: FileDescriptor) -> Bool {
        var p = pollfd(fd: fd.rawValue, events: Int16(POLLIN), revents: 0)
        return poll(&p, 1, 60_000) == 1
    }

    func testAnUnloadedDictionaryIsNotWaitedForAndAnnouncedWhenLoaded() throws {
        let dictionaries = HyphenationDictionaries()
        XCTAssertTrue(dictionaries.waitsForLoading, "waiting is the default: nothing to announce")
        let wake = try WakePipe(system: LinuxSystemCalls())
        dictionaries.onArrival = wake.wake
        dictionaries.waitsForLoading = false
        XCTAssertNil(dictionaries.hyphenator(for: "de"), "not loaded yet: layout goes without it, at once")
        XCTAssertTrue(waitReadable(wake.descriptor), "the background load announces itself")
        wake.drain()
        let german = try XCTUnwrap(dictionaries.hyphenator(for: "de"), "loaded: served without waiting")
        XCTAssertEqual(german.hyphenated("Bibliothek"), "Bi-blio-thek")
        // Asked again: no second announcement for a dictionary that is there.
        _ = dictionaries.hyphenator(for: "de")
        var byte: UInt8 = 0
        XCTAssertEqual(read(wake.descriptor.rawValue, &byte, 1), -1, "nothing more on the pipe")
    }

    func testWaitingIsTheDefault() throws {
        let dictionaries = HyphenationDictionaries()
        XCTAssertNotNil(dictionaries.hyphenator(for: "fr"), "loaded then and there")
    }

    /// Layout through the shared dictionaries, not waiting: the first layout has no
    /// hyphen; once the pipe says the dictionary is there, the same layout has them.
    func testLayoutGoesWithoutThenWithTheDictionary() throws {
        let shared = HyphenationDictionaries.shared
        // One process runs every test target: an earlier test may have loaded German.
        if shared.isLoaded("de") { throw XCTSkip("German was loaded by an earlier test in this process") }
        let wake = try WakePipe(system: LinuxSystemCalls())
        shared.onArrival = wake.wake
        shared.waitsForLoading = false
        defer {
            shared.waitsForLoading = true
            shared.onArrival = nil
        }
        var style = TextStyle.pinned([Fonts.dejaVu, Fonts.droid], size: 20)
        style.language = "en"
        let typesetter = try Typesetter(style: style)
        let document = Document.markdown("---\ntitle: Test\nlang: \"de\"\n---\n\nDonaudampfschifffahrtsgesellschaftskapitän kommt.\n")
        let hyphen = try XCTUnwrap(typesetter.store.faces[0].hyphenGlyph)
        func hyphenated(_ layout: PageLayout) -> Int {
            layout.lines.filter { $0.glyphEnd > $0.glyphStart && layout.glyphs[Int($0.glyphEnd) - 1].glyph == hyphen.glyph }.count
        }
        XCTAssertEqual(hyphenated(typesetter.layout(document, width: 200)), 0, "laid out at once, without the dictionary")
        var p = pollfd(fd: wake.descriptor.rawValue, events: Int16(POLLIN), revents: 0)
        XCTAssertEqual(poll(&p, 1, 60_000), 1, "the dictionary's arrival is announced")
        wake.drain()
        typesetter.forgetLayouts()  // as the kiosk does when told
        XCTAssertGreaterThanOrEqual(hyphenated(typesetter.layout(document, width: 200)), 2, "laid out again: hyphenated")
    }
}
