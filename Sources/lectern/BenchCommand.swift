import Measure
import Benchmarks
import ArgumentParser
import Foundation
import Geometry
import Raster
import Typeset

/// `lectern bench`: times the drawing kernels against a full-frame memcpy.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Time the rasterizer's kernels, text and the kiosk's frames at 1920x1080 and 1280x800, as ratios to a full-frame memcpy and to a full frame streamed to scan-out (stream).",
        discussion: "Build with -c release for meaningful figures: swift build -c release --product lectern"
    )

    @Flag(help: "Print one JSON object per line instead of a table.") var json = false
    @Option(help: "Only cases whose name starts with this prefix (memcpy and stream are always measured).") var filter: String?
    @Flag(help: "A few iterations only (for tests; figures are meaningless).") var quick = false
    @Option(help: "Runs of each start case (start.*: this binary started to its first frame).") var startRuns = 10
    // The display's paths for the frame cases, as `[display]` sets them for the kiosk
    // (docs/configuration.md): to measure one against the other.
    @Flag(inversion: .prefixedNo, help: "Frame cases scroll by moving the scan-out window where the driver pans ([display] pan).")
    var pan = true
    @Flag(name: .customLong("side-pan"), inversion: .prefixedNo, help: "Buffers wider than the screen for pulls ([display] side_pan).")
    var sidePan = true
    @Flag(name: .customLong("scroll-front"), inversion: .prefixedNo, help: "Scroll frames into the buffer on screen ([display] scroll_front).")
    var scrollFront = true
    @Flag(inversion: .prefixedNo, help: "Atomic commits where the driver offers them ([display] atomic).") var atomic = true
    @Flag(inversion: .prefixedNo, help: "Frame cases draw a whole frame in bands, each streamed to scan-out on another core while the next is drawn (where there is more than one).")
    var streamBeside = true

    /// Every module's cases: the rasterizer's kernels, text, and the kiosk's frames.
    static func allCases(scanout: ScanoutTuning = ScanoutTuning(), streamsBeside: Bool = true) -> [BenchCase] {
        [BenchRunner.memcpyCase, BenchRunner.streamCase] + RasterBench.cases + TypesetBenchmarks.cases
            + FrameScene.benchCases(scanout: scanout, streamsBeside: streamsBeside) + SpeechScene.benchCases + PDFStartScene.benchCases + VideoBench.cases + ClipScenes.cases
            + SearchScene.benchCases
    }

    func run() throws {
        defer { BenchFiles.removeAll() }
        let sizes = [(1920, 1080), (1280, 800)]
        let scanout = ScanoutTuning(pan: pan, sidePan: sidePan, scrollFront: scrollFront, atomic: atomic)
        let cases = BenchCommand.allCases(scanout: scanout, streamsBeside: streamBeside)
        // The start cases run this binary as a child process; they are filtered by name like
        // the rest (`--filter start` runs them and start.pdf.warm, `--filter start.pdf` only
        // the in-process one).
        let startNames = StartBench.names.filter { filter == nil || $0.hasPrefix(filter!) }
        let yardsticks = ["memcpy", "stream"]
        let matching = cases.filter { !yardsticks.contains($0.name) && (filter == nil || $0.name.hasPrefix(filter!)) }
        if let filter, matching.isEmpty, startNames.isEmpty, !yardsticks.contains(where: { $0.hasPrefix(filter) }) {
            throw CLIUsageError("--filter: no benchmark name starts with '\(filter)' (have: \((cases.map(\.name) + StartBench.names).joined(separator: ", ")))")
        }
        if matching.isEmpty, !startNames.isEmpty { return try runStart(startNames) }
        let results = try BenchRunner(quick: quick).run(cases, sizes: sizes, filter: filter)
        var out = ""
        if json {
            for r in results {
                out += "{\"name\":\"\(r.name)\",\"width\":\(r.width),\"height\":\(r.height),"
                    + "\"median_us\":\(fmt(r.medianMicros)),\"p99_us\":\(fmt(r.p99Micros)),"
                    + "\"ratio_to_memcpy\":\(fmt(r.ratioToMemcpy, 3)),\"ratio_to_stream\":\(fmt(r.ratioToStream, 3)),"
                    + "\"stream_us\":\(fmt(r.streamMicros)),"
                    + "\"heap_growth_bytes\":\(r.heapGrowthBytes),"
                    + "\"iterations\":\(r.iterations)}\n"
            }
        } else {
            out += pad("case", 20) + pad("size", 11) + pad("median µs", 12) + pad("p99 µs", 12) + pad("× memcpy", 10)
                + pad("× stream", 10) + pad("stream µs", 11) + "heap Δ\n"
            for r in results {
                out += pad(r.name, 20) + pad("\(r.width)x\(r.height)", 11) + pad(fmt(r.medianMicros), 12)
                    + pad(fmt(r.p99Micros), 12) + pad(fmt(r.ratioToMemcpy, 3), 10) + pad(fmt(r.ratioToStream, 3), 10)
                    + pad(fmt(r.streamMicros), 11) + "\(r.heapGrowthBytes)\n"
            }
        }
        FileHandle.standardOutput.write(Data(out.utf8))
        FileHandle.standardError.write(Data(PictureWaits.shared.report.utf8))
        if !startNames.isEmpty { try runStart(startNames) }
    }

    /// The start cases: process start to the first frame, min and median of the runs.
    private func runStart(_ names: [String]) throws {
        var out = ""
        for r in try StartBench.run(names, runs: quick ? 2 : max(1, startRuns), size: "1920x1080") {
            let sorted = r.runs.sorted()
            let minMs = sorted[0] * 1000, medianMs = Percentile.nearestRank(sorted, 0.5) * 1000
            if json {
                out += "{\"name\":\"\(r.name)\",\"width\":1920,\"height\":1080,\"min_ms\":\(fmt(minMs, 2)),\"median_ms\":\(fmt(medianMs, 2)),\"runs\":\(r.runs.count)}\n"
            } else {
                out += pad(r.name, 20) + pad("1920x1080", 11) + "min \(fmt(minMs)) ms, median \(fmt(medianMs)) ms of \(r.runs.count) starts\n"
            }
        }
        FileHandle.standardOutput.write(Data(out.utf8))
    }

    private func fmt(_ v: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", v) }
    private func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s + " " : s + String(repeating: " ", count: n - s.count) }
}
