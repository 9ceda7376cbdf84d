import Glibc
import XCTest
@testable import Typeset

/// On the device layout never waits for a hyphenation dictionary (German takes over a
/// second to load): it goes without, the dictionary loads in the background, and a pipe
/// tells the loop to lay the pages out again.
final class HyphenationLoadingTests: XCTestCase {
    /// Waits (not timed: the generous limit only ends a broken run) for the pipe.
    private func waitReadable(_ fd: Int32) -> Bool {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&p, 1, 60_000) == 1
    }

    func testAnUnloadedDictionaryIsNotWaitedForAndAnnouncedWhenLoaded() throws {
        let dictionaries = HyphenationDictionaries()
        XCTAssertEqual(dictionaries.readyDescriptor, -1, "waiting (the default) needs no pipe")
        dictionaries.waitsForLoading = false
        XCTAssertGreaterThanOrEqual(dictionaries.readyDescriptor, 0)
        XCTAssertNil(dictionaries.hyphenator(for: "de"), "not loaded yet: layout goes without it, at once")
        XCTAssertTrue(waitReadable(dictionaries.readyDescriptor), "the background load announces itself")
        dictionaries.drainReady()
        let german = try XCTUnwrap(dictionaries.hyphenator(for: "de"), "loaded: served without waiting")
        XCTAssertEqual(german.hyphenated("Bibliothek"), "Bi-blio-thek")
        // Asked again: no second announcement for a dictionary that is there.
        _ = dictionaries.hyphenator(for: "de")
        var byte: UInt8 = 0
        XCTAssertEqual(read(dictionaries.readyDescriptor, &byte, 1), -1, "nothing more on the pipe")
    }

    func testWaitingIsTheDefault() throws {
        let dictionaries = HyphenationDictionaries()
        XCTAssertNotNil(dictionaries.hyphenator(for: "fr"), "loaded then and there")
    }
}
