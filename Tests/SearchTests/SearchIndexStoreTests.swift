import Foundation
import Search
import XCTest

final class SearchIndexStoreTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "lectern-search-\(getpid())-\(UUID().uuidString)"
    }

    override func tearDownWithError() throws {
        chmod(directory, 0o700)
        try? FileManager.default.removeItem(atPath: directory)
    }

    func testBuiltOnceThenReusedForTheSameVersion() throws {
        var builds = 0
        let documents = { builds += 1; return SearchIndexTests.site() }
        let first = SearchIndexStore.open(directory: directory, version: "aaaa", documents: documents)
        let path = directory + "/search-aaaa.sqlite"
        XCTAssertEqual(first.origin, .built(path: path))
        XCTAssertEqual(try first.index?.search("muller").map(\.page), [96])
        let second = SearchIndexStore.open(directory: directory, version: "aaaa", documents: documents)
        XCTAssertEqual(second.origin, .reused(path: path))
        XCTAssertEqual(builds, 1, "the pages are not read again")
        XCTAssertEqual(try second.index?.search("café").map(\.page), [96])
        XCTAssertEqual(try second.index?.pageCount(), 100)
    }

    func testANewVersionReplacesTheOldFile() throws {
        _ = SearchIndexStore.open(directory: directory, version: "aaaa", documents: SearchIndexTests.site)
        let next = SearchIndexStore.open(directory: directory, version: "bbbb") {
            [SearchDocument(page: 0, title: "New", text: "Only Zebra here")]
        }
        XCTAssertEqual(next.origin, .built(path: directory + "/search-bbbb.sqlite"))
        XCTAssertEqual(try next.index?.search("zebra").map(\.title), ["New"])
        XCTAssertEqual(try next.index?.search("muller"), [])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["search-bbbb.sqlite"])
    }

    func testADamagedFileIsRebuilt() throws {
        _ = SearchIndexStore.open(directory: directory, version: "aaaa", documents: SearchIndexTests.site)
        let path = directory + "/search-aaaa.sqlite"
        // Overwrite the middle of the file (the index's pages) with noise.
        let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: path))
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: size / 3)
        try handle.write(contentsOf: Data((0..<Int(size / 3)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }))
        try handle.close()
        let reopened = SearchIndexStore.open(directory: directory, version: "aaaa", documents: SearchIndexTests.site)
        guard case .rebuilt(path, _) = reopened.origin else { return XCTFail("\(reopened.origin)") }
        XCTAssertEqual(try reopened.index?.search("muller").map(\.page), [96])
    }

    func testAFileThatIsNotADatabaseIsRebuilt() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/search-aaaa.sqlite"
        try Data("this is not SQLite".utf8).write(to: URL(fileURLWithPath: path))
        let opened = SearchIndexStore.open(directory: directory, version: "aaaa", documents: SearchIndexTests.site)
        guard case .rebuilt(path, _) = opened.origin else { return XCTFail("\(opened.origin)") }
        XCTAssertEqual(try opened.index?.search("cafe").map(\.page), [96])
    }

    func testAnUnwritableDirectoryFallsBackToMemory() throws {
        try XCTSkipIf(getuid() == 0, "root writes anywhere")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        chmod(directory, 0o500)
        let opened = SearchIndexStore.open(directory: directory + "/cache", version: "aaaa", documents: SearchIndexTests.site)
        guard case .memory(reason: .some) = opened.origin else { return XCTFail("\(opened.origin)") }
        XCTAssertEqual(try opened.index?.search("muller").map(\.page), [96])
    }

    func testADirectoryThatCannotBeMadeFallsBackToMemory() throws {
        // Even root cannot make a directory in /proc, nor one under a plain file.
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Data("a file".utf8).write(to: URL(fileURLWithPath: directory + "/file"))
        for unwritable in ["/proc/lectern-search-\(getpid())", directory + "/file/cache"] {
            let opened = SearchIndexStore.open(directory: unwritable, version: "aaaa", documents: SearchIndexTests.site)
            guard case .memory(reason: .some) = opened.origin else { return XCTFail("\(opened.origin)") }
            XCTAssertEqual(try opened.index?.search("muller").map(\.page), [96])
        }
    }
}
