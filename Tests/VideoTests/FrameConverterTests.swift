import Raster
import Video
import LecternTestSupport
import XCTest

/// Colour bars decoded, converted and scaled by libswscale into a rectangle of a
/// 1920×1080 canvas: the right colours inside, nothing touched outside.
final class FrameConverterTests: XCTestCase {
    /// The 75 % bars of SMPTE colour bars (FFmpeg's `smptebars`), left to right.
    static let bars: [(name: String, red: Int, green: Int, blue: Int)] = [
        ("grey", 191, 191, 191), ("yellow", 191, 191, 0), ("cyan", 0, 191, 191), ("green", 0, 191, 0),
        ("magenta", 191, 0, 191), ("red", 191, 0, 0), ("blue", 0, 0, 191),
    ]
    /// Per channel: H.264 at its default quality, 4:2:0 chroma and bilinear scaling
    /// move a bar's centre by a few levels; a wrong matrix or range moves it by 20 or more.
    static let tolerance = 10
    static let background: UInt32 = 0x0012_3456

    private func firstFrame(of path: String) throws -> DecodedFrame {
        let decoder = ClipDecoder(path: path)
        decoder.waitUntilBuffered()
        let frame = try XCTUnwrap(decoder.take(1).first)
        XCTAssertEqual(frame.time, 0)
        return frame
    }

    private func canvas() throws -> Bitmap {
        let bitmap = try Bitmap(width: 1920, height: 1080)
        for y in 0..<1080 { bitmap.canvas.row(y).update(repeating: Self.background, count: 1920) }
        return bitmap
    }

    /// Probes each bar's centre on row `row` (default: a third of the way down, in the bars).
    private func assertBars(on canvas: Canvas, in rect: IntRect, sourceWidth: Int, row: Int? = nil, file: StaticString = #filePath, line: UInt = #line) {
        // FFmpeg's bar width: (w + 6) / 7 rounded up to the chroma width (2).
        let barWidth = Double(((sourceWidth + 6) / 7 + 1) / 2 * 2)
        let scale = Double(rect.width) / Double(sourceWidth)
        let y = row ?? rect.y + rect.height / 3
        for (index, bar) in Self.bars.enumerated() {
            let x = rect.x + Int((Double(index) + 0.5) * barWidth * scale)
            guard let color = canvas.color(x: x, y: y) else { return XCTFail("(\(x), \(y)) off the canvas", file: file, line: line) }
            let got = [Int(color.red), Int(color.green), Int(color.blue)], want = [bar.red, bar.green, bar.blue]
            XCTAssertTrue(zip(got, want).allSatisfy { abs($0 - $1) <= Self.tolerance },
                          "\(bar.name) bar at (\(x), \(y)): got \(got), want \(want) ± \(Self.tolerance)", file: file, line: line)
        }
    }

    func testBarsScaledIntoTheirRectangle() throws {
        let frame = try firstFrame(of: TestClips.barsH264())
        let bitmap = try canvas()
        let rect = IntRect(x: 301, y: 157, width: 960, height: 540)
        try FrameConverter().draw(frame, in: rect, on: bitmap.canvas)
        assertBars(on: bitmap.canvas, in: rect, sourceWidth: 1280)
        // Every pixel outside the rectangle is as it was.
        var touched = 0
        for y in 0..<1080 {
            let row = bitmap.canvas.row(y)
            for x in 0..<1920 where !rect.contains(x: x, y: y) && row[x] != Self.background { touched += 1 }
        }
        XCTAssertEqual(touched, 0)
    }

    func testTenBitHEVCBarsInMatroska() throws {
        let clip = try TestClips.make("bars-hevc10.mkv", ["-f", "lavfi", "-i", "smptebars=size=1280x720:rate=25:duration=0.2",
                                                          "-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error",
                                                          "-pix_fmt", "yuv420p10le"])
        let frame = try firstFrame(of: clip)
        let bitmap = try canvas()
        let rect = IntRect(x: 0, y: 0, width: 1280, height: 720)
        try FrameConverter().draw(frame, in: rect, on: bitmap.canvas)
        assertBars(on: bitmap.canvas, in: rect, sourceWidth: 1280)
    }

    func testFullScreenUpscale() throws {
        let frame = try firstFrame(of: TestClips.barsH264())
        let bitmap = try canvas()
        try FrameConverter().draw(frame, in: bitmap.canvas.bounds, on: bitmap.canvas)
        assertBars(on: bitmap.canvas, in: bitmap.canvas.bounds, sourceWidth: 1280)
    }

    func testPartlyScrolledAwayDrawsTheVisiblePartOnly() throws {
        let frame = try firstFrame(of: TestClips.barsH264())
        let bitmap = try canvas()
        var target = bitmap.canvas
        target.clip = IntRect(x: 0, y: 200, width: 1920, height: 880)
        // The clip's top 300 rows are above the clip rectangle (scrolled away).
        let rect = IntRect(x: 100, y: -100, width: 1280, height: 720)
        try FrameConverter().draw(frame, in: rect, on: target)
        // Row 300 is in the bars (the top two thirds: rows -100 to 380) and visible.
        assertBars(on: bitmap.canvas, in: rect, sourceWidth: 1280, row: 300)
        XCTAssertEqual(bitmap.canvas.pixel(x: 640, y: 199), Self.background)
        XCTAssertEqual(bitmap.canvas.pixel(x: 99, y: 400), Self.background)
        XCTAssertEqual(bitmap.canvas.pixel(x: 1380, y: 400), Self.background)
        XCTAssertNotEqual(bitmap.canvas.pixel(x: 640, y: 200), Self.background)
    }
}
