import Foundation
import XCTest
@testable import Raster

/// Golden-image comparison. Goldens live in Tests/RasterTests/Golden (copied into the
/// test bundle). Set LECTERN_UPDATE_GOLDEN=1 to rewrite them from the current output
/// (then look at them before committing). On a mismatch a diff image is written to a
/// temporary directory and its path is printed in the failure: left the expected
/// image, middle the actual one, right the differing pixels in red over grey.
enum GoldenImage {
    static let tolerance = 2

    static var sourceDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    }

    static func assertMatches(_ canvas: Canvas, _ name: String, tolerance: Int = tolerance,
                              file: StaticString = #filePath, line: UInt = #line) throws {
        if ProcessInfo.processInfo.environment["LECTERN_UPDATE_GOLDEN"] == "1" {
            let path = sourceDirectory.appendingPathComponent("\(name).png").path
            try PNGEncoder.write(canvas: canvas, to: path)
            print("golden rewritten: \(path)")
            return
        }
        guard let url = Bundle.module.url(forResource: "\(name).png", withExtension: nil, subdirectory: "Golden") else {
            XCTFail("no golden image \(name).png (run with LECTERN_UPDATE_GOLDEN=1 to create it)", file: file, line: line)
            return
        }
        let expected = try Image(contentsOfFile: url.path)
        guard expected.width == canvas.width, expected.height == canvas.height else {
            XCTFail("golden \(name) is \(expected.width)x\(expected.height), drawn \(canvas.width)x\(canvas.height)", file: file, line: line)
            return
        }
        var worst = 0, differing = 0
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                let d = channelDifference(expected.canvas.pixel(x: x, y: y)!, canvas.pixel(x: x, y: y)!)
                worst = max(worst, d)
                if d > tolerance { differing += 1 }
            }
        }
        guard differing > 0 else { return }
        let diffPath = try writeDiff(expected: expected.canvas, actual: canvas, name: name, tolerance: tolerance)
        XCTFail("\(name): \(differing) pixels differ by more than \(tolerance) (worst \(worst)); diff image: \(diffPath)",
                file: file, line: line)
    }

    static func channelDifference(_ p: UInt32, _ q: UInt32) -> Int {
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
                let grey = UInt32((((e >> 16) & 0xFF) + ((e >> 8) & 0xFF) + (e & 0xFF)) / 6 + 64)
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

/// A bitmap filled with one colour: most tests start from a known background.
func makeBitmap(_ width: Int, _ height: Int, _ color: Color = .black) throws -> Bitmap {
    let bitmap = try Bitmap(width: width, height: height)
    bitmap.canvas.fill(bitmap.canvas.bounds, color: color)
    return bitmap
}

func channel(_ pixel: UInt32, _ shift: UInt32) -> Int { Int((pixel >> shift) & 0xFF) }
