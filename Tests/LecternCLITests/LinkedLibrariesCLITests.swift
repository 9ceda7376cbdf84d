import Foundation
import XCTest

/// FFmpeg's libraries are loaded when the first clip opens, never at start: linked, they
/// bring about a hundred libraries (every codec's, TLS, Blu-ray, ZeroMQ) that cost each
/// kiosk about 20 MiB and 25 ms whether it shows a clip or not. The binary must name none
/// of them in its dynamic section (`CFFmpegLoader` opens them by SONAME).
final class LinkedLibrariesCLITests: XCTestCase {
    func testTheBinaryNeedsNoFFmpegLibraryAtStart() throws {
        let lectern = BuiltProducts.lectern
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: lectern), "build lectern first")
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/readelf"), "needs binutils' readelf")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/readelf")
        process.arguments = ["--dynamic", "--wide", lectern]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let needed = out.split(separator: "\n").filter { $0.contains("(NEEDED)") }
        XCTAssertFalse(needed.isEmpty, "readelf lists the libraries the binary needs")
        let ffmpeg = needed.filter { line in ["libavformat", "libavcodec", "libavutil", "libswscale", "libswresample"].contains { line.contains($0) } }
        XCTAssertEqual(ffmpeg, [], "FFmpeg is loaded when a clip opens, not linked")
    }
}
