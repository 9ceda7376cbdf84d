import Foundation
import Kiosk
import LecternLog
import Logging
import LoopCore
import Measure

/// Health and usage in Prometheus' text format, for node_exporter's textfile collector:
/// written atomically at most once a minute while anything counted changes, and at
/// once after a reload or a content update. An idle kiosk writes nothing (its figures
/// do not change): liveness is `lectern_up_since_seconds` with systemd's watchdog, not
/// the file's age.
public final class MetricsFile {
    public let path: String
    let runtime: KioskRuntime
    let log: Logger
    let wallClock: WallClock
    /// Replaces the file's content so that a reader sees the old or the new, never a part
    /// (`AtomicFile.write` on the device).
    let writeAtomically: (_ text: String, _ path: String) throws -> Void
    /// Unix time the process started.
    public let upSince: Double
    public weak var loop: DeviceLoop?
    public var frameMetrics: FrameMetrics?
    /// Which content version is on screen (`lectern_info`).
    public weak var siteReload: SiteReload?
    /// Lectern's version (`lectern_info`).
    public let softwareVersion: String
    public static let interval = 60.0

    /// The last reload or content update: (Unix time, ok, reason).
    public private(set) var lastReload: ContentWatch.Update?
    public private(set) var errors: [String: Int] = ["reload_rejected": 0, "content_update_refused": 0, "metrics_write": 0]
    /// What was last written, to know whether anything changed.
    private var written: Snapshot?
    private var writtenAt: Double?
    private var writeNow = true
    private var lastWriteError: String?

    struct Snapshot: Equatable {
        var usage: UsageCounters, frames: Int, reload: ContentWatch.Update?, errors: [String: Int], info: [(String, String)]
        var states: [String: Double]
        static func == (a: Snapshot, b: Snapshot) -> Bool {
            a.usage == b.usage && a.frames == b.frames && a.reload == b.reload && a.errors == b.errors && a.states == b.states
                && a.info.map(\.0) == b.info.map(\.0) && a.info.map(\.1) == b.info.map(\.1)
        }
    }

    public init(path: String, runtime: KioskRuntime, writeAtomically: @escaping (_ text: String, _ path: String) throws -> Void,
                wallClock: WallClock, secondsSinceStart: () -> Double? = ProcessClock.secondsSinceStart,
                softwareVersion: String = "unknown", log: Logger = .lectern) {
        self.path = path
        self.softwareVersion = softwareVersion
        self.runtime = runtime
        self.writeAtomically = writeAtomically
        self.wallClock = wallClock
        self.log = log
        let now = wallClock.now()
        upSince = now - (secondsSinceStart() ?? 0)
    }

    /// A reload (SIGHUP) or a content update (the watcher) ended: written at once.
    public func reloaded(_ update: ContentWatch.Update, refusedBy watcher: Bool) {
        lastReload = update
        if !update.ok { errors[watcher ? "content_update_refused" : "reload_rejected", default: 0] += 1 }
        writeNow = true
    }

    private var snapshot: Snapshot {
        Snapshot(usage: runtime.usage, frames: loop?.framesPresented ?? 0, reload: lastReload, errors: errors, info: info, states: states)
    }

    /// What an alert compares (docs/deploy.md, lectern-alerts.yml): whether the display is
    /// showing (an output connected and DRM master held), whether the opening hours have
    /// it on (always, without hours), and, where `[speech]` is on, whether speech works.
    var states: [String: Double] {
        let displayOn: Double = loop?.sink.canvas != nil ? 1 : 0
        var states: [String: Double] = ["lectern_display_on": displayOn, "lectern_opening_hours_open": runtime.scheduledOff ? 0 : 1]
        if runtime.config.speech.enabled { states["lectern_speech_available"] = runtime.speechOutput != nil ? 1 : 0 }
        return states
    }

    /// `lectern_info`'s labels, for an inventory of the fleet: Lectern's version, the
    /// content version on screen, the panel's mode and how it is mounted (once the
    /// display is up), and the screen as the visitor sees it.
    var info: [(String, String)] {
        var labels = [("version", softwareVersion), ("content_version", siteReload?.shownVersion ?? "")]
        if let geometry = loop?.sink.geometry {
            labels.append(("panel", "\(geometry.nativeWidth)x\(geometry.nativeHeight)"))
            labels.append(("rotation", "\(geometry.rotation.rawValue)"))
            labels.append(("screen", "\(geometry.logicalWidth)x\(geometry.logicalHeight)"))
        }
        return labels
    }

    /// When the file is due: now after a reload, a minute after the last write while the
    /// figures differ from those written, never while nothing changes.
    ///
    /// "Due now" is a time long past, never `now`: the loop compares the deadline with the
    /// time it read at the start of its turn, and a `now` read a moment later is always a
    /// little ahead of that, so it would never count as due, and the poll would wait
    /// 1 ms again and again (the machine test's idle check caught 600 wake-ups a second).
    public func deadline(now: Double) -> Double? {
        if writeNow { return -.greatestFiniteMagnitude }
        guard written != snapshot else { return nil }
        return writtenAt.map { $0 + Self.interval } ?? -.greatestFiniteMagnitude
    }

    public func write(at time: Double) {
        writeNow = false
        writtenAt = time
        let current = snapshot
        do {
            try writeAtomically(render(), path)
            written = current
            lastWriteError = nil
        } catch {
            errors["metrics_write", default: 0] += 1
            written = snapshot  // not again before the next minute's change
            let message = "\(error)"
            if message != lastWriteError { log.warning("metrics: cannot write \(path): \(message)") }
            lastWriteError = message
        }
    }

    /// The whole file.
    public func render() -> String {
        var out = PrometheusText()
        let usage = runtime.usage
        out.single("lectern_up_since_seconds", .gauge, help: "Unix time the lectern process started.", upSince)
        if let startup = frameMetrics?.startupToFirstFrame {
            out.single("lectern_startup_to_first_frame_seconds", .gauge, help: "Seconds from process start to the first frame on screen.", startup)
        }
        out.single("lectern_frames_drawn_total", .counter, help: "Frames presented on the display.", Double(loop?.framesPresented ?? 0))
        out.single("lectern_touches_total", .counter, help: "Fingers put down on the touchscreen.", Double(usage.touches))
        out.family("lectern_gestures_total", .counter, help: "Gestures recognised, by kind.",
                   UsageCounters.gestureKinds.map { ([("kind", $0)], Double(usage.gestures[$0] ?? 0)) })
        let work = frameMetrics?.currentWork() ?? [:]
        if !work.isEmpty {
            out.family("lectern_busy_seconds", .gauge, help: "Loop busy time per turn over the last minute logged (median, p99, max), by work.",
                       work.sorted { $0.key < $1.key }.flatMap { what, s in
                           [([("work", what), ("stat", "median")], s.median), ([("work", what), ("stat", "p99")], s.p99),
                            ([("work", what), ("stat", "max")], s.max)]
                       })
            out.family("lectern_busy_over_20ms", .gauge, help: "Loop turns over 20 ms in the last minute logged, by work.",
                       work.sorted { $0.key < $1.key }.map { ([("work", $0.key)], Double($0.value.over20ms)) })
        }
        let latency = frameMetrics?.currentLatency() ?? [:]
        if !latency.isEmpty {
            out.family("lectern_touch_latency_seconds", .gauge,
                       help: "Touch latency over the last minute logged (median, p99, max): from the kernel's event time to the flip queued (touch_to_flip) and to the flip completed, on glass (event_to_glass).",
                       latency.sorted { $0.key < $1.key }.flatMap { what, s in
                           [([("span", what), ("stat", "median")], s.median), ([("span", what), ("stat", "p99")], s.p99),
                            ([("span", what), ("stat", "max")], s.max)]
                       })
        }
        out.family("lectern_errors_total", .counter, help: "Errors, by kind.",
                   errors.sorted { $0.key < $1.key }.map { ([("kind", $0.key)], Double($0.value)) })
        if let reload = lastReload {
            out.single("lectern_last_reload_timestamp_seconds", .gauge, help: "Unix time of the last reload or content update.", reload.wallTime)
            out.family("lectern_last_reload_ok", .gauge, help: "Whether the last reload or content update was applied (1) or refused (0), and why.",
                       [([("reason", reload.reason)], reload.ok ? 1 : 0)])
        }
        let states = self.states
        out.single("lectern_display_on", .gauge, help: "1 while the display shows the kiosk (an output connected, DRM master held), else 0.",
                   states["lectern_display_on"] ?? 0)
        out.single("lectern_opening_hours_open", .gauge, help: "1 while the opening hours have the display on (always 1 without hours), else 0.",
                   states["lectern_opening_hours_open"] ?? 1)
        if let speech = states["lectern_speech_available"] {
            out.single("lectern_speech_available", .gauge, help: "1 when speech mode can speak (espeak-ng and its voices), 0 when [speech] is on but it cannot.", speech)
        }
        out.family("lectern_info", .gauge,
                   help: "Always 1: Lectern's version, the hash of the site's files on screen, the panel's mode, rotation and the screen as seen.",
                   [(info, 1)])
        // One sample per title: the counters are kept by title, and node_exporter drops a
        // family's repeated label set with an error (two pages may share a title).
        var seen = Set<String>()
        let titles = runtime.config.pages.map(\.title).filter { seen.insert($0).inserted }
        out.family("lectern_page_views_total", .counter, help: "Times a visitor brought a page on screen, by page title.",
                   titles.map { ([("page", $0)], Double(usage.views[$0] ?? 0)) })
        out.family("lectern_page_reading_seconds_total", .counter, help: "Seconds visitors spent with a page (gaps between touches counted up to 30 s).",
                   titles.map { ([("page", $0)], usage.readingSeconds[$0] ?? 0) })
        out.single("lectern_link_cards_opened_total", .counter, help: "Link cards (QR codes) opened.", Double(usage.linkCardsOpened))
        out.single("lectern_menu_opens_total", .counter, help: "Times the menu was opened.", Double(usage.menuOpens))
        out.single("lectern_searches_total", .counter, help: "Searches finished in the search panel (a result opened, return, or the panel left).",
                   Double(usage.searches))
        out.single("lectern_searches_without_result_total", .counter, help: "Searches that found nothing.", Double(usage.searchesWithNoResult))
        out.single("lectern_clip_frames_shown_total", .counter, help: "Video clips' frames shown.", Double(usage.clipFramesShown))
        out.single("lectern_clip_frames_dropped_total", .counter, help: "Video clips' frames dropped because the loop was late for them.",
                   Double(usage.clipFramesDropped))
        out.family("lectern_language_choices_total", .counter, help: "Languages chosen by visitors (a menu pill, or a link to a page in another language), by language tag.",
                   usage.languageChoices.sorted { $0.key < $1.key }.map { ([("language", $0.key)], Double($0.value)) })
        out.single("lectern_speech_sessions_total", .counter, help: "Times speech mode was turned on (the gesture or headphones).", Double(usage.speechSessions))
        return out.text
    }

    /// Into the loop's timers: written when due (no wake-up while nothing changes). The loop
    /// keeps the file alive; the file holds the loop weakly. `clock` is where the deadline
    /// reads the time: the loop's (a test hands one a little ahead of it, as the device's
    /// is when read a moment after the loop read it).
    public func attach(to loop: DeviceLoop, clock: MonotonicClock? = nil) {
        self.loop = loop
        let clock = clock ?? loop.clock
        loop.extraTimers.append((deadline: { [self] in deadline(now: clock.now()) },
                                 fire: { [self] time in write(at: time) }))
    }
}
