import Foundation
import XCTest
@testable import Typeset

/// Inputs built to make a parser or a layout quadratic (or recurse without end): 1 MB
/// each must parse and lay out in linear time. The bound is generous (debug build,
/// shared machine) but a quadratic pass over 1 MB would take minutes, not seconds.
final class LinearTimeTests: XCTestCase {
    private let megabyte = 1 << 20
    private let bound = 5.0  // seconds, debug build

    private func repeated(_ piece: String) -> String {
        String(repeating: piece, count: megabyte / piece.utf8.count)
    }

    private func assertLinear(_ name: String, _ source: String, bound: Double? = nil, file: StaticString = #filePath, line: UInt = #line) throws {
        let typesetter = try Fonts.pinned(size: 18)
        let start = Date()
        let document = Document.markdown(source)
        let layout = typesetter.freshLayout(document, width: 800)
        let seconds = Date().timeIntervalSince(start)
        XCTAssertGreaterThan(layout.height, 0, file: file, line: line)
        XCTAssertLessThan(seconds, bound ?? self.bound, "\(name): \(String(format: "%.2f", seconds)) s for 1 MB", file: file, line: line)
        print("\(name): 1 MB parsed and laid out in \(String(format: "%.2f", seconds)) s")
    }

    func testOpenBrackets() throws { try assertLinear("[a ", repeated("[a ")) }
    func testOpenImageBrackets() throws { try assertLinear("![a](", repeated("![a](")) }
    func testEmphasisDelimiters() throws { try assertLinear("*a_ **", repeated("*a_ **b ")) }
    func testBackticks() throws { try assertLinear("`` ` ", repeated("a `` b ` ")) }
    func testNestedQuotes() throws { try assertLinear(">", repeated(">") + " deep") }
    func testNestedLists() throws { try assertLinear("- ", repeated("- ") + "deep") }
    func testManyShortLines() throws { try assertLinear("lines", repeated("> - a *b* [c](d)\n")) }
    /// 60 000 rows of 3 cells, each shaped twice (measured, then placed): about 4.5 s in a
    /// debug build, so a looser bound; quadratic over the rows would still take hours.
    func testTableRows() throws {
        try assertLinear("table", "| a | b | c |\n|---|:-:|--:|\n" + repeated("| x | **y** | z |\n"), bound: 12)
    }
}
