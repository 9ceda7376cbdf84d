import Foundation
import XCTest

/// Every fuzz target's committed corpus (seeds, and every input that once crashed,
/// kept as a regression) runs through the plainly built `lectern-fuzz` replayer: a
/// parser change that brings back an old crash fails here, with no fuzzer needed.
final class FuzzCorpusTests: XCTestCase {
    static let corpora = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz")

    func testEveryCorpusReplaysWithoutACrash() throws {
        let replayer = BuiltProducts.path("lectern-fuzz")
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: replayer), "build lectern-fuzz first")
        let targets = try FileManager.default.contentsOfDirectory(atPath: Self.corpora.path)
            .filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }.sorted()
        XCTAssertGreaterThanOrEqual(targets.count, 2)
        for target in targets {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: replayer)
            process.arguments = [target, Self.corpora.appendingPathComponent(target).path]
            let out = Pipe()
            process.standardOutput = out
            process.standardError = out
            try process.run()
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, "\(target): \(text)")
            XCTAssertTrue(text.contains("\(target): "), text)
            XCTAssertFalse(text.contains(": 0 inputs"), "\(target) has an empty corpus")
        }
    }
}
