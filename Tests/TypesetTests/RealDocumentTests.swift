import Foundation
import XCTest
@testable import Typeset

/// README files written by other projects (see RealDocuments/SOURCES.md): they parse and
/// lay out with no raw markup left where markup was, and with no tofu.
final class RealDocumentTests: XCTestCase {
    private func load(_ name: String) throws -> Document {
        let url = try XCTUnwrap(Bundle.module.url(forResource: name, withExtension: "md", subdirectory: "RealDocuments"))
        return try Document.load(path: url.path)
    }

    /// Text outside code (code may show markup on purpose).
    private func prose(_ document: Document) -> [String] {
        document.blocks.flatMap { block -> [String] in
            switch block.kind {
            case .code: return []
            case let .table(table): return table.rows.flatMap { $0.map { $0.filter { !$0.style.contains(.code) }.map(\.text).joined() } }
            default: return [block.inlines.filter { !$0.style.contains(.code) }.map(\.text).joined()]
            }
        }
    }

    private func assertNoRawMarkup(_ document: Document, file: StaticString = #filePath, line: UInt = #line) {
        for text in prose(document) {
            for markup in ["|---", "| ---", "```", "**", "- [x]", "- [ ]", "](", "<img", "<p ", "</", "&amp;", "<!--"] {
                XCTAssertFalse(text.contains(markup), "\"\(markup)\" left in: \(text)", file: file, line: line)
            }
            XCTAssertFalse(text.hasPrefix("#"), "heading marker left in: \(text)", file: file, line: line)
        }
    }

    func testArgumentParserReadme() throws {
        let document = try load("swift-argument-parser-README")
        assertNoRawMarkup(document)
        XCTAssertEqual(document.title, "Swift Argument Parser")
        XCTAssertTrue(document.blocks.contains { if case .table = $0.kind { true } else { false } }, "its version table")
        XCTAssertGreaterThanOrEqual(document.blocks.filter { $0.kind == .code }.count, 3)
        let codeText = document.blocks.filter { $0.kind == .code }.map(\.visibleText).joined()
        XCTAssertTrue(codeText.contains("struct Repeat: ParsableCommand"))
        try assertLaysOutWithoutTofu(document)
    }

    func testSwiftSystemReadmeTables() throws {
        let document = try load("swift-system-README")
        assertNoRawMarkup(document)
        let tables = document.blocks.compactMap { if case let .table(t) = $0.kind { t } else { nil } }
        XCTAssertGreaterThanOrEqual(tables.count, 2)
        XCTAssertEqual(tables[0].rows[0].map { $0.map(\.text).joined() }, ["Platform type", "Source Stability"])
        try assertLaysOutWithoutTofu(document)
    }

    func testSwinjectReadmeTaskListAndHTML() throws {
        let document = try load("Swinject-README")
        assertNoRawMarkup(document)
        let tasks = document.blocks.filter { if case .task = $0.marker { true } else { false } }
        XCTAssertGreaterThanOrEqual(tasks.count, 10)
        XCTAssertTrue(tasks.contains { $0.marker == .task(checked: true) })
        try assertLaysOutWithoutTofu(document)
    }

    func testEventSourceReadme() throws {
        let document = try load("EventSource-README")
        assertNoRawMarkup(document)
        try assertLaysOutWithoutTofu(document)
    }

    private func assertLaysOutWithoutTofu(_ document: Document, file: StaticString = #filePath, line: UInt = #line) throws {
        let typesetter = try Fonts.pinned(size: 18)
        let missing = typesetter.missingCharacters(in: document)
        XCTAssertTrue(missing.isEmpty, "no font covers: \(missing.map { String(format: "U+%04X", $0.scalar.value) })", file: file, line: line)
        let layout = typesetter.layout(document, width: 900)
        XCTAssertGreaterThan(layout.lineCount, 20, file: file, line: line)
        XCTAssertEqual(layout.lines.map(\.top), layout.lines.map(\.top).sorted(), "lines in y order", file: file, line: line)
        // Nothing the fonts lack: glyph 0 is .notdef, the tofu box.
        XCTAssertFalse(layout.glyphs.contains { $0.glyph == 0 }, "a .notdef glyph was placed", file: file, line: line)
    }
}

private extension Block {
    var visibleText: String { inlines.map(\.text).joined() }
}
