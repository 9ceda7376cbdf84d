import Glibc
@testable import Raster
import XCTest

/// The streaming thread copies the rows each job names and no others, with the source's
/// and destination's own strides, more jobs than its ring holds at once, and `wait`
/// returns only once every job handed before it is done.
final class RowStreamerTests: XCTestCase {
    func testJobsCopyTheirRowsAndNothingElse() throws {
        // A destination wider than the source (a scan-out buffer with room beside the page).
        let (w, h) = (1920, 1080)
        let source = try Bitmap(width: w, height: h), destination = try Bitmap(width: w + 64, height: h)
        for y in 0..<h { for x in 0..<w { source.canvas.row(y)[x] = UInt32(truncatingIfNeeded: y &* 7919 &+ x &* 31) | 0xFF00_0000 } }
        destination.canvas.fill(destination.canvas.bounds, color: Color(argb: 0xFF01_0203))
        let screen = WriteOnlyCanvas(try destination.canvas.subCanvas(IntRect(x: 0, y: 0, width: w, height: h)))
        let streamer = RowStreamer()
        // 200 jobs of uneven heights (more than the ring's 64), the last rows left out.
        var top = 0, jobs = 0
        let skipped = 37
        while top < h - skipped {
            let rows = min(1 + jobs % 9, h - skipped - top)
            streamer.hand(RowStreamer.Job(rows: top..<top + rows, of: source.canvas, to: screen))
            top += rows; jobs += 1
        }
        streamer.wait()
        XCTAssertEqual(streamer.done, jobs)
        XCTAssertGreaterThan(jobs, 64)
        for y in 0..<h {
            let d = destination.canvas.row(y), s = source.canvas.row(y)
            let expected = y < h - skipped
            for x in 0..<(w + 64) {
                let want = x < w && expected ? s[x] : 0xFF01_0203
                if d[x] != want { return XCTFail("(\(x), \(y)): \(String(d[x], radix: 16)), want \(String(want, radix: 16))") }
            }
        }
    }

    /// A streamer released with no job never made a thread; one released after its jobs
    /// ends its thread (nothing left waiting).
    func testReleasingEndsTheThread() throws {
        let bitmap = try Bitmap(width: 64, height: 8), out = try Bitmap(width: 64, height: 8)
        bitmap.canvas.fill(bitmap.canvas.bounds, color: Color(argb: 0xFF40_5060))
        for _ in 0..<20 {
            let streamer = RowStreamer()
            streamer.hand(RowStreamer.Job(rows: 0..<8, of: bitmap.canvas, to: WriteOnlyCanvas(out.canvas)))
            streamer.wait()
        }
        XCTAssertEqual(out.canvas.pixel(x: 63, y: 7), 0xFF40_5060)
    }

    /// Between two bands the thread watches the queue briefly rather than sleep; once the
    /// frames stop, it sleeps: over 150 ms after a frame's jobs its thread runs for far
    /// less than a thread still watching would (150 ms). The thread's own CPU clock, not
    /// the process's: other tests' background work may run meanwhile.
    func testAnIdleStreamerSpendsNothing() throws {
        let bitmap = try Bitmap(width: 256, height: 64), out = try Bitmap(width: 256, height: 64)
        let streamer = RowStreamer()
        for band in 0..<8 { streamer.hand(RowStreamer.Job(rows: band * 8..<band * 8 + 8, of: bitmap.canvas, to: WriteOnlyCanvas(out.canvas))) }
        streamer.wait()
        usleep(20_000)  // past the watch after the last job
        // A thread's CPU clock is Linux's; an emulator that does not pass it on says so here.
        let before = try XCTUnwrap(streamer.threadCPUSeconds, "the streaming thread was made and its CPU clock can be read")
        usleep(150_000)
        let spent = try XCTUnwrap(streamer.threadCPUSeconds) - before
        XCTAssertLessThan(spent, 0.01, "CPU seconds the streaming thread ran while it had no job")
    }

    /// A fill sets the pixels of its rectangle (inside the canvas's clip) and no others,
    /// with the canvas's own stride.
    func testAFillSetsItsRectangleOnly() throws {
        let bitmap = try Bitmap(width: 300, height: 40)
        var canvas = bitmap.canvas
        canvas.fill(canvas.bounds, color: Color(argb: 0xFF01_0203))
        canvas.clip = IntRect(x: 0, y: 0, width: 300, height: 30)
        let streamer = RowStreamer()
        // Runs past the clip's bottom: rows 30..<35 stay as they were.
        streamer.hand(RowStreamer.Job(filling: IntRect(x: 17, y: 5, width: 200, height: 30), of: canvas, with: Color(argb: 0xFFF7_F4EE)))
        streamer.wait()
        for y in 0..<40 {
            for x in 0..<300 {
                let inside = x >= 17 && x < 217 && y >= 5 && y < 30
                let want: UInt32 = inside ? 0xFFF7_F4EE : 0xFF01_0203
                let got = bitmap.canvas.row(y)[x]
                if got != want { return XCTFail("(\(x), \(y)): \(String(got, radix: 16))") }
            }
        }
    }

    /// `wait(allButLast:)` returns with every job but the newest ones done: 60 fills of a
    /// 1080p canvas's rows, each band checked once the caller waited for all but one.
    func testWaitingForAllButTheNewestFindsTheOlderDone() throws {
        let (w, h) = (1920, 1080)
        let bitmap = try Bitmap(width: w, height: h)
        bitmap.canvas.fill(bitmap.canvas.bounds, color: .black)
        let streamer = RowStreamer()
        let rows = 18, bands = h / rows
        for round in 0..<3 {
            let color = Color(argb: 0xFF00_0000 | UInt32(0x10_2030 * (round + 1)))
            for band in 0..<bands { streamer.hand(RowStreamer.Job(filling: IntRect(x: 0, y: band * rows, width: w, height: rows), of: bitmap.canvas, with: color)) }
            streamer.wait(allButLast: 1)
            for band in 0..<bands - 1 {
                let y = band * rows + rows - 1
                XCTAssertEqual(bitmap.canvas.pixel(x: w - 1, y: y), color.argb, "round \(round): band \(band) of \(bands) not filled yet")
            }
            streamer.wait()
            XCTAssertEqual(bitmap.canvas.pixel(x: w - 1, y: h - 1), color.argb)
        }
        XCTAssertEqual(streamer.done, 3 * bands)
    }
}
