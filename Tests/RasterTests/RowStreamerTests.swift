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
            streamer.stream(RowStreamer.Job(rows: top..<top + rows, of: source.canvas, to: screen))
            top += rows; jobs += 1
        }
        streamer.wait()
        XCTAssertEqual(streamer.streamed, jobs)
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
            streamer.stream(RowStreamer.Job(rows: 0..<8, of: bitmap.canvas, to: WriteOnlyCanvas(out.canvas)))
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
        for band in 0..<8 { streamer.stream(RowStreamer.Job(rows: band * 8..<band * 8 + 8, of: bitmap.canvas, to: WriteOnlyCanvas(out.canvas))) }
        streamer.wait()
        usleep(20_000)  // past the watch after the last job
        // A thread's CPU clock is Linux's; an emulator that does not pass it on says so here.
        let before = try XCTUnwrap(streamer.threadCPUSeconds, "the streaming thread was made and its CPU clock can be read")
        usleep(150_000)
        let spent = try XCTUnwrap(streamer.threadCPUSeconds) - before
        XCTAssertLessThan(spent, 0.01, "CPU seconds the streaming thread ran while it had no job")
    }
}
