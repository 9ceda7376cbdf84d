import Foundation
import XCTest

/// Runs the built `lectern` binary (debug build, next to this package's .build).
final class SpringPlotCLITests: XCTestCase {
    private var lecternPath: String {
        BuiltProducts.lectern
    }

    private func run(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let result = try BuiltProducts.runLectern(arguments)
        return (result.status, result.stderr)
    }

    func testSpringPlotWritesAPNG() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: lecternPath), "build lectern first")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-plot-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let result = try run(["spring", "--duration", "0.5", "--bounce", "0.3", "--plot", out])
        XCTAssertEqual(result.status, 0, result.stderr)
        let data = try Data(contentsOf: URL(fileURLWithPath: out))
        XCTAssertEqual(Array(data.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "not a PNG")
        XCTAssertGreaterThan(data.count, 1000)
    }

    func testSpringPlotToUnwritablePathFailsWithOneLine() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: lecternPath), "build lectern first")
        let result = try run(["spring", "--duration", "0.5", "--plot", "/nonexistent-dir/x.png"])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("/nonexistent-dir/x.png"), result.stderr)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
    }
}
