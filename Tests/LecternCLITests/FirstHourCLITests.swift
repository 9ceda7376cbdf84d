import Foundation
import XCTest

/// What a newcomer types in the first hour: sizes as the guide prints them, one clear
/// line when an output cannot be written, a spring plotted without choosing times.
final class FirstHourCLITests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: BuiltProducts.lectern), "build lectern first")
    }

    private func temporary(_ name: String) -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-firsthour-\(getpid())-\(name)").path
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    /// The PNG's width and height from its IHDR chunk.
    private func pngSize(_ path: String) throws -> (Int, Int) {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        guard bytes.count > 24 else { return (0, 0) }
        func be32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be32(16), be32(20))
    }

    func testSizeWithAMultiplicationSign() throws {
        let output = temporary("times.png")
        let result = try BuiltProducts.runLectern(["snapshot", "--size", "640\u{00D7}400", "-o", output])
        XCTAssertEqual(result.status, 0, result.stderr)
        let size = try pngSize(output)
        XCTAssertEqual(size.0, 640)
        XCTAssertEqual(size.1, 400)
        // Still refused: anything that is not a size.
        XCTAssertEqual(try BuiltProducts.runLectern(["snapshot", "--size", "640\u{00D7}", "-o", output]).status, 64)
    }

    func testAnUnwritableOutputIsSaidOnce() throws {
        let result = try BuiltProducts.runLectern(["snapshot", "--size", "320x200", "-o", "/missing/dir/x.png"])
        XCTAssertEqual(result.status, 64, result.stderr)
        let lines = result.stderr.split(separator: "\n").filter { $0.contains("/missing/dir/x.png") }
        XCTAssertEqual(lines.count, 1, result.stderr)
        XCTAssertEqual(lines.first?.components(separatedBy: "cannot write").count, 2, "the reason once: \(result.stderr)")
        XCTAssertEqual(lines.first?.components(separatedBy: "/missing/dir/x.png").count, 2, "the path once: \(result.stderr)")
        XCTAssertTrue(lines.first?.contains("-o: cannot write /missing/dir/x.png: No such file or directory") ?? false, result.stderr)
    }

    func testSpringPlotWithoutTimesPrintsItsOwnSamples() throws {
        let plot = temporary("spring.png")
        let result = try BuiltProducts.runLectern(["spring", "--duration", "0.5", "--bounce", "0", "--plot", plot])
        XCTAssertEqual(result.status, 0, result.stderr)
        let rows = result.stdout.split(separator: "\n")
        XCTAssertEqual(rows.first, "t,position,velocity")
        // 60 per second from 0 until the spring settles (a 0.5 s spring: well under 5 s).
        XCTAssertGreaterThan(rows.count, 20, result.stdout)
        XCTAssertLessThanOrEqual(rows.count, 5 * 60 + 2, result.stdout)
        let times = rows.dropFirst().compactMap { Double($0.split(separator: ",")[0]) }
        XCTAssertEqual(times.first, 0)
        XCTAssertEqual(times[1], 1.0 / 60, accuracy: 0.0001)
        let last = rows.last?.split(separator: ",").compactMap { Double($0) } ?? []
        XCTAssertEqual(last.count, 3)
        XCTAssertEqual(last[1], 1, accuracy: 0.02, "settled at the target (--to 1)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: plot))
    }
}
