import ArgumentParser
import Foundation

/// `lectern bench`: kernel and frame timings as ratios to a memcpy of the frame.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Time the renderer's kernels and the kiosk's frames; ratios are against a memcpy of one frame in the same run.",
        discussion: "Build with -c release for meaningful figures: swift build -c release --product lectern"
    )

    @Flag(help: "One JSON object per line instead of a table.") var json = false
    @Option(help: "Only cases whose name starts with this (memcpy always runs).") var filter: String?
    @Option(help: "Frame sizes, comma-separated.") var sizes: String = "1920x1080,1280x800"
    @Flag(help: "Few iterations (for tests and smoke runs).") var quick = false

    func parsedSizes() throws -> [(Int, Int)] {
        try sizes.split(separator: ",").map { part in
            let wh = part.lowercased().split(separator: "x")
            guard wh.count == 2, let w = Int(wh[0]), let h = Int(wh[1]), (64...8192).contains(w), (64...8192).contains(h) else {
                throw ValidationError("--sizes: '\(part)' is not WIDTHxHEIGHT")
            }
            return (w, h)
        }
    }

    func validate() throws { _ = try parsedSizes() }

    func run() throws {
        var harness = BenchHarness()
        if quick { harness.iterations = 5; harness.maxSeconds = 0.2; harness.warmUp = 1 }
        if !json { say("case                      size        median µs    p99 µs   × memcpy") }
        for (w, h) in try parsedSizes() {
            let raster = try RasterCases(width: w, height: h)
            var cases = raster.cases
            if wants("text") { cases += try TextCases(width: w, height: h).cases }
            if wants("frame") { cases += try FrameScene.all(width: w, height: h).map { scene in (scene.name, { scene.step() }) } }
            var baseline: Double?
            for (name, body) in cases where name == "memcpy" || wants(name) {
                var result = harness.measure(name, width: w, height: h, body)
                if name == "memcpy" { baseline = result.median }
                result.ratio = result.median / (baseline ?? result.median)
                report(result)
            }
        }
    }

    private func wants(_ name: String) -> Bool {
        guard let filter else { return true }
        return name.hasPrefix(filter) || filter.hasPrefix(name)
    }

    private func report(_ r: BenchHarness.Result) {
        if json {
            say(String(format: "{\"name\": \"%@\", \"width\": %d, \"height\": %d, \"median_us\": %.1f, \"p99_us\": %.1f, \"ratio_to_memcpy\": %.3f}",
                         r.name, r.width, r.height, r.median * 1e6, r.p99 * 1e6, r.ratio))
        } else {
            let name = r.name.padding(toLength: 24, withPad: " ", startingAt: 0)
            let size = "\(r.width)x\(r.height)".padding(toLength: 11, withPad: " ", startingAt: 0)
            say(String(format: "%@  %@ %10.1f %9.1f %9.2f", name, size, r.median * 1e6, r.p99 * 1e6, r.ratio))
        }
    }

    /// One line, written at once (a JSON consumer reading a pipe sees each case as it ends).
    private func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
