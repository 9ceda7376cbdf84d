import Foundation
import LecternTestSupport
import Raster
import XCTest
@testable import Typeset

/// Clips in the document model (Markdown pictures that are clips, HTML `<video>`) and
/// laid out like a picture (the first frame, or the poster, at the clip's aspect ratio).
final class ClipBlockTests: XCTestCase {
    private func blocks(_ source: String, baseDirectory: String? = nil) -> [Block] {
        Document.markdown(source, baseDirectory: baseDirectory).blocks
    }

    func testAMarkdownPictureOfAClipIsAClipBlock() {
        for name in ["a.mp4", "b.M4V", "c.mkv", "d.webm", "e.mov"] {
            XCTAssertEqual(blocks("![Caption](\(name))").map(\.kind), [.clip(ClipSource(path: name, caption: "Caption"))], name)
        }
        XCTAssertEqual(blocks("![Photo](photo.png)").map(\.kind), [.image(path: "photo.png", alt: "Photo")])
        // A clip inside a sentence is not a block: its caption stands in, as a picture's alt.
        XCTAssertEqual(blocks("See ![this](a.mp4) clip").map(\.kind), [.paragraph])
    }

    func testAClipUnderAnotherNameIsFoundByItsContent() throws {
        let clip = try TestClips.pattern(seconds: 1)
        let dir = NSTemporaryDirectory() + "lectern-clip-sniff-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: clip, toPath: "\(dir)/intro")
        XCTAssertEqual(blocks("![Intro](intro)", baseDirectory: dir).map(\.kind), [.clip(ClipSource(path: "intro", caption: "Intro"))])
        XCTAssertTrue(ClipSource.sniff([0x1A, 0x45, 0xDF, 0xA3]), "Matroska")
        XCTAssertFalse(ClipSource.sniff(Array("\0\0\0\u{18}ftypavif".utf8)), "an AVIF picture is not a clip")
        XCTAssertFalse(ClipSource.sniff(Array("\u{89}PNG\r\n\u{1A}\n".utf8)))
    }

    func testHTMLVideoBlocks() {
        let block = blocks("<div>\n<video src=\"tour.webm\" poster=\"tour.jpg\" title=\"The tour\" autoplay loop muted></video>\n</div>")
        XCTAssertEqual(block.map(\.kind), [.clip(ClipSource(path: "tour.webm", poster: "tour.jpg", caption: "The tour", autoplay: true, loops: true, muted: true))])
        XCTAssertFalse(ClipSource(path: "a.mp4", caption: "").muted, "a Markdown clip is not muted: it plays only when tapped")
        let source = blocks("<div>\n<video controls>\n<source src=\"a.mp4\" type=\"video/mp4\">\n</video>\n</div>")
        XCTAssertEqual(source.map(\.kind), [.clip(ClipSource(path: "a.mp4", caption: ""))])
        // On a line of its own inside a paragraph (cmark reads it as inline HTML).
        XCTAssertEqual(blocks("<video src=\"b.mkv\" title=\"B\"></video>").map(\.kind), [.clip(ClipSource(path: "b.mkv", caption: "B"))])
        XCTAssertEqual(blocks("<div>\n<video></video>\n</div>").map(\.kind), [], "no source: dropped")
    }

    func testAClipIsLaidOutAtItsAspectWithItsFirstFrame() throws {
        let clip = try TestClips.barsH264()
        let dir = (clip as NSString).deletingLastPathComponent
        let name = (clip as NSString).lastPathComponent
        var style = try Fonts.pinned(size: 20).style
        style.margins = .init(all: 0)
        let layout = try Typesetter(style: style).layout(.markdown("![Bars](\(name))", baseDirectory: dir), width: 640)
        let placed = try XCTUnwrap(layout.clips.first)
        XCTAssertEqual(placed.rect.width, 640)
        XCTAssertEqual(placed.rect.height, 360)
        XCTAssertEqual(placed.info.codec, "h264")
        XCTAssertEqual(layout.pageBlocks(of: .markdown("![Bars](\(name))", baseDirectory: dir)).first?.role, .clip(caption: "Bars"))
        let bitmap = try Bitmap(width: 640, height: 400)
        layout.draw(into: bitmap.canvas, originX: 0, originY: 0, clip: bitmap.canvas.bounds)
        // The blue bar (the last of seven) in the top third.
        let blue = try XCTUnwrap(bitmap.canvas.color(x: placed.rect.x + 640 * 13 / 14, y: placed.rect.y + 120))
        XCTAssertTrue(blue.red <= 10 && blue.green <= 10 && abs(Int(blue.blue) - 191) <= 10, "\(blue)")
    }

    func testAClipThatWillNotPlayShowsItsCaptionAndWhy() throws {
        let dir = NSTemporaryDirectory() + "lectern-clip-bad-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        try "not a clip".write(toFile: "\(dir)/broken.mp4", atomically: true, encoding: .utf8)
        let document = Document.markdown("![The broken clip](broken.mp4)", baseDirectory: dir)
        let layout = try Fonts.pinned(size: 20).layout(document, width: 600)
        XCTAssertTrue(layout.clips.isEmpty)
        XCTAssertGreaterThan(layout.lineCount, 0, "the caption and the reason are set as text")
        let found = ClipLoader.clips(in: document)
        XCTAssertEqual(found.count, 1)
        guard case let .failure(error) = found[0].probe else { return XCTFail("a text file probed as a clip") }
        XCTAssertTrue(error.description.contains("broken.mp4"), error.description)
    }
}
