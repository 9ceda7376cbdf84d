import Foundation
import Testing
@testable import TextFile

@Suite struct TextFileTests {
    @Test func lineEndingsOfEveryKindBecomeLF() {
        let file = TextFile(path: "x", bytes: Array("a\r\nb\rc\nd\r".utf8))
        #expect(file.text == "a\nb\nc\nd\n")
        #expect(file.lines == ["a", "b", "c", "d"])
    }

    @Test func byteOrderMarkIsDropped() {
        let file = TextFile(path: "x", bytes: [0xEF, 0xBB, 0xBF] + Array("[display]\r\n".utf8))
        #expect(file.text == "[display]\n")
    }

    @Test func aPartialBOMIsKeptAsText() {
        let file = TextFile(path: "x", bytes: [0xEF, 0xBB, 0x41])
        #expect(file.text == "\u{FFFD}A")
        #expect(file.invalidUTF8Lines == [1])
    }

    @Test func invalidUTF8BecomesReplacementWithItsLine() {
        let bytes = Array("ok\r\nfine\n".utf8) + [0xC3, 0x28] + Array("\nbad\u{0}\n".utf8) + [0xFF]
        let file = TextFile(path: "p.md", bytes: bytes)
        #expect(file.invalidUTF8Lines == [3, 5])
        #expect(file.text.contains("\u{FFFD}("))
        #expect(file.warnings.first == "p.md:3: bytes that are not UTF-8 are shown as \u{FFFD}; save the file as UTF-8")
    }

    @Test func linesSplitUnnormalisedText() {
        #expect(TextFile.lines("a\r\nb") == ["a", "b"])
        #expect(TextFile.lines("a\n\nb\n") == ["a", "", "b"])
        #expect(TextFile.lines("") == [])
    }

    @Test func tabsExpandToTheNextStop() {
        #expect(TextFile.expandTabs("\tx") == "    x")
        #expect(TextFile.expandTabs("ab\tc", width: 4) == "ab  c")
        #expect(TextFile.expandTabs("abcd\te", width: 4) == "abcd    e")
        #expect(TextFile.expandTabs("中\tx", width: 4) == "中   x")
    }

    @Test func readRefusesMissingAndOversizedFiles() throws {
        #expect(throws: TextFileError.self) { try TextFile.read(path: "/nonexistent/lectern.toml") }
        let path = NSTemporaryDirectory() + "textfile-\(getpid()).txt"
        try Data(repeating: 0x41, count: 2048).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        do {
            _ = try TextFile.read(path: path, limit: 1024)
            Issue.record("an oversized file was read")
        } catch {
            #expect(error.kind == .tooLarge)
            #expect(error.message.contains(path) && error.message.contains("1024"))
        }
        #expect(try TextFile.read(path: path, limit: 4096).text.count == 2048)
    }

    @Test func normalisingIsLinearInSize() {
        // 4 MB of CRLF lines: one pass; a quadratic join would not finish in test time.
        let bytes: [UInt8] = [UInt8](repeating: 0x61, count: 62) + [0x0D, 0x0A]
        var big: [UInt8] = []
        big.reserveCapacity(4 << 20)
        for _ in 0..<(4 << 20) / bytes.count { big += bytes }
        let file = TextFile(path: "big", bytes: big)
        #expect(file.lines.count == (4 << 20) / 64)
    }
}
