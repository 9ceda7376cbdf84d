import Foundation
import XCTest
@testable import TextFile

// XCTest, as every other test target: Debian's Swift 6.2.3 ships no _Testing_Foundation
// library, so the tests build there with Swift Testing disabled (scripts/test-swift62).
final class TextFileTests: XCTestCase {
    func testLineEndingsOfEveryKindBecomeLF() {
        let file = TextFile(path: "x", bytes: Array("a\r\nb\rc\nd\r".utf8))
        XCTAssertEqual(file.text, "a\nb\nc\nd\n")
        XCTAssertEqual(file.lines, ["a", "b", "c", "d"])
    }

    func testByteOrderMarkIsDropped() {
        let file = TextFile(path: "x", bytes: [0xEF, 0xBB, 0xBF] + Array("[display]\r\n".utf8))
        XCTAssertEqual(file.text, "[display]\n")
    }

    func testAPartialBOMIsKeptAsText() {
        let file = TextFile(path: "x", bytes: [0xEF, 0xBB, 0x41])
        XCTAssertEqual(file.text, "\u{FFFD}A")
        XCTAssertEqual(file.invalidUTF8Lines, [1])
    }

    func testInvalidUTF8BecomesReplacementWithItsLine() {
        let bytes = Array("ok\r\nfine\n".utf8) + [0xC3, 0x28] + Array("\nbad\u{0}\n".utf8) + [0xFF]
        let file = TextFile(path: "p.md", bytes: bytes)
        XCTAssertEqual(file.invalidUTF8Lines, [3, 5])
        XCTAssertTrue(file.text.contains("\u{FFFD}("))
        XCTAssertEqual(file.warnings.first, "p.md:3: bytes that are not UTF-8 are shown as \u{FFFD}; save the file as UTF-8")
    }

    func testLinesSplitUnnormalisedText() {
        XCTAssertEqual(TextFile.lines("a\r\nb"), ["a", "b"])
        XCTAssertEqual(TextFile.lines("a\n\nb\n"), ["a", "", "b"])
        XCTAssertEqual(TextFile.lines(""), [])
    }

    func testTabsExpandToTheNextStop() {
        XCTAssertEqual(TextFile.expandTabs("\tx"), "    x")
        XCTAssertEqual(TextFile.expandTabs("ab\tc", width: 4), "ab  c")
        XCTAssertEqual(TextFile.expandTabs("abcd\te", width: 4), "abcd    e")
        XCTAssertEqual(TextFile.expandTabs("中\tx", width: 4), "中   x")
    }

    func testReadRefusesMissingAndOversizedFiles() throws {
        XCTAssertThrowsError(try TextFile.read(path: "/nonexistent/lectern.toml")) { XCTAssertTrue($0 is TextFileError) }
        let path = NSTemporaryDirectory() + "textfile-\(getpid()).txt"
        try Data(repeating: 0x41, count: 2048).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        do {
            _ = try TextFile.read(path: path, limit: 1024)
            XCTFail("an oversized file was read")
        } catch {
            XCTAssertEqual(error.kind, .tooLarge)
            XCTAssertTrue(error.message.contains(path) && error.message.contains("1024"), error.message)
        }
        XCTAssertEqual(try TextFile.read(path: path, limit: 4096).text.count, 2048)
    }

    func testNormalisingIsLinearInSize() {
        // 4 MB of CRLF lines: one pass; a quadratic join would not finish in test time.
        let bytes: [UInt8] = [UInt8](repeating: 0x61, count: 62) + [0x0D, 0x0A]
        var big: [UInt8] = []
        big.reserveCapacity(4 << 20)
        for _ in 0..<(4 << 20) / bytes.count { big += bytes }
        let file = TextFile(path: "big", bytes: big)
        XCTAssertEqual(file.lines.count, (4 << 20) / 64)
    }
}
