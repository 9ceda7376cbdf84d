import Foundation
import LecternTestSupport
import XCTest
@testable import Kiosk

/// `lectern check` lists each picture by the format its bytes are, and names that real
/// format when one cannot be shown.
final class PictureCheckTests: XCTestCase {
    func testCheckNamesEachPicturesRealFormat() throws {
        let dir = NSTemporaryDirectory() + "lectern-picture-check-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        func copy(_ path: String, as name: String, prefix: Double = 1) throws {
            let bytes = try TestPictures.bytes(path)
            try Data(bytes.prefix(Int(Double(bytes.count) * prefix))).write(to: URL(fileURLWithPath: "\(dir)/\(name)"))
        }
        try copy(try TestPictures.webp(lossless: true), as: "photo.png")
        try copy(try TestPictures.animatedGIF(), as: "moving.gif")
        try copy(try TestPictures.avif(), as: "broken.avif", prefix: 0.5)
        try #"<svg xmlns="http://www.w3.org/2000/svg" width="48" height="24"><rect width="48" height="24"/></svg>"#
            .write(toFile: "\(dir)/diagram.svg", atomically: true, encoding: .utf8)
        let page = "\(dir)/page.md"
        try "# Pictures\n\n![a](photo.png)\n\n![b](moving.gif)\n\n![c](diagram.svg)\n\n![d](broken.avif)\n"
            .write(toFile: page, atomically: true, encoding: .utf8)
        let report = try XCTUnwrap(ContentCheck.check(contentFiles: [page], fonts: []).first)
        XCTAssertEqual(report.pictures, [
            "photo.png (line 3): WebP, 200×100 px",
            "moving.gif (line 5): GIF, 160×120 px, animated (plays while in view)",
            "diagram.svg (line 7): SVG, 48×24 px",
        ], report.text)
        XCTAssertEqual(report.problems.count, 1, report.text)
        XCTAssertTrue(report.problems[0].contains("line 9: image: \(dir)/broken.avif"), report.text)
        XCTAssertTrue(report.problems[0].contains("AVIF"), report.text)
        XCTAssertTrue(report.contentError)
        XCTAssertTrue(report.text.contains("picture: photo.png (line 3): WebP"), report.text)
    }
}
