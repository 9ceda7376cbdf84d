import CPNG
import Foundation
import Raster
import XCTest

/// Golden image comparison over libpng's simplified API (RGB8 files).
/// Set LECTERN_RECORD_GOLDEN=1 to (re)write the goldens into the source tree.
enum GoldenImage {
    static func sourceDirectory(file: StaticString = #filePath) -> String {
        ((("\(file)") as NSString).deletingLastPathComponent as NSString).appendingPathComponent("Golden")
    }

    static func rgb(of canvas: Canvas) -> [UInt8] {
        var bytes = [UInt8]()
        bytes.reserveCapacity(canvas.width * canvas.height * 3)
        for y in 0..<canvas.height {
            let row = canvas.row(y)
            for x in 0..<canvas.width {
                let p = row[x]
                bytes += [UInt8(truncatingIfNeeded: p >> 16), UInt8(truncatingIfNeeded: p >> 8), UInt8(truncatingIfNeeded: p)]
            }
        }
        return bytes
    }

    static func write(_ canvas: Canvas, to path: String) -> Bool {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(canvas.width)
        image.height = UInt32(canvas.height)
        image.format = UInt32(PNG_FORMAT_RGB)
        let bytes = rgb(of: canvas)
        return bytes.withUnsafeBufferPointer { png_image_write_to_file(&image, path, 0, $0.baseAddress, 0, nil) } != 0
    }

    static func read(_ path: String) -> (width: Int, height: Int, rgb: [UInt8])? {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_file(&image, path) != 0 else { return nil }
        image.format = UInt32(PNG_FORMAT_RGB)
        var bytes = [UInt8](repeating: 0, count: Int(image.width * image.height * 3))
        guard bytes.withUnsafeMutableBufferPointer({ png_image_finish_read(&image, nil, $0.baseAddress, 0, nil) }) != 0 else {
            return nil
        }
        return (Int(image.width), Int(image.height), bytes)
    }

    /// Compares with a per-channel tolerance; on mismatch writes the actual image to /tmp.
    static func assertMatches(_ canvas: Canvas, name: String, tolerance: Int = 24, file: StaticString = #filePath, line: UInt = #line) {
        let golden = (sourceDirectory() as NSString).appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["LECTERN_RECORD_GOLDEN"] == "1" {
            XCTAssertTrue(write(canvas, to: golden), "could not write \(golden)", file: file, line: line)
            return
        }
        let resource = Bundle.module.path(forResource: (name as NSString).deletingPathExtension, ofType: "png", inDirectory: "Golden") ?? golden
        guard let expected = read(resource) else {
            return XCTFail("golden \(name) missing; run with LECTERN_RECORD_GOLDEN=1 and inspect it", file: file, line: line)
        }
        XCTAssertEqual(expected.width, canvas.width, file: file, line: line)
        XCTAssertEqual(expected.height, canvas.height, file: file, line: line)
        let actual = rgb(of: canvas)
        guard actual.count == expected.rgb.count else { return }
        var worst = 0, differing = 0
        for i in actual.indices {
            let d = abs(Int(actual[i]) - Int(expected.rgb[i]))
            worst = max(worst, d)
            if d > tolerance { differing += 1 }
        }
        if differing > 0 { _ = write(canvas, to: "/tmp/actual-\(name)") }
        XCTAssertEqual(differing, 0, "\(differing) channels differ by more than \(tolerance) (worst \(worst)); actual in /tmp/actual-\(name)",
                       file: file, line: line)
    }
}
