import Foundation
import LecternTestSupport
import XCTest
@testable import Raster

/// Animated GIF and WebP frame by frame, from files Debian's tools make at test time:
/// each frame composed as FFmpeg's own GIF decoder composes it (transparency, frames
/// smaller than the canvas), the same frames through libwebp after gif2webp, the loop
/// counts, browsers' clamping of short delays, scaling, and bad files.
final class PictureAnimationTests: XCTestCase {
    private func frames(_ animation: PictureAnimation, upTo count: Int) throws -> [PictureAnimation.Frame] {
        var out: [PictureAnimation.Frame] = []
        while out.count < count, let frame = try animation.next() { out.append(frame) }
        return out
    }

    /// The pixel at the middle of the left quarter, as 0xRRGGBB.
    private func leftColor(_ image: Image) -> UInt32? {
        image.canvas.pixel(x: image.width / 4, y: image.height / 2).map { $0 & 0xFF_FFFF }
    }

    func testTwoFrameGIFAlternatesAndPlaysItsLoopCountAsBrowsersDo() throws {
        // ffmpeg -loop 2: the NETSCAPE block says 2, which browsers play three times in all.
        let animation = try PictureAnimation(contentsOfFile: try TestPictures.twoFrameGIF(delay: 20, loop: 2), width: 200, height: 100)
        let all = try frames(animation, upTo: 100)
        XCTAssertEqual(animation.passes, 3)
        XCTAssertEqual(all.count, 6, "two frames, three passes, then the end")
        XCTAssertEqual(all.map(\.index), [0, 1, 0, 1, 0, 1])
        for frame in all {
            XCTAssertEqual(frame.duration, 0.2, accuracy: 1e-9)
            XCTAssertEqual(leftColor(frame.image), frame.index == 0 ? 0x0000FF : 0xFFFF00, "frame \(frame.index)")
        }
        XCTAssertNil(try animation.next(), "over: nothing more")
        XCTAssertNil(animation.problem)
    }

    func testAGIFWithoutALoopBlockPlaysOnceAndZeroLoopsForever() throws {
        let once = try PictureAnimation(contentsOfFile: try TestPictures.twoFrameGIF(delay: 20, loop: -1), width: 200, height: 100)
        XCTAssertEqual(try frames(once, upTo: 100).count, 2)
        let forever = try PictureAnimation(contentsOfFile: try TestPictures.twoFrameGIF(delay: 20, loop: 0), width: 200, height: 100)
        XCTAssertEqual(try frames(forever, upTo: 50).count, 50)
        XCTAssertEqual(forever.passes, 0)
        XCTAssertEqual(forever.passesDone, 24)
    }

    func testDelaysOfTenMillisecondsOrLessShowFor100() throws {
        // ffmpeg at 100 fps writes a delay of one hundredth of a second.
        let animation = try PictureAnimation(contentsOfFile: try TestPictures.twoFrameGIF(delay: 1, loop: 0), width: 200, height: 100)
        for frame in try frames(animation, upTo: 4) { XCTAssertEqual(frame.duration, 0.1, accuracy: 1e-9) }
    }

    func testGIFFramesAreComposedAsFFmpegComposesThem() throws {
        // FFmpeg's GIF encoder writes frames after the first as the rectangle that changed,
        // unchanged pixels transparent: each must land on the frames before it.
        let path = try TestPictures.animatedGIF()
        let reference = try TestPictures.ffmpegFrames(path, width: 160, height: 120)
        XCTAssertEqual(reference.count, 10)
        let animation = try PictureAnimation(contentsOfFile: path, width: 160, height: 120)
        let decoded = try frames(animation, upTo: 10)
        XCTAssertEqual(decoded.count, 10)
        for (frame, want) in zip(decoded, reference) {
            let canvas = frame.image.canvas
            var differing = 0
            for y in 0..<120 {
                let row = canvas.row(y)
                for x in 0..<160 where row[x] != want[y * 160 + x] { differing += 1 }
            }
            XCTAssertEqual(differing, 0, "frame \(frame.index): pixels unlike FFmpeg's")
        }
        XCTAssertNotEqual(reference[0], reference[5], "the pattern moves")
    }

    func testWebPFramesComposedByLibwebpMatchTheGIFTheyWereMadeFrom() throws {
        let gif = try PictureAnimation(contentsOfFile: try TestPictures.animatedGIF(), width: 160, height: 120)
        let webp = try PictureAnimation(contentsOfFile: try TestPictures.animatedGIFAsWebP(), width: 160, height: 120)
        XCTAssertEqual(webp.format, .webp)
        let a = try frames(gif, upTo: 10), b = try frames(webp, upTo: 10)
        XCTAssertEqual(b.count, 10)
        for (g, w) in zip(a, b) {
            XCTAssertEqual(w.duration, g.duration, accuracy: 0.001, "frame \(g.index)")
            for y in stride(from: 0, to: 120, by: 7) {
                for x in stride(from: 0, to: 160, by: 7) {
                    XCTAssertEqual(g.image.canvas.pixel(x: x, y: y), w.image.canvas.pixel(x: x, y: y), "frame \(g.index) at \(x),\(y)")
                }
            }
        }
    }

    func testTwoFrameWebPAlternatesAndPlaysItsLoopCount() throws {
        let animation = try PictureAnimation(contentsOfFile: try TestPictures.twoFrameWebP(loop: 2), width: 200, height: 100)
        let all = try frames(animation, upTo: 100)
        XCTAssertEqual(animation.passes, 2)
        XCTAssertEqual(all.map(\.index), [0, 1, 0, 1])
        for frame in all {
            XCTAssertEqual(frame.duration, 0.2, accuracy: 1e-9)
            XCTAssertEqual(leftColor(frame.image), frame.index == 0 ? 0x0000FF : 0xFFFF00, "frame \(frame.index)")
        }
    }

    func testFramesAreScaledToTheShownSize() throws {
        for path in [try TestPictures.twoFrameGIF(), try TestPictures.twoFrameWebP(loop: 0)] {
            let animation = try PictureAnimation(contentsOfFile: path, width: 100, height: 50)
            for frame in try frames(animation, upTo: 2) {
                XCTAssertEqual(frame.image.width, 100); XCTAssertEqual(frame.image.height, 50)
                XCTAssertEqual(leftColor(frame.image), frame.index == 0 ? 0x0000FF : 0xFFFF00, "\(path) frame \(frame.index)")
            }
        }
    }

    func testATruncatedGIFPlaysTheFramesItHas() throws {
        let path = try TestPictures.animatedGIF()
        let bytes = try TestPictures.bytes(path)
        let cut = try TestPictures.write("cut-animation.gif", bytes: Array(bytes.prefix(bytes.count * 6 / 10)))
        let animation = try PictureAnimation(contentsOfFile: cut, width: 160, height: 120)
        let all = try frames(animation, upTo: 30)
        let perPass = all.dropFirst().firstIndex { $0.index == 0 } ?? all.count
        XCTAssertGreaterThan(perPass, 1, "the frames before the cut play")
        XCTAssertLessThan(perPass, 10, "the cut ends the pass early")
        XCTAssertEqual(all.count, 30, "it loops over the frames it has")
        let problem = try XCTUnwrap(animation.problem)
        XCTAssertTrue(problem.contains("GIF") && problem.contains("truncated"), problem)
    }

    func testACanvasOverTheCapIsRefusedWithAMessageAndTheStillPictureSaysSo() throws {
        let path = try TestPictures.make("huge-animation.gif", "ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi",
                                                                          "-i", "testsrc=size=2048x1100:rate=5:duration=0.4", "{out}"])
        XCTAssertThrowsError(try PictureAnimation(contentsOfFile: path, width: 400, height: 215)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.hasPrefix(path) && text.contains("2048×1100") && text.contains("shown still") && text.contains("scale"), text)
        }
        let still = try Image(contentsOfFile: path, fittingIn: 400, 400)
        XCTAssertEqual(still.facts?.description.contains("shown still"), true, "\(String(describing: still.facts))")
        // The same canvas as an animated WebP: refused as cleanly (it once freed the
        // decoder twice on the way out).
        let webp = try TestPictures.make("huge-animation.webp", "gif2webp", ["-quiet", path, "-o", "{out}"])
        XCTAssertThrowsError(try PictureAnimation(contentsOfFile: webp, width: 400, height: 215)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.hasPrefix(webp) && text.contains("2048×1100") && text.contains("shown still"), text)
        }
    }

    func testNonAnimationsAndGarbageAreRefused() throws {
        XCTAssertThrowsError(try PictureAnimation(contentsOfFile: try TestPictures.split(), width: 10, height: 10))
        // A header and nothing after it: the first frame does not come.
        XCTAssertThrowsError(try PictureAnimation(data: Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0], width: 10, height: 10).next())
        XCTAssertThrowsError(try PictureAnimation(data: Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8X".utf8), width: 10, height: 10))
        for fraction in [0.05, 0.3, 0.9] {
            let bytes = try TestPictures.bytes(try TestPictures.animatedGIFAsWebP())
            XCTAssertThrowsError(try PictureAnimation(data: Array(bytes.prefix(Int(Double(bytes.count) * fraction))), width: 16, height: 12))
        }
    }
}
