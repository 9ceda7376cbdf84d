import Foundation
import XCTest

/// FFmpeg's libraries are loaded when the first clip opens, librsvg (with cairo, pango and
/// GLib's object system) when the first SVG is drawn, libheif (with its codecs) when the
/// first HEIF or AVIF picture is decoded, never at start: linked, they cost each kiosk their
/// pages whether it shows such content or not (FFmpeg alone about 20 MiB and 25 ms). The
/// binary must name none of them in its dynamic section (`CLibraryLoader` opens them by
/// SONAME).
final class LinkedLibrariesCLITests: XCTestCase {
    func testTheBinaryNeedsNoFFmpegLibraryAtStart() throws {
        let ffmpeg = try neededLibraries().filter { line in ["libavformat", "libavcodec", "libavutil", "libswscale", "libswresample"].contains { line.contains($0) } }
        XCTAssertEqual(ffmpeg, [], "FFmpeg is loaded when a clip opens, not linked")
    }

    func testTheBinaryNeedsNoSVGOrHEIFLibraryAtStart() throws {
        let pictures = try neededLibraries().filter { line in ["librsvg", "libcairo", "libgobject", "libpango", "libgdk_pixbuf", "libheif"].contains { line.contains($0) } }
        XCTAssertEqual(pictures, [], "librsvg and libheif are loaded when the first such picture is decoded, not linked")
    }

    /// readelf's NEEDED lines of the built binary.
    private func neededLibraries() throws -> [Substring] {
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
        return needed
    }
}
