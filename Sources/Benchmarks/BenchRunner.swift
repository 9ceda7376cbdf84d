import Display
import Measure
import Raster
#if canImport(Glibc)
import Glibc
#endif

/// One named benchmark: `prepare` sets up buffers for a frame size (not timed) and
/// returns the body to time. Modules add their own cases (text.*, frame.*) by handing
/// more `BenchCase`s to `BenchRunner`; names are dotted, filtered by prefix.
public struct BenchCase {
    public let name: String
    public let prepare: (_ width: Int, _ height: Int) throws -> BenchBody
    public init(name: String, prepare: @escaping (_ width: Int, _ height: Int) throws -> () -> Void) {
        self.name = name
        self.prepare = { w, h in BenchBody(try prepare(w, h)) }
    }

    /// A case whose body has work between two iterations that is not its own (`BenchBody.between`).
    public init(name: String, preparePaced: @escaping (_ width: Int, _ height: Int) throws -> BenchBody) {
        self.name = name
        self.prepare = preparePaced
    }
}

/// What is timed, and what runs untimed before each timing: a kiosk frame scene gives
/// the threads beside the loop (pictures decoded off the loop) the refresh interval the
/// device gives them, since the bench runs frames back to back, far faster than 60 Hz.
public struct BenchBody {
    public let step: () -> Void
    public let between: () -> Void
    public init(_ step: @escaping () -> Void, between: @escaping () -> Void = {}) {
        self.step = step
        self.between = between
    }
}

public struct BenchResult: Sendable {
    public let name: String
    public let width: Int
    public let height: Int
    public let medianMicros: Double
    public let p99Micros: Double
    public let ratioToMemcpy: Double
    /// The median over the median of `stream` timed beside it (`streamMicros`): what the
    /// targets are stated in.
    public let ratioToStream: Double
    /// The median of the `stream` yardstick timed just before and just after this case
    /// (the case's own median for `memcpy` and `stream`).
    public let streamMicros: Double
    /// Heap bytes in use after the timed runs minus before (0 = no steady-state allocation).
    public let heapGrowthBytes: Int
    public let iterations: Int
}

public struct BenchRunner {
    public var warmup = 5
    public var minIterations = 30
    public var maxIterations = 1000
    /// Time budget per case and size, in seconds (stops after minIterations once spent).
    public var budget = 0.5

    public init(quick: Bool = false) {
        if quick { warmup = 1; minIterations = 3; maxIterations = 3; budget = 0 }
    }

    private let clock = SystemClock.shared

    /// The yardstick the frame targets are stated in; a test hands in another.
    public var streamYardstick = BenchRunner.streamCase

    /// Sorted per-iteration times in microseconds, the heap growth over them, and the
    /// sorted times of `beside`: a block of its runs just before the case's warm-up and one
    /// just after its timed iterations, each block opened by an untimed run.
    ///
    /// Around the case, not among its iterations: a stream run among a frame scene's
    /// iterations read its shadow from memory, the frame's data having taken the cache
    /// (590–990 µs at 1080p against 390 µs run alone), and the frames after it found their
    /// own data gone (`frame.scroll` 34 % slower in blocks of 16 frames).
    func sample(_ body: BenchBody, beside: (() -> Void)? = nil) -> (times: [Double], growth: Int, beside: [Double]) {
        var besideTimes: [Double] = []
        func besideBlock() {
            guard let beside else { return }
            beside()
            for _ in 0..<Self.besideRuns {
                let b0 = clock.now()
                beside()
                besideTimes.append((clock.now() - b0) * 1e6)
            }
        }
        besideBlock()
        for _ in 0..<warmup { body.between(); body.step() }
        var times: [Double] = []
        times.reserveCapacity(maxIterations)
        let heapBefore = HeapUsage.bytesInUse()
        let start = clock.now()
        var paused = 0.0
        while times.count < maxIterations && (times.count < minIterations || clock.now() - start - paused < budget) {
            let t = clock.now()
            body.between()
            let t0 = clock.now()
            paused += t0 - t
            body.step()
            times.append((clock.now() - t0) * 1e6)
        }
        let growth = HeapUsage.bytesInUse() - heapBefore
        besideBlock()
        return (times.sorted(), growth, besideTimes.sorted())
    }

    /// Timed yardstick runs in each block beside a case.
    static let besideRuns = 20

    /// Runs the two yardsticks, `memcpy` and `stream` (always), and every case whose name
    /// starts with `filter`, at each size; results in order, each with its ratio to both.
    ///
    /// `stream` is timed again just before and just after each case (`sample`), and the
    /// case's ratio taken against those times: a shared host's speed drifts by tens of per
    /// cent within a run (the same binary's stream read 404 and 766 µs at 1080p in two runs
    /// a minute apart), and a yardstick timed only once per size, before the cases, would
    /// put that drift into the ratios the targets are stated in.
    public func run(_ cases: [BenchCase], sizes: [(Int, Int)], filter: String?) throws -> [BenchResult] {
        var results: [BenchResult] = []
        for (w, h) in sizes {
            let memcpyTimes = sample(try BenchRunner.memcpyCase.prepare(w, h)).times
            let stream = try streamYardstick.prepare(w, h)
            let streamTimes = sample(stream).times
            let yardsticks = [BenchRunner.memcpyCase.name: memcpyTimes, streamYardstick.name: streamTimes]
            let memcpyMedian = Percentile.nearestRank(memcpyTimes, 0.5)
            for c in cases where filter.map({ c.name.hasPrefix($0) }) ?? true {
                let timed = try yardsticks[c.name].map { (times: $0, growth: 0, beside: streamTimes) }
                    ?? sample(c.prepare(w, h), beside: stream.step)
                let median = Percentile.nearestRank(timed.times, 0.5)
                let streamMedian = Percentile.nearestRank(timed.beside, 0.5)
                results.append(BenchResult(name: c.name, width: w, height: h, medianMicros: median,
                                           p99Micros: Percentile.nearestRank(timed.times, 0.99),
                                           ratioToMemcpy: median / memcpyMedian, ratioToStream: median / streamMedian,
                                           streamMicros: streamMedian, heapGrowthBytes: timed.growth, iterations: timed.times.count))
            }
        }
        return results
    }
}

extension BenchRunner {
    /// The yardstick every ratio is taken against: one full XRGB8888 frame copied with
    /// memcpy, between two buffers allocated once.
    public static var memcpyCase: BenchCase { BenchCase(name: "memcpy") { w, h in
        let bytes = w * h * 4
        let buffers = FrameCopyBuffers(bytes: bytes)
        return { memcpy(buffers.destination, buffers.source, bytes) }
    } }
}

extension BenchRunner {
    /// The yardstick the frame targets are stated in (docs/performance.md): one full frame
    /// written to scan-out memory as the display path writes it, `ScanoutCopy` (streaming
    /// stores, rows in address order, never read) from a shadow canvas, then the fence the
    /// display makes before a flip. The least a frame that changes every pixel can cost.
    public static var streamCase: BenchCase { BenchCase(name: "stream") { w, h in
        let shadow = try Bitmap(width: w, height: h)
        shadow.canvas.fill(shadow.canvas.bounds, color: Color(red: 40, green: 40, blue: 48))
        let buffers = FrameCopyBuffers(bytes: w * h * 4)
        let whole = IntRect(x: 0, y: 0, width: w, height: h)
        return {
            ScanoutCopy.copy(whole, from: shadow.canvas, to: buffers.destination, pitch: w * 4, rotation: .r0)
            WriteOnlyCanvas.finish()
        }
    } }
}

/// Two frame-sized buffers that live as long as the body that copies between them.
final class FrameCopyBuffers {
    let source: UnsafeMutableRawPointer
    let destination: UnsafeMutableRawPointer
    init(bytes: Int) {
        source = .allocate(byteCount: max(bytes, 1), alignment: 64)
        destination = .allocate(byteCount: max(bytes, 1), alignment: 64)
        source.initializeMemory(as: UInt8.self, repeating: 40, count: bytes)
        destination.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
    }
    deinit {
        source.deallocate()
        destination.deallocate()
    }
}

/// A case that cannot be set up here (no speech synthesiser, no PDF renderer): the one
/// message `lectern bench` prints for it.
public struct BenchSetupError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
