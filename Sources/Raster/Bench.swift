#if canImport(Glibc)
import Glibc
#endif

/// One named benchmark: `prepare` sets up buffers for a frame size (not timed) and
/// returns the body to time. Modules add their own cases (text.*, frame.*) by handing
/// more `BenchCase`s to `BenchRunner`; names are dotted, filtered by prefix.
public struct BenchCase {
    public let name: String
    public let prepare: (_ width: Int, _ height: Int) throws -> () -> Void
    public init(name: String, prepare: @escaping (_ width: Int, _ height: Int) throws -> () -> Void) {
        self.name = name
        self.prepare = prepare
    }
}

public struct BenchResult: Sendable {
    public let name: String
    public let width: Int
    public let height: Int
    public let medianMicros: Double
    public let p99Micros: Double
    public let ratioToMemcpy: Double
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

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }

    /// Sorted per-iteration times in microseconds, and the heap growth over them.
    func sample(_ body: () -> Void) -> ([Double], Int) {
        for _ in 0..<warmup { body() }
        var times: [Double] = []
        times.reserveCapacity(maxIterations)
        let heapBefore = HeapUsage.bytesInUse()
        let start = BenchRunner.now()
        while times.count < maxIterations && (times.count < minIterations || BenchRunner.now() - start < budget) {
            let t0 = BenchRunner.now()
            body()
            times.append((BenchRunner.now() - t0) * 1e6)
        }
        let growth = HeapUsage.bytesInUse() - heapBefore
        return (times.sorted(), growth)
    }

    static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded(.up)))]
    }

    /// Runs `memcpy` (always, as the yardstick) and every case whose name starts with
    /// `filter`, at each size; results in order.
    public func run(_ cases: [BenchCase], sizes: [(Int, Int)], filter: String?) throws -> [BenchResult] {
        var results: [BenchResult] = []
        for (w, h) in sizes {
            let yard = try RasterBench.memcpyCase.prepare(w, h)
            let (memcpyTimes, _) = sample(yard)
            let memcpyMedian = BenchRunner.percentile(memcpyTimes, 0.5)
            for c in cases where filter.map({ c.name.hasPrefix($0) }) ?? true {
                let body = try c.prepare(w, h)
                let (times, growth) = c.name == "memcpy" ? (memcpyTimes, 0) : sample(body)
                let median = BenchRunner.percentile(times, 0.5)
                results.append(BenchResult(name: c.name, width: w, height: h, medianMicros: median,
                                           p99Micros: BenchRunner.percentile(times, 0.99),
                                           ratioToMemcpy: median / memcpyMedian, heapGrowthBytes: growth,
                                           iterations: times.count))
            }
        }
        return results
    }
}

/// The rasterizer's own cases.
public enum RasterBench {
    /// Keeps the buffers a case's body draws into alive as long as the body.
    final class Buffers {
        let frame: Bitmap, other: Bitmap
        init(_ w: Int, _ h: Int) throws {
            frame = try Bitmap(width: w, height: h)
            other = try Bitmap(width: w, height: h)
            other.canvas.fill(other.canvas.bounds, color: Color(red: 40, green: 40, blue: 48))
        }
    }

    static var memcpyCase: BenchCase { BenchCase(name: "memcpy") { w, h in
        let b = try Buffers(w, h)
        return { memcpy(b.frame.base, b.other.base, b.frame.stride * h) }
    } }

    public static var cases: [BenchCase] {
        [
            memcpyCase,
            BenchCase(name: "fill.full") { w, h in
                let b = try Buffers(w, h)
                var flip = false
                return {
                    flip.toggle()
                    b.frame.canvas.fill(b.frame.canvas.bounds, color: flip ? .white : .black)
                }
            },
            BenchCase(name: "blend.overlay") { w, h in
                let b = try Buffers(w, h)
                return { b.frame.canvas.composite(b.other.canvas, alpha: 0.9, rect: b.frame.canvas.bounds) }
            },
            BenchCase(name: "shapes.dots") { w, h in
                // The affordance (60 × 96) at the right edge, dots mid-stretch.
                let b = try Buffers(w, h)
                let top = Double(h) / 2 - 48 + 0.37
                var phase = 0.0
                return {
                    phase = phase > 1 ? 0 : phase + 0.013
                    let canvas = b.frame.canvas
                    for i in 0..<3 {
                        let height = 8 + (96 - 8) * min(1, phase + Double(i) * 0.3)
                        let width = 8 - 4 * min(1, phase + Double(i) * 0.3)
                        let x = Double(w) - 60 + 20 * Double(i) + (8 - width) / 2 + 0.25
                        canvas.fillRoundedRect(x: x, y: top + (96 - height) / 2, width: width, height: height,
                                               radius: width / 2, color: .white)
                    }
                }
            },
            BenchCase(name: "scroll.move") { w, h in
                let b = try Buffers(w, h)
                return {
                    let canvas = b.frame.canvas
                    canvas.move(canvas.bounds, dx: 0, dy: -7)
                    canvas.fill(IntRect(x: 0, y: h - 7, width: w, height: 7), color: .white)
                }
            },
        ] + ImageBench.cases
    }
}
