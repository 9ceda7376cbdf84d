import CGIF
import Foundation
import LecternTestSupport
import XCTest
@testable import Raster

/// GIF disposal methods, from a file giflib's encoder writes at test time (ffmpeg's GIF
/// encoder leaves every frame in place): "previous" puts back what was under a frame,
/// "background" clears its rectangle to transparent (as browsers do), "none" leaves it,
/// and a frame's transparent index shows what is beneath.
final class GIFDisposalTests: XCTestCase {
    private struct Frame {
        let rect: (x: Int, y: Int, w: Int, h: Int)
        let disposal: Int32
        let transparent: Int32
        let index: (Int, Int) -> GifPixelType
    }

    private let red: UInt32 = 0xFFFF_0000, green: UInt32 = 0xFF00_FF00, blue: UInt32 = 0xFF00_00FF

    /// An 8×8 GIF89a of `frames`, palette red, green, blue, white (index 3, the
    /// transparent one where a frame says so), written by giflib's EGif API.
    private func write(_ frames: [Frame]) throws -> String {
        let path = TestPictures.directory + "/disposal-\(UUID().uuidString).gif"
        var error: Int32 = 0
        let gif = try XCTUnwrap(EGifOpenFileName(path, false, &error), "giflib error \(error)")
        EGifSetGifVersion(gif, true)
        var colors = [GifColorType(Red: 255, Green: 0, Blue: 0), GifColorType(Red: 0, Green: 255, Blue: 0),
                      GifColorType(Red: 0, Green: 0, Blue: 255), GifColorType(Red: 255, Green: 255, Blue: 255)]
        let map = GifMakeMapObject(4, &colors)
        defer { GifFreeMapObject(map) }
        XCTAssertEqual(EGifPutScreenDesc(gif, 8, 8, 8, 0, map), GIF_OK)
        for frame in frames {
            var control = GraphicsControlBlock(DisposalMode: frame.disposal, UserInputFlag: false, DelayTime: 10, TransparentColor: frame.transparent)
            var block = [GifByteType](repeating: 0, count: 4)
            let length = EGifGCBToExtension(&control, &block)
            XCTAssertEqual(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(length), block), GIF_OK)
            XCTAssertEqual(EGifPutImageDesc(gif, Int32(frame.rect.x), Int32(frame.rect.y), Int32(frame.rect.w), Int32(frame.rect.h), false, nil), GIF_OK)
            for y in 0..<frame.rect.h {
                var line = (0..<frame.rect.w).map { frame.index($0, y) }
                XCTAssertEqual(EGifPutLine(gif, &line, Int32(frame.rect.w)), GIF_OK)
            }
        }
        XCTAssertEqual(EGifCloseFile(gif, &error), GIF_OK)
        return path
    }

    private func pixel(_ frame: PictureAnimation.Frame, _ x: Int, _ y: Int) -> UInt32 { frame.image.canvas.row(y)[x] }

    func testDisposalMethodsAndTransparency() throws {
        let path = try write([
            Frame(rect: (0, 0, 8, 8), disposal: DISPOSE_DO_NOT, transparent: -1) { _, _ in 0 },  // all red
            Frame(rect: (0, 0, 4, 4), disposal: DISPOSE_PREVIOUS, transparent: -1) { _, _ in 1 },  // green, then put back
            Frame(rect: (4, 4, 4, 4), disposal: DISPOSE_BACKGROUND, transparent: -1) { _, _ in 2 },  // blue, then cleared
            Frame(rect: (0, 0, 2, 2), disposal: DISPOSAL_UNSPECIFIED, transparent: 3) { x, y in x == 0 && y == 0 ? 1 : 3 },
        ])
        let animation = try PictureAnimation(contentsOfFile: path, width: 8, height: 8)
        var frames: [PictureAnimation.Frame] = []
        for _ in 0..<4 { frames.append(try XCTUnwrap(try animation.next())) }
        XCTAssertEqual(animation.passes, 1, "no loop block: played once")
        XCTAssertNil(try animation.next())
        XCTAssertEqual(pixel(frames[0], 0, 0), red); XCTAssertEqual(pixel(frames[0], 7, 7), red)
        XCTAssertEqual(pixel(frames[1], 0, 0), green); XCTAssertEqual(pixel(frames[1], 3, 3), green)
        XCTAssertEqual(pixel(frames[1], 4, 4), red)
        XCTAssertEqual(pixel(frames[2], 0, 0), red, "disposal 3: what was under the green frame is back")
        XCTAssertEqual(pixel(frames[2], 3, 3), red)
        XCTAssertEqual(pixel(frames[2], 5, 5), blue)
        XCTAssertEqual(pixel(frames[3], 5, 5), 0, "disposal 2: the blue rectangle cleared to transparent")
        XCTAssertEqual(pixel(frames[3], 0, 0), green)
        XCTAssertEqual(pixel(frames[3], 1, 0), red, "the transparent index shows what is beneath")
        XCTAssertEqual(pixel(frames[3], 1, 1), red)
        XCTAssertEqual(pixel(frames[3], 3, 3), red)
        // FFmpeg's decoder composes the same (its transparent pixels: alpha 0), except that
        // it fills a "background" disposal with the background colour where browsers, and
        // Lectern, clear it: that rectangle of the last frame is left out.
        let reference = try TestPictures.ffmpegFrames(path, width: 8, height: 8)
        XCTAssertEqual(reference.count, 4)
        for (frame, want) in zip(frames, reference) {
            for y in 0..<8 {
                for x in 0..<8 where !(frame.index == 3 && x >= 4 && y >= 4) {
                    let mine = pixel(frame, x, y), theirs = want[y * 8 + x]
                    XCTAssertEqual(mine >> 24 == 0 ? 0 : mine, theirs >> 24 == 0 ? 0 : theirs, "frame \(frame.index) at \(x),\(y)")
                }
            }
        }
    }
}
