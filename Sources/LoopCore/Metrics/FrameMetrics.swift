import Measure
import LecternLog
import Logging

/// The figures `lectern run` logs for the machine test: start-up to first frame,
/// touch latency (to the flip queued, and to the glass), peak memory. Every line starts
/// with `lectern: metrics `.
public final class FrameMetrics {
    let log: Logger
    let secondsSinceStart: () -> Double?
    /// Kernel event time of a frame's oldest touch → its flip queued (or shown at once).
    public private(set) var samples: [Double] = []
    /// Kernel event time of a frame's oldest touch → the flip that showed it completed
    /// (the flip event's timestamp): what a visitor waits.
    public private(set) var glassSamples: [Double] = []
    /// The display's refresh interval, logged beside the latency it bounds (the loop sets it).
    public var refreshInterval: Double?
    /// The latency figures last logged: "touch_to_flip", "event_to_glass".
    public private(set) var lastLatency: [String: WorkSummary] = [:]
    /// Seconds the loop spent busy per turn, by what it was doing: while it is busy no
    /// touch is read, so a long turn is input lag (libinput warns past 20 ms).
    public private(set) var work: [String: [Double]] = [:]
    private var lastReport: Double?
    /// Process start to the first frame on screen, once known (the metrics file).
    public private(set) var startupToFirstFrame: Double?
    /// The busy-time figures last logged, by kind of work (the metrics file writes them).
    public private(set) var lastWork: [String: WorkSummary] = [:]

    /// One kind of work's busy time over a reporting window.
    public struct WorkSummary: Equatable, Sendable {
        public let median: Double, p99: Double, max: Double
        public let over20ms: Int, samples: Int

        init(_ sorted: [Double]) {
            median = Percentile.nearestRank(sorted, 0.5)
            p99 = Percentile.nearestRank(sorted, 0.99)
            max = sorted.last ?? 0
            over20ms = sorted.filter { $0 > 0.020 }.count
            samples = sorted.count
        }
    }

    /// The figures of the window in progress where it has samples, else those last logged.
    public func currentWork() -> [String: WorkSummary] {
        var out = lastWork
        for (what, times) in work where !times.isEmpty { out[what] = WorkSummary(times.sorted()) }
        return out
    }
    /// The latency figures of the window in progress where it has samples, else those
    /// last logged.
    public func currentLatency() -> [String: WorkSummary] {
        var out = lastLatency
        if !samples.isEmpty { out["touch_to_flip"] = WorkSummary(samples.sorted()) }
        if !glassSamples.isEmpty { out["event_to_glass"] = WorkSummary(glassSamples.sorted()) }
        return out
    }
    public static let reportInterval = 60.0

    /// `secondsSinceStart` measures from process start (default: /proc/self/stat).
    public init(log: Logger, secondsSinceStart: @escaping () -> Double? = ProcessClock.secondsSinceStart) {
        self.log = log
        self.secondsSinceStart = secondsSinceStart
    }

    public func firstFrame() {
        if let s = secondsSinceStart() {
            startupToFirstFrame = s
            log.info("metrics startup_to_first_frame_ms=\(Self.ms(s))")
        }
    }

    /// One input → flip-queued latency; reports every minute of use (no timer: the
    /// check runs when a sample arrives, so idle stays silent).
    public func recordLatency(_ seconds: Double, at now: Double) {
        samples.append(max(0, seconds))
        if lastReport == nil { lastReport = now }
        if let last = lastReport, now - last >= Self.reportInterval {
            report()
            lastReport = now
        }
    }

    /// One event-to-glass latency: logged with the others each minute of use.
    public func recordGlassLatency(_ seconds: Double) {
        glassSamples.append(max(0, seconds))
    }

    /// One busy stretch of the loop: `what` is "frame" (drawing and presenting) or
    /// "input" (reading and handling one batch of touches).
    public func recordWork(_ what: String, seconds: Double) {
        work[what, default: []].append(max(0, seconds))
    }

    /// Logs latency (if any samples), busy time per kind of work and peak RSS; called
    /// each minute and at exit.
    public func report() {
        for (what, times) in work.sorted(by: { $0.key < $1.key }) where !times.isEmpty {
            let sorted = times.sorted()
            lastWork[what] = WorkSummary(sorted)
            log.info("metrics \(what)_work_ms median=\(Self.ms(Percentile.nearestRank(sorted, 0.5))) p99=\(Self.ms(Percentile.nearestRank(sorted, 0.99))) max=\(Self.ms(sorted.last!)) over_20ms=\(sorted.filter { $0 > 0.020 }.count) samples=\(sorted.count)")
        }
        work.removeAll(keepingCapacity: true)
        if !samples.isEmpty {
            let sorted = samples.sorted()
            lastLatency["touch_to_flip"] = WorkSummary(sorted)
            log.info("metrics touch_to_flip_ms median=\(Self.ms(Percentile.nearestRank(sorted, 0.5))) p99=\(Self.ms(Percentile.nearestRank(sorted, 0.99))) samples=\(sorted.count)")
            samples.removeAll(keepingCapacity: true)
        }
        if !glassSamples.isEmpty {
            let s = WorkSummary(glassSamples.sorted())
            lastLatency["event_to_glass"] = s
            log.info("metrics event_to_glass_ms median=\(Self.ms(s.median)) p99=\(Self.ms(s.p99)) max=\(Self.ms(s.max)) samples=\(s.samples)\(refreshInterval.map { " refresh_ms=\(Self.ms($0))" } ?? "")")
            glassSamples.removeAll(keepingCapacity: true)
        }
        log.info("metrics peak_rss_kib=\(ProcessClock.peakRSSKiB())")
    }

    static func ms(_ s: Double) -> String {
        let v = (s * 10_000).rounded() / 10
        return String(v)
    }
}
