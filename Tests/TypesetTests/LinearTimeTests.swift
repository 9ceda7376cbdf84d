import Foundation
import XCTest
@testable import Typeset

/// Inputs built to make a parser or a layout quadratic (or recurse without end): 1 MB
/// each must parse and lay out in linear time.
///
/// The bound is relative, so it holds in debug, release and AddressSanitizer builds on a
/// shared machine: each case may take at most 6× as long as 1 MB of ordinary prose (plus
/// a second of slack), which takes about 1.7 s in a debug build. A quadratic pass over
/// 1 MB is some 10⁵ times slower than a linear one, so it cannot hide under that bound.
final class LinearTimeTests: XCTestCase {
    private static let megabyte = 1 << 20
    /// Measured once, on first use (a lazy static: thread-safe).
    private static let proseSeconds: Double = {
        let prose = repeated("Plain words of an ordinary paragraph, *some* of them `styled`.\n\n")
        return (try? time(prose).seconds) ?? 2
    }()

    private static func repeated(_ piece: String) -> String {
        String(repeating: piece, count: megabyte / piece.utf8.count)
    }

    private static func time(_ source: String) throws -> (seconds: Double, height: Int) {
        let typesetter = try Fonts.pinned(size: 18)
        let start = Date()
        let layout = typesetter.freshLayout(Document.markdown(source), width: 800)
        return (Date().timeIntervalSince(start), layout.height)
    }

    private func assertLinear(_ name: String, _ source: String, factor: Double = 6, file: StaticString = #filePath, line: UInt = #line) throws {
        let prose = Self.proseSeconds
        let (seconds, height) = try Self.time(source)
        XCTAssertGreaterThan(height, 0, file: file, line: line)
        XCTAssertLessThan(seconds, prose * factor + 1,
                          "\(name): \(String(format: "%.2f", seconds)) s for 1 MB; 1 MB of prose took \(String(format: "%.2f", prose)) s",
                          file: file, line: line)
        print("\(name): 1 MB parsed and laid out in \(String(format: "%.2f", seconds)) s (prose: \(String(format: "%.2f", prose)) s)")
    }

    func testOpenBrackets() throws { try assertLinear("[a ", Self.repeated("[a ")) }
    func testOpenImageBrackets() throws { try assertLinear("![a](", Self.repeated("![a](")) }
    func testEmphasisDelimiters() throws { try assertLinear("*a_ **", Self.repeated("*a_ **b ")) }
    func testBackticks() throws { try assertLinear("`` ` ", Self.repeated("a `` b ` ")) }
    func testNestedQuotes() throws { try assertLinear(">", Self.repeated(">") + " deep") }
    func testNestedLists() throws { try assertLinear("- ", Self.repeated("- ") + "deep") }
    func testManyShortLines() throws { try assertLinear("lines", Self.repeated("> - a *b* [c](d)\n")) }
    /// 60 000 rows of 3 cells, each shaped twice (measured, then placed).
    func testTableRows() throws {
        try assertLinear("table", "| a | b | c |\n|---|:-:|--:|\n" + Self.repeated("| x | **y** | z |\n"), factor: 10)
    }
}
