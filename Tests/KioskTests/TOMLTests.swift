import Foundation
import TextFile
import XCTest
@testable import Kiosk

/// TOML 1.0 through toml++ (TOMLTree): the files under TOML/valid must parse, those
/// under TOML/invalid must fail at the line their first comment names ("[error line N]").
final class TOMLTests: XCTestCase {
    private func files(_ folder: String) throws -> [URL] {
        let directory = try XCTUnwrap(Bundle.module.url(forResource: "TOML/\(folder)", withExtension: nil))
        return try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "toml" }.sorted { $0.path < $1.path }
    }

    /// Read as the configuration is: through TextFile (BOM, CRLF).
    private func parse(_ name: String) throws -> TOMLTree {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "TOML/valid/\(name)", withExtension: "toml"))
        return try TOMLTree(parsing: TextFile.read(path: url.path).text)
    }

    func testEveryValidFileParses() throws {
        let valid = try files("valid")
        XCTAssertGreaterThanOrEqual(valid.count, 15)
        for url in valid {
            do {
                _ = try TOMLTree(parsing: TextFile.read(path: url.path).text)
            } catch {
                XCTFail("\(url.lastPathComponent): \(error)")
            }
        }
    }

    func testEveryInvalidFileFailsAtItsLine() throws {
        let invalid = try files("invalid")
        XCTAssertGreaterThanOrEqual(invalid.count, 20)
        for url in invalid {
            let text = try TextFile.read(path: url.path).text
            let marker = try XCTUnwrap(text.range(of: #"\[error line (\d+)\]"#, options: .regularExpression), url.lastPathComponent)
            let expected = Int(text[marker].dropFirst(12).dropLast())
            do {
                _ = try TOMLTree(parsing: text)
                XCTFail("\(url.lastPathComponent) parsed but is not TOML 1.0")
            } catch {
                XCTAssertEqual(error.position.line, expected, "\(url.lastPathComponent): \(error.message)")
                XCTAssertGreaterThan(error.position.column, 0, url.lastPathComponent)
                XCTAssertFalse(error.message.isEmpty)
            }
        }
    }

    private func value(_ tree: TOMLTree, _ path: String...) -> TOMLTree.Node? {
        var entries = tree.root
        var node: TOMLTree.Node?
        for key in path {
            node = entries.first { $0.key == key }?.node
            if case let .table(inner)? = node?.value { entries = inner } else { entries = [] }
        }
        return node
    }

    func testIntegersInEveryBase() throws {
        let tree = try parse("integers")
        func int(_ key: String) -> Int64? { if case let .integer(i)? = value(tree, key)?.value { return i }; return nil }
        XCTAssertEqual(int("hex"), 0xDEAD_BEEF)
        XCTAssertEqual(int("hex_lower"), 0xDEAD_BEEF)
        XCTAssertEqual(int("octal"), 0o755)
        XCTAssertEqual(int("binary"), 0b1101_0110)
        XCTAssertEqual(int("plus"), 99)
        XCTAssertEqual(int("minus"), -17)
        XCTAssertEqual(int("big"), Int64.max)
    }

    func testInfinityAndNaN() throws {
        let tree = try parse("floats")
        func float(_ key: String) -> Double? { if case let .float(d)? = value(tree, key)?.value { return d }; return nil }
        XCTAssertEqual(float("positive_inf"), .infinity)
        XCTAssertEqual(float("negative_inf"), -.infinity)
        XCTAssertEqual(float("plus_inf"), .infinity)
        XCTAssertEqual(float("not_a_number")?.isNaN, true)
        XCTAssertEqual(float("exponent"), 5e22)
        XCTAssertEqual(float("underscores"), 224_617.445_991_228)
    }

    func testStringsAndEscapes() throws {
        let escapes = try parse("escapes")
        func string(_ tree: TOMLTree, _ key: String) -> String? { if case let .string(s)? = value(tree, key)?.value { return s }; return nil }
        XCTAssertEqual(string(escapes, "cr"), "a\rb")
        XCTAssertEqual(string(escapes, "unicode"), "café 😀")
        XCTAssertEqual(string(escapes, "all"), "tab\tnewline\ncr\rquote\"backslash\\bs\u{8}ff\u{C}")
        let multi = try parse("multiline-strings")
        XCTAssertEqual(string(multi, "basic"), "Roses are red\nViolets are blue")
        XCTAssertEqual(string(multi, "folded"), "The quick brown fox jumps over the lazy dog.")
        XCTAssertEqual(string(multi, "literal"), "The first newline is\ntrimmed in raw strings.\n   All other whitespace\n   is preserved. \\n stays\n")
        let literal = try parse("literal-strings")
        XCTAssertEqual(string(literal, "winpath"), #"C:\Users\nodejs\templates"#)
        let quoted = try parse("quoted-keys")
        XCTAssertEqual(quoted.root.map(\.key), ["quoted key", "literal key", "ʎǝʞ", "", "a.b"], "keys in file order")
    }

    func testDatesAndTimes() throws {
        let tree = try parse("dates")
        guard case let .dateTime(offset)? = value(tree, "offset")?.value else { return XCTFail() }
        XCTAssertTrue(offset.hasPrefix("1979-05-27T07:32:00"), offset)
        guard case let .date(date)? = value(tree, "local_date")?.value else { return XCTFail() }
        XCTAssertEqual(date, "1979-05-27")
        guard case let .time(time)? = value(tree, "local_time")?.value else { return XCTFail() }
        XCTAssertEqual(time, "07:32:00")
        guard case .dateTime? = value(tree, "local_date_time")?.value else { return XCTFail() }
    }

    func testStructuresAndTheirPositions() throws {
        let arrays = try parse("multiline-array")
        guard case let .array(fonts)? = value(arrays, "fonts")?.value else { return XCTFail() }
        XCTAssertEqual(fonts.map(\.position), [.init(line: 3, column: 3), .init(line: 4, column: 3)], "each item keeps its own line")
        XCTAssertEqual(arrays.root.first?.keyPosition, .init(line: 2, column: 1))

        let dotted = try parse("dotted-keys")
        guard case .integer(90)? = value(dotted, "display", "rotation")?.value else { return XCTFail("display.rotation") }
        guard case .bool(true)? = value(dotted, "site", "google.com")?.value else { return XCTFail("quoted dotted key") }
        guard case .integer(1)? = value(dotted, "a", "b", "c")?.value else { return XCTFail("spaced dotted key") }
        XCTAssertEqual(value(dotted, "display", "scale")?.position, .init(line: 2, column: 17))

        let inline = try parse("inline-table")
        guard case .bool(true)? = value(inline, "theme", "nested", "deep")?.value else { return XCTFail() }
        XCTAssertEqual(value(inline, "point")?.position.line, 1)

        let tables = try parse("tables")
        guard case let .array(pages)? = value(tables, "page")?.value, pages.count == 2 else { return XCTFail("[[page]] x2") }
        XCTAssertEqual(pages.map(\.position.line), [5, 7], "each [[page]] at its header")
        guard case let .table(second) = pages[1].value else { return XCTFail() }
        XCTAssertEqual(second.map(\.key), ["title", "extra"])
    }

    func testCRLFAndBOMFiles() throws {
        let crlf = try parse("crlf")
        guard case let .string(text)? = value(crlf, "display", "text")?.value else { return XCTFail() }
        XCTAssertEqual(text, "line one\nline two")
        XCTAssertEqual(value(crlf, "display", "rotation")?.position.line, 3)
        let bom = try parse("bom")
        XCTAssertEqual(bom.root.first?.key, "title")
        XCTAssertEqual(bom.root.first?.keyPosition, .init(line: 2, column: 1))
    }

    /// toml++ recurses per level of nesting; a dotted key 20 000 levels deep used to
    /// overflow the stack (SIGSEGV). Now refused with a message, while ordinary nesting parses.
    func testDeepNestingIsRefusedNotACrash() throws {
        let deep = Array(repeating: "a", count: 20_000).joined(separator: ".") + " = 1\n"
        XCTAssertThrowsError(try TOMLTree(parsing: "# deep\n" + deep)) { error in
            let error = error as? TOMLTree.SyntaxError
            XCTAssertEqual(error?.position.line, 2)
            XCTAssertTrue(error?.message.contains("4096") ?? false, "\(String(describing: error))")
        }
        let header = "[" + Array(repeating: "b", count: 20_000).joined(separator: ".") + "]\n"
        XCTAssertThrowsError(try TOMLTree(parsing: header))
        let fine = Array(repeating: "a", count: 1000).joined(separator: ".") + " = 1\n"
        let tree = try TOMLTree(parsing: fine)
        var depth = 0
        var entries = tree.root
        while case let .table(inner)? = entries.first?.node.value { depth += 1; entries = inner }
        XCTAssertEqual(depth, 999)
    }

    func testEmptyAndCommentsOnly() throws {
        XCTAssertTrue(try TOMLTree(parsing: "").root.isEmpty)
        XCTAssertTrue(try TOMLTree(parsing: "# nothing\n\n").root.isEmpty)
        let comments = try parse("comments")
        XCTAssertEqual(comments.root.map(\.key), ["key", "other", "section", "array"])
    }

    /// The nesting guard counts structure only: the same characters in comments and in
    /// each kind of string do not count, and a real deep key after them is still caught.
    func testNestingGuardSkipsCommentsAndStrings() throws {
        let dots = String(repeating: ".[{", count: 2000)
        let text = "# \(dots)\nbasic = \"\(dots) \\\" still a string \(dots)\"\nliteral = '\(dots)'\n"
            + "multi = \"\"\"\n\(dots)\n\\\"\"\" \(dots)\"\"\"\"\nraw = \'\'\'\n\(dots)\'\'\'\'\n\"\(dots)\" = 1 # \(dots)\n"
        let tree = try TOMLTree(parsing: text)
        XCTAssertEqual(tree.root.map(\.key), ["basic", "literal", "multi", "raw", dots])
        let deep = Array(repeating: "a", count: 5000).joined(separator: ".") + " = 1\n"
        XCTAssertThrowsError(try TOMLTree(parsing: text + deep)) { error in
            XCTAssertEqual((error as? TOMLTree.SyntaxError)?.position.line, 10)
        }
    }
}
