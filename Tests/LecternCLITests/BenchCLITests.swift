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
            for key in ["width", "height", "median_us", "p99_us", "ratio_to_memcpy"] {
                XCTAssertNotNil(object[key] as? NSNumber, "\(key) in \(line)")
            }
        }
    }
}
