import Foundation
import XCTest
import Raster

/// Golden-image comparison. Goldens live in Tests/RasterTests/Golden (copied into the
/// test bundle). Set LECTERN_UPDATE_GOLDEN=1 to rewrite them from the current output
/// (then look at them before committing). On a mismatch a diff image is written to a
/// temporary directory and its path is printed in the failure: left the expected
/// image, middle the actual one, right the differing pixels in red over grey.
public enum GoldenImage {
    public static let tolerance = 2

    /// The `Golden` folder beside the calling test file.
    public static func directory(of testFile: StaticString = #filePath) -> URL {
        URL(fileURLWithPath: "\(testFile)").deletingLastPathComponent().appendingPathComponent("Golden")
    }

    /// Compares `canvas` with `directory/name.png` (read from the source tree).
    public static func assertMatches(_ canvas: Canvas, _ name: String, in directory: URL, tolerance: Int = tolerance,
                                     file: StaticString = #filePath, line: UInt = #line) throws {
        let path = directory.appendingPathComponent("\(name).png").path
        if ProcessInfo.processInfo.environment["LECTERN_UPDATE_GOLDEN"] == "1" {
            try PNGEncoder.write(canvas: canvas, to: path)
            print("golden rewritten: \(path)")
            return
        }
        guard FileManager.default.fileExists(atPath: path) else {
            XCTFail("no golden image \(path) (run with LECTERN_UPDATE_GOLDEN=1 to create it)", file: file, line: line)
            return
        }
        let expected = try Image(contentsOfFile: path)
        if let failure = try compare(canvas, to: expected.canvas, name: name, tolerance: tolerance) {
            XCTFail(failure, file: file, line: line)
        }
    }

    /// Nil when every channel is within `tolerance`; otherwise a message naming the diff image.
    public static func compare(_ canvas: Canvas, to expected: Canvas, name: String, tolerance: Int = tolerance) throws -> String? {
        guard expected.width == canvas.width, expected.height == canvas.height else {
            return "golden \(name) is \(expected.width)x\(expected.height), drawn \(canvas.width)x\(canvas.height)"
        }
        var worst = 0, differing = 0
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                let d = channelDifference(expected.pixel(x: x, y: y)!, canvas.pixel(x: x, y: y)!)
                worst = max(worst, d)
                if d > tolerance { differing += 1 }
            }
        }
        guard differing > 0 else { return nil }
        let diffPath = try writeDiff(expected: expected, actual: canvas, name: name, tolerance: tolerance)
        return "\(name): \(differing) pixels differ by more than \(tolerance) (worst \(worst)); diff image: \(diffPath)"
    }

    public static func channelDifference(_ p: UInt32, _ q: UInt32) -> Int {
        (0..<3).map { abs(Int((p >> (8 * UInt32($0))) & 0xFF) - Int((q >> (8 * UInt32($0))) & 0xFF)) }.max()!
    }

    private static func writeDiff(expected: Canvas, actual: Canvas, name: String, tolerance: Int) throws -> String {
        let w = actual.width, h = actual.height
        let out = try Bitmap(width: w * 3, height: h)
        let canvas = out.canvas
        canvas.blit(expected, from: expected.bounds, toX: 0, y: 0)
        canvas.blit(actual, from: actual.bounds, toX: w, y: 0)
        for y in 0..<h {
            for x in 0..<w {
                let e = expected.pixel(x: x, y: y)!, a = actual.pixel(x: x, y: y)!
                // Typed parts: Swift 6.2's type checker gives up on the one expression.
                let r: UInt32 = (e >> 16) & 0xFF, g: UInt32 = (e >> 8) & 0xFF, b: UInt32 = e & 0xFF
                let grey: UInt32 = (r + g + b) / 6 + 64
                canvas.row(y)[2 * w + x] = channelDifference(e, a) > tolerance ? 0xFFFF_0000 : 0xFF00_0000 | grey * 0x010101
            }
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-golden-diffs")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("\(name)-diff.png").path
        try PNGEncoder.write(canvas: canvas, to: path)
        return path
    }
}

