import Foundation
import Glibc
import KioskDevice
import KioskHeadless
import Logging
import LoopCore
import Platform
import Measure
import PlatformEmbedded
import Touch
import XCTest
@testable import Kiosk

/// The metrics file after a scripted session: written by the loop's timer, read back by
/// Debian's node_exporter (its textfile collector) over HTTP on localhost.
final class MetricsExportTests: XCTestCase {
    static let exporter = "/usr/bin/prometheus-node-exporter"
    private var dir = ""

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "lectern-metrics-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    /// A session on the built-in pages: the menu opened with three fingers, the second
    /// page chosen on the ring, a scroll, then nothing for a minute.
    private func session() throws -> (HeadlessPlayer, MetricsFile) {
        let player = try HeadlessPlayer(config: .builtIn, width: 1280, height: 800)
        let metrics = MetricsFile(path: dir + "/lectern.prom", runtime: player.runtime, writeAtomically: { try AtomicFile.write($0, to: $1) },
                                  wallClock: FixedWallClock(1_800_000_000), secondsSinceStart: { 5 }, log: Logger(sink: { _ in }))
        metrics.attach(to: player.loop)
        player.step(to: 0.1)
        // Where the ring puts the second page's item on this screen.
        let ring = player.scene.ring
        let spot = stride(from: 0.0, to: 1280, by: 4).lazy.flatMap { x in stride(from: 0.0, to: 800, by: 4).lazy.map { (x, $0) } }
            .first { ring.item(atX: $0.0, y: $0.1) == 1 }
        let (x, y) = try XCTUnwrap(spot)
        let script = try GestureScript.parse("""
            0.300 tap 3 640 400
            1.500 tap 1 \(x) \(y)
            3.000 drag 0 640 600 640 200 0.4
            """)
        var index = 0
        player.play(script.events, from: &index, until: 10)
        return (player, metrics)
    }

    func testTheCountsMatchAScriptedSession() throws {
        let (player, metrics) = try session()
        let early = try String(contentsOfFile: dir + "/lectern.prom", encoding: .utf8)
        XCTAssertTrue(early.contains("lectern_touches_total 0\n"), "written at start, before any touch")
        player.step(to: 59)
        XCTAssertEqual(try String(contentsOfFile: dir + "/lectern.prom", encoding: .utf8), early, "at most once a minute")
        player.step(to: 61)
        let samples = PrometheusText.parse(try String(contentsOfFile: dir + "/lectern.prom", encoding: .utf8)).samples
        func value(_ name: String, _ labels: [String: String] = [:]) -> Double? {
            samples.first { $0.name == name && $0.labels == labels }?.value
        }
        let second = KioskConfig.builtIn.pages[1].title
        XCTAssertEqual(value("lectern_touches_total"), 5)
        XCTAssertEqual(value("lectern_gestures_total", ["kind": "three_finger_tap"]), 1)
        XCTAssertEqual(value("lectern_gestures_total", ["kind": "tap"]), 1)
        XCTAssertEqual(value("lectern_gestures_total", ["kind": "pan_vertical"]), 1)
        XCTAssertEqual(value("lectern_gestures_total", ["kind": "pinch"]), 0)
        XCTAssertEqual(value("lectern_menu_opens_total"), 1)
        XCTAssertEqual(value("lectern_page_views_total", ["page": second]), 1)
        XCTAssertEqual(value("lectern_page_views_total", ["page": KioskConfig.builtIn.pages[0].title]), 0)
        XCTAssertEqual(value("lectern_frames_drawn_total"), Double(player.loop.framesPresented))
        XCTAssertEqual(value("lectern_up_since_seconds"), 1_800_000_000 - 5)
        XCTAssertEqual(value("lectern_speech_sessions_total"), 0)
        let reading = try XCTUnwrap(value("lectern_page_reading_seconds_total", ["page": second]))
        XCTAssertEqual(reading, 3.4 - 1.55, accuracy: 0.1, "from the ring tap to the drag's end")
        XCTAssertEqual(player.runtime.usage.touches, 5)
        _ = metrics
        // Idle home (120 s after the last touch) draws a frame: written a minute later, then
        // nothing changes any more: no further write, no wake-up for the file.
        player.step(to: 400)
        let wakeUps = player.loop.wakeUps
        player.step(to: 590)
        XCTAssertEqual(player.loop.wakeUps, wakeUps, "idle: the blanking at 600 s is the next thing due")
        let last = PrometheusText.parse(try String(contentsOfFile: dir + "/lectern.prom", encoding: .utf8)).samples
        XCTAssertEqual(last.first { $0.name == "lectern_frames_drawn_total" }?.value, Double(player.loop.framesPresented))
    }

    /// On the device the timer's clock is read a moment after the loop read its own, so
    /// it is always a little ahead: a file due "now" must still count as due, or the loop
    /// polls 1 ms at a time forever (600 wake-ups a second in the machine test).
    func testAFileDueNowIsWrittenWithoutWakingTheLoopAgainAndAgain() throws {
        let player = try HeadlessPlayer(config: .builtIn, width: 640, height: 400)
        let metrics = MetricsFile(path: dir + "/lectern.prom", runtime: player.runtime, writeAtomically: { try AtomicFile.write($0, to: $1) },
                                  wallClock: FixedWallClock(1_800_000_000), secondsSinceStart: { 5 }, log: Logger(sink: { _ in }))
        metrics.attach(to: player.loop, clock: AheadClock(player.clock))
        player.step(to: 1)
        let before = player.loop.wakeUps
        player.step(to: 11)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/lectern.prom"), "written at start")
        XCTAssertLessThanOrEqual(player.loop.wakeUps - before, 2, "wake-ups in 10 s with nothing to do")
    }

    /// Two pages with one title: one sample for it (node_exporter drops a repeated label
    /// set and logs an error), and no other sample repeats either.
    func testPagesSharingATitleGiveOneSample() {
        var config = KioskConfig.builtIn
        config.pages.append(config.pages[0])
        let runtime = KioskRuntime(config: config, configPath: nil, log: Logger(sink: { _ in }))
        let metrics = MetricsFile(path: dir + "/lectern.prom", runtime: runtime, writeAtomically: { try AtomicFile.write($0, to: $1) },
                                  wallClock: FixedWallClock(1_800_000_000), secondsSinceStart: { 5 }, log: Logger(sink: { _ in }))
        let samples = PrometheusText.parse(metrics.render()).samples
        let keys = samples.map { "\($0.name)\($0.labels.sorted { $0.key < $1.key })" }
        XCTAssertEqual(Set(keys).count, keys.count, "repeated samples: \(keys)")
        XCTAssertEqual(samples.filter { $0.name == "lectern_page_views_total" }.count, KioskConfig.builtIn.pages.count)
    }

    /// Event-to-glass and touch-to-flip latency reach the file as median, p99 and max.
    func testLatencyIsExported() throws {
        let runtime = KioskRuntime(config: .builtIn, configPath: nil, log: Logger(sink: { _ in }))
        let file = MetricsFile(path: dir + "/lectern.prom", runtime: runtime, writeAtomically: { try AtomicFile.write($0, to: $1) },
                               wallClock: FixedWallClock(1_800_000_000), secondsSinceStart: { 5 }, log: Logger(sink: { _ in }))
        let frames = FrameMetrics(log: Logger(sink: { _ in }), secondsSinceStart: { nil })
        file.frameMetrics = frames
        XCTAssertFalse(file.render().contains("lectern_touch_latency_seconds"), "no touch yet: no figure")
        for ms in 1...100 {
            frames.recordLatency(Double(ms) / 10_000, at: 1)
            frames.recordGlassLatency(Double(ms) / 1000)
        }
        let samples = PrometheusText.parse(file.render()).samples
        func value(_ span: String, _ stat: String) -> Double? {
            samples.first { $0.name == "lectern_touch_latency_seconds" && $0.labels == ["span": span, "stat": stat] }?.value
        }
        XCTAssertEqual(try XCTUnwrap(value("event_to_glass", "median")), 0.050, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(value("event_to_glass", "p99")), 0.099, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(value("event_to_glass", "max")), 0.100, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(value("touch_to_flip", "max")), 0.0100, accuracy: 1e-12)
        // Logged (and kept for the file) when the minute's report runs.
        frames.report()
        XCTAssertEqual(frames.glassSamples.count, 0)
        XCTAssertEqual(try XCTUnwrap(PrometheusText.parse(file.render()).samples.first {
            $0.name == "lectern_touch_latency_seconds" && $0.labels == ["span": "event_to_glass", "stat": "max"] }?.value), 0.100, accuracy: 1e-12)
    }

    func testLabelsAreEscapedAndReadBack() {
        var text = PrometheusText()
        text.family("lectern_x_total", .counter, help: "A \\ help\nline.", [([("page", "He said \"hi\"\\\nbye")], 2)])
        XCTAssertTrue(text.text.contains(#"lectern_x_total{page="He said \"hi\"\\\nbye"} 2"#), text.text)
        XCTAssertTrue(text.text.contains(#"# HELP lectern_x_total A \\ help\nline."#), text.text)
        let back = PrometheusText.parse(text.text)
        XCTAssertEqual(back.samples.map(\.name), ["lectern_x_total"])
        XCTAssertEqual(back.samples.first?.labels, ["page": "He said \"hi\"\\\nbye"])
        XCTAssertEqual(back.samples.first?.value, 2)
        XCTAssertEqual(back.help["lectern_x_total"], "A \\ help\nline.")
    }

    /// node_exporter's textfile collector parses the file (with Prometheus' own parser)
    /// and serves the same values.
    func testNodeExporterServesTheFile() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.exporter) else {
            throw XCTSkip("\(Self.exporter) is absent: install Debian's prometheus-node-exporter (scripts/install-deps does)")
        }
        let (player, _) = try session()
        player.step(to: 61)
        let port = 20_000 + Int(getpid() % 20_000)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.exporter)
        process.arguments = ["--web.listen-address=127.0.0.1:\(port)", "--collector.disable-defaults",
                             "--collector.textfile", "--collector.textfile.directory=\(dir)"]
        process.standardOutput = FileHandle.nullDevice
        _ = FileManager.default.createFile(atPath: dir + "/exporter.log", contents: nil)
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: dir + "/exporter.log"))
        try process.run()
        defer { if process.isRunning { process.terminate(); process.waitUntilExit() } }
        // The exporter listens within moments; ask until it answers (not a timing assertion).
        var body: String?
        for _ in 0..<100 where body == nil {
            body = Self.httpGet(port: port, path: "/metrics")
            if body == nil { usleep(50_000) }
        }
        let text = try XCTUnwrap(body, "node_exporter did not answer on 127.0.0.1:\(port)")
        process.terminate()
        process.waitUntilExit()
        let log = (try? String(contentsOfFile: dir + "/exporter.log", encoding: .utf8))?
            .split(separator: "\n").filter { $0.contains("level=error") }.joined(separator: "\n") ?? ""
        // node_textfile_mtime_seconds is reported only for files the collector read and parsed.
        XCTAssertTrue(text.contains("node_textfile_mtime_seconds{file=\"\(dir)/lectern.prom\"}"), "the collector did not read the file: \(log)")
        // 1 when any file in the directory failed to open or parse: the whole file is then
        // dropped on the scraping side, whatever the lectern_ lines say.
        let scrapeError = PrometheusText.parse(text).samples.first { $0.name == "node_textfile_scrape_error" }?.value
        XCTAssertEqual(scrapeError, 0, "node_exporter could not read a file: \(log)")
        XCTAssertEqual(log, "", "node_exporter logged errors (a repeated sample is dropped with one)")
        let served = PrometheusText.parse(text).samples.filter { $0.name.hasPrefix("lectern_") }
        let written = PrometheusText.parse(try String(contentsOfFile: dir + "/lectern.prom", encoding: .utf8)).samples
        XCTAssertEqual(served.count, written.count)
        for sample in written {
            XCTAssertEqual(served.first { $0.name == sample.name && $0.labels == sample.labels }?.value, sample.value, "\(sample.name) \(sample.labels)")
        }
        XCTAssertEqual(served.first { $0.name == "lectern_touches_total" }?.value, 5)
    }

    /// HTTP/1.0 GET on localhost over a plain socket: the body, or nil if nothing listens.
    static func httpGet(port: Int, path: String) -> String? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return nil }
        let request = Array("GET \(path) HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n".utf8)
        guard request.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, 0) }) == request.count else { return nil }
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            response += buffer[0..<n]
        }
        let text = String(decoding: response, as: UTF8.self)
        guard text.hasPrefix("HTTP/1.") , text.contains(" 200 "), let split = text.range(of: "\r\n\r\n") else { return nil }
        return String(text[split.upperBound...])
    }
}

/// A clock read a little after the loop's own reading, as on the device.
private final class AheadClock: MonotonicClock {
    let base: ManualClock
    init(_ base: ManualClock) { self.base = base }
    func now() -> Double { base.time + 0.0002 }
}

extension MetricsExportTests {
    /// `lectern_info` for a fleet's inventory: Lectern's version, the content version on
    /// screen (as the reload shared by SIGHUP and the watch has it) and the panel.
    func testInfoCarriesVersionContentVersionAndPanel() throws {
        let config = NSTemporaryDirectory() + "lectern-info-\(UUID().uuidString).toml"
        try Data("[display]\nrotation = 90\n[[page]]\ntitle = \"One\"\ncontent = \"one.md\"\n".utf8).write(to: URL(fileURLWithPath: config))
        try Data("# One\n".utf8).write(to: URL(fileURLWithPath: (config as NSString).deletingLastPathComponent + "/one.md"))
        defer { try? FileManager.default.removeItem(atPath: config) }
        let environment = KioskEnvironment(wallClock: FixedWallClock(1_800_000_000), writeFileAtomically: { _, _ in }, softwareVersion: "9.8.7")
        let player = try HeadlessPlayer(config: try ConfigLoader.load(path: config), configPath: config, width: 1280, height: 800,
                                        environment: environment)
        player.step(to: 0.5)
        let metrics = try XCTUnwrap(player.wiring.metrics)
        let info = try XCTUnwrap(PrometheusText.parse(metrics.render()).samples.first { $0.name == "lectern_info" })
        XCTAssertEqual(info.value, 1)
        XCTAssertEqual(info.labels, ["version": "9.8.7", "content_version": player.delegate.siteReload.shownVersion,
                                     "panel": "1280x800", "rotation": "90", "screen": "800x1280"])
        XCTAssertEqual(info.labels["content_version"]?.count, 16, "a 64-bit hash in hex")
    }
}
