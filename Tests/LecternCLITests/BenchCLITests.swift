import Foundation
import XCTest

/// `lectern bench --quick --json` from the built debug binary: the output format, not speed.
final class BenchCLITests: XCTestCase {
    func testQuickJSONHasOneObjectPerCaseAndSize() throws {
        let path = BuiltProducts.lectern
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: path), "build lectern first")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["bench", "--quick", "--json", "--filter", "shapes"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        XCTAssertEqual(lines.count, 2, "shapes.dots at two sizes")
        for line in lines {
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            XCTAssertEqual(object["name"] as? String, "shapes.dots")
            for key in ["width", "height", "median_us", "p99_us", "ratio_to_memcpy", "ratio_to_stream", "stream_us"] {
                XCTAssertNotNil(object[key] as? NSNumber, "\(key) in \(line)")
            }
        }
    }

    /// `--filter` picks start cases by name like any other: `start.demo` runs that one
    /// start case and nothing else (it ran both start cases for any "start…" prefix).
    func testFilterPicksOneStartCaseByName() throws {
        let (status, out, _) = try bench(["--quick", "--json", "--filter", "start.demo"])
        XCTAssertEqual(status, 0)
        let names = out.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["name"] as? String
        }
        XCTAssertEqual(names, ["start.demo"])
    }

    /// The stream yardstick is a case of its own (`--filter stream`), and its ratio to
    /// itself is 1: the targets are stated in it.
    func testStreamIsMeasuredAndPrinted() throws {
        let (status, out, _) = try bench(["--quick", "--json", "--filter", "stream"])
        XCTAssertEqual(status, 0)
        let objects = try out.split(separator: "\n").map { try XCTUnwrap(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        XCTAssertEqual(objects.map { $0["name"] as? String }, ["stream", "stream"], out)
        XCTAssertEqual(objects.map { $0["ratio_to_stream"] as? Double }, [1, 1], out)
        let (_, table, _) = try bench(["--quick", "--filter", "shapes"])
        XCTAssertTrue(table.contains("× stream"), table)
    }

    func testAnUnknownFilterSaysWhichNamesExist() throws {
        let (status, _, err) = try bench(["--quick", "--filter", "nosuch"])
        XCTAssertNotEqual(status, 0)
        XCTAssertTrue(err.contains("no benchmark name starts with 'nosuch'"), err)
        XCTAssertTrue(err.contains("start.german20"), err)
    }

    private func bench(_ arguments: [String]) throws -> (Int32, String, String) {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: BuiltProducts.lectern), "build lectern first")
        let run = try BuiltProducts.runLectern(["bench"] + arguments)
        return (run.status, run.stdout, run.stderr)
    }
}
