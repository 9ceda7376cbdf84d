import Foundation

/// Times named cases: warm-up, then repeated runs bounded in count and time; reports
/// the median and p99 and each case's ratio to a plain memcpy of one frame of the same
/// size measured in the same run (absolute times vary by machine; ratios travel).
struct BenchHarness {
    struct Result {
        let name: String
        let width: Int, height: Int
        let median: Double, p99: Double   // seconds
        var ratio: Double = 0
    }

    var iterations = 60
    var maxSeconds = 1.5
    var warmUp = 3

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    func measure(_ name: String, width: Int, height: Int, _ body: () -> Void) -> Result {
        for _ in 0..<warmUp { body() }
        var samples: [Double] = []
        samples.reserveCapacity(iterations)
        let start = Self.now()
        while samples.count < iterations && (samples.count < 5 || Self.now() - start < maxSeconds) {
            let t0 = Self.now()
            body()
            samples.append(Self.now() - t0)
        }
        samples.sort()
        let median = samples[samples.count / 2]
        let p99 = samples[min(samples.count - 1, Int((Double(samples.count) * 0.99).rounded(.up)) - 1)]
        return Result(name: name, width: width, height: height, median: median, p99: p99)
    }
}
