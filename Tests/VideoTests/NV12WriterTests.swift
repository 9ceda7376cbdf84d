import Raster
import Video
import LecternTestSupport
import XCTest

/// A decoded picture written at its own size into NV12 memory as a display plane scans it
/// out: an H.264 clip (4:2:0 planar, interleaved by libswscale) and a raw NV12 clip (plane
/// copies), both made by ffmpeg. The NV12 is turned back into RGB here, in the test only,
/// to check SMPTE bars where they should be.
final class NV12WriterTests: XCTestCase {
    /// A raw NV12 clip: the decoder's own format is NV12, so the writer copies rows.
    static func barsNV12() throws -> String {
        try TestClips.make("bars-nv12.mkv", ["-f", "lavfi", "-i", "smptebars=size=640x360:rate=25:duration=0.2",
                                             "-c:v", "rawvideo", "-pix_fmt", "nv12"])
    }

    /// BT.601 limited range, as FFmpeg reads an unspecified matrix.
    static func rgb(y: UInt8, u: UInt8, v: UInt8) -> [Int] {
        let c = 1.164 * (Double(y) - 16), d = Double(u) - 128, e = Double(v) - 128
        return [c + 1.596 * e, c - 0.392 * d - 0.813 * e, c + 2.017 * d].map { Int(min(max($0, 0), 255).rounded()) }
    }

    private func assertBars(_ path: String, width: Int, height: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        let decoder = ClipDecoder(path: path)
        decoder.waitUntilBuffered()
        XCTAssertNil(decoder.failure, file: file, line: line)
        let frame = try XCTUnwrap(decoder.take(1).first, file: file, line: line)
        let player = ClipPlayer(decoder: decoder)
        // Pitches wider than the rows, as a driver's, with the padding left untouched.
        let pitch = width + 64
        let memory = UnsafeMutableRawPointer.allocate(byteCount: pitch * height * 3 / 2, alignment: 64)
        defer { memory.deallocate() }
        memory.initializeMemory(as: UInt8.self, repeating: 0xEE, count: pitch * height * 3 / 2)
        let picture = NV12Picture(width: width, height: height, luma: memory, lumaPitch: pitch, chroma: memory + pitch * height, chromaPitch: pitch)
        try player.write(frame, into: picture)
        let barWidth = Double(((width + 6) / 7 + 1) / 2 * 2)
        let y = height / 3
        for (index, bar) in FrameConverterTests.bars.enumerated() {
            let x = Int((Double(index) + 0.5) * barWidth)
            let luma = memory.load(fromByteOffset: y * pitch + x, as: UInt8.self)
            let chroma = pitch * height + (y / 2) * pitch + (x / 2) * 2
            let got = Self.rgb(y: luma, u: memory.load(fromByteOffset: chroma, as: UInt8.self), v: memory.load(fromByteOffset: chroma + 1, as: UInt8.self))
            let want = [bar.red, bar.green, bar.blue]
            XCTAssertTrue(zip(got, want).allSatisfy { abs($0 - $1) <= FrameConverterTests.tolerance },
                          "\(bar.name) bar at (\(x), \(y)): got \(got), want \(want)", file: file, line: line)
        }
        XCTAssertEqual(memory.load(fromByteOffset: width, as: UInt8.self), 0xEE, "the pitch's padding untouched", file: file, line: line)
        XCTAssertEqual(memory.load(fromByteOffset: pitch * height + (height / 2 - 1) * pitch + width, as: UInt8.self), 0xEE,
                       file: file, line: line)
    }

    func testH264PicturesAreInterleavedIntoNV12() throws {
        try assertBars(TestClips.barsH264(), width: 1280, height: 720)
    }

    func testNV12PicturesAreCopiedRowByRow() throws {
        try assertBars(Self.barsNV12(), width: 640, height: 360)
    }

    func testAPictureOfAnotherSizeIsRefused() throws {
        let decoder = ClipDecoder(path: try TestClips.barsH264())
        decoder.waitUntilBuffered()
        let frame = try XCTUnwrap(decoder.take(1).first)
        let memory = UnsafeMutableRawPointer.allocate(byteCount: 64 * 48 * 3 / 2, alignment: 64)
        defer { memory.deallocate() }
        let picture = NV12Picture(width: 64, height: 48, luma: memory, lumaPitch: 64, chroma: memory + 64 * 48, chromaPitch: 64)
        XCTAssertThrowsError(try ClipPlayer(decoder: decoder).write(frame, into: picture))
    }
}
