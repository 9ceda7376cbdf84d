import Foundation
import Frames
import LecternLog
import Logging
import Raster
import Touch
import Measure

/// The running kiosk, the one composition root both the device and the headless tools
/// drive: it owns the configuration, the assembled kiosk (typesetter, scene, renderer)
/// and reload, and answers the loop. Time always comes from the caller (the device's
/// monotonic clock, or a clock a test advances by hand), so nothing here reads a clock.
public final class KioskRuntime {
    /// The configuration on screen: only a configuration that loaded and assembled
    /// completely ever replaces it.
    public internal(set) var config: KioskConfig
    public let configPath: String?
    public internal(set) var assembly: KioskAssembly?
    /// The size the kiosk is laid out for: the scene's, which follows the canvas the
    /// display hands each frame (the display's mode and rotation own the screen size).
    public var size: (width: Int, height: Int)? {
        assembly.map { (Int($0.scene.width), Int($0.scene.height)) }
    }
    /// A kiosk could not be assembled for this size: not tried again every turn (it
    /// would log the same error at each touch) until the size or the configuration changes.
    var assemblyFailed: (width: Int, height: Int)?
    /// The panel's density, once the touchscreen (or else the display connector) reports
    /// its size: scale, touch slop and the derived text size follow it.
    public var pixelsPerMillimetre: Double?
    /// Where `pixelsPerMillimetre` came from, for the log.
    public var densitySource = "the touchscreen"
    /// One line whenever the page on screen changes (systemd STATUS=).
    public var onStatus: (String) -> Void = { _ in }
    var reportedPage: Int?
    /// The configuration was (re)assembled and its content problems are not logged yet.
    var contentProblemsDue = false
    /// Counts of use (touches, gestures, page views, reading time, menu and card opens).
    public internal(set) var usage = UsageCounters()
    /// Called with every gesture the scene on screen applied, once the usage counts have
    /// it (`lectern replay` notes them). The runtime's own slot: it outlives each kiosk
    /// assembled anew, and setting it cannot take the gestures from the counts.
    public var onGesture: (Gesture) -> Void = { _ in }
    /// The site's search index, built off the loop after the first frame (`KioskRuntime+Search`).
    public let search = SiteSearch()
    /// Reloads that failed (SIGHUP or the content watcher), for the error counts.
    public internal(set) var reloadsRejected = 0
    /// The last touch, for reading time: (page index, time).
    var lastActivity: (page: Int, time: Double)?
    let load: (String) throws -> KioskConfig
    /// Wall-clock time for the opening hours (`[display] on / off`); nil: none applied.
    public var wallClock: WallClock?
    /// The opening hours as last asked (KioskRuntime+OpeningHours.swift).
    var hours = OpeningHoursState()
    /// Told `hoursHaveDisplayDark` at every turn of the loop while opening hours apply
    /// (KioskDevice's `TVSwitch` acts on a change only).
    public var onHoursDark: ((Bool) -> Void)?
    /// Where speech mode speaks (the device's player); each assembled kiosk gets it.
    public var speechOutput: SpeechOutput?
    /// What this visitor switched on (high contrast, the text step, the language), read
    /// from its one owner, the scene on screen (`KioskScene.visitor`): every kiosk
    /// assembled anew (a reload, a switch) is handed it, and the idle reset clears it
    /// there (Runtime/KioskRuntime+Visitor.swift).
    public internal(set) var visitor: VisitorChoices {
        get { assembly?.scene.visitor ?? VisitorChoices() }
        set { assembly?.scene.visitor = newValue }
    }
    /// A menu switch tapped during the touch being handled: applied once the scene has
    /// finished with the touch (the kiosk is assembled anew for it).
    var visitorSwitchOwed: MenuSwitch?
    public let logger: Logger

    /// What a reload did. `displayChanged`: rotation or mode differ, which the display
    /// owner must apply (a new modeset, touch mapping) before the next frame.
    public enum ReloadOutcome: Equatable, Sendable {
        case rejected(reason: String)
        case applied(changes: [String], displayChanged: Bool)
        case noFile
    }

    public init(config: KioskConfig, configPath: String?,
                load: @escaping (String) throws -> KioskConfig = { try ConfigLoader.load(path: $0) },
                log: Logger = .lectern) {
        self.config = config
        self.configPath = configPath
        self.load = load
        self.logger = log
    }

    /// A runtime around a kiosk already assembled for its screen (headless tools and
    /// tests that build the assembly themselves); no file to reload.
    public convenience init(assembly: KioskAssembly, log: Logger = .lectern) {
        self.init(config: assembly.config, configPath: nil, log: log)
        self.assembly = assembly
        // Kiosks assembled again for the visitor's choices speak where this one does.
        speechOutput = assembly.scene.speech?.output
        wireVisitor(assembly.scene)
        wireGestures(assembly.scene)
    }

    public var scene: KioskScene? { assembly?.scene }

    /// How a clip's decoder wakes the loop when frames arrive (the composition root's
    /// pipe, `BackgroundWork`): handed to the clips of every kiosk assembled.
    public var clipWake: (@Sendable () -> Void)? {
        didSet { assembly?.scene.clips.wake = clipWake }
    }

    /// Where clips' sound goes (the composition root's ALSA output and speech mode's
    /// state): handed to the clips of every kiosk assembled. Nil: clips play silent.
    public var clipSound: ClipSound? {
        didSet { assembly?.scene.clips.sound = clipSound }
    }

    func log(_ message: String, _ level: Logger.Level = .info) { logger.log(level: level, "\(message)") }

    /// The screen's logical size is known or changed: build the kiosk the first time,
    /// then only re-lay it out (the visitor's place is kept).
    public func resize(width: Int, height: Int, at time: Double) {
        if let assembly {
            if Int(assembly.scene.width) != width || Int(assembly.scene.height) != height {
                assembly.scene.resize(width: width, height: height, at: time)
                assembly.renderer.invalidate()
            }
            return
        }
        do {
            assembly = try assemble(config, width: width, height: height, at: time)
            assemblyFailed = nil
            contentProblemsDue = true
            reportPage()
        } catch {
            assemblyFailed = (width, height)
            log("cannot set up the kiosk: \(error)", .error)
        }
    }

    func assemble(_ config: KioskConfig, width: Int, height: Int, at time: Double) throws -> KioskAssembly {
        let next = try KioskAssembly(config: visitor.applied(to: config), width: width, height: height,
                                     pixelsPerMillimetre: pixelsPerMillimetre, time: time, speech: speechOutput,
                                     textFactor: visitor.textStep.factor)
        wireVisitor(next.scene)
        next.scene.clips.wake = clipWake
        next.scene.clips.sound = clipSound
        let density = pixelsPerMillimetre.map { "\(($0 * 100).rounded() / 100) px/mm from \(densitySource)" } ?? "dpi \(Int(config.display.dpi)) from the configuration"
        let text = config.text.size == nil ? "for \(Int(config.text.distanceCentimetres)) cm" : "configured"
        wireGestures(next.scene)
        log("kiosk: \(width)x\(height), \(config.pages.count) pages, scale \(next.scene.scale) (\(density)), body text \(Int(next.bodySize)) px (\(text))")
        return next
    }

    /// The scene tells the runtime of each gesture it applied: counted, then passed on.
    private func wireGestures(_ scene: KioskScene) {
        scene.onGesture = { [weak self] gesture in
            guard let self else { return }
            usage.record(gesture)
            onGesture(gesture)
        }
        scene.onSearchCounted = { [weak self] found in
            self?.usage.searches += 1
            if !found { self?.usage.searchesWithNoResult += 1 }
        }
        scene.clips.onFramesCounted = { [weak self] shown, dropped in
            self?.usage.clipFramesShown += shown
            self?.usage.clipFramesDropped += dropped
        }
    }

    /// What `lectern check` would say about the pages (a missing picture, a link to
    /// nowhere), once per assembled configuration: the kiosk shows such a page anyway.
    /// An unreadable content file is left out: TypesetContent logs it when it loads it.
    ///
    /// What `lectern check` would say about the pages, logged off the loop once per
    /// configuration.
    let contentProblems = ContentProblemsLog()

    /// Waits until the content checks started so far have logged their lines.
    public func waitForContentCheck() { contentProblems.wait() }

    // MARK: What the loop asks, once per turn

    public func handle(_ event: TouchEvent) {
        guard let scene = assembly?.scene else { return }
        let page = scene.currentPage, menu = scene.menu.isPresented, card = scene.links.card.isPresented
        let visit = VisitState(scene)
        scene.handle(event)
        countVisitorChanges(since: visit, in: scene)
        if let item = visitorSwitchOwed {
            visitorSwitchOwed = nil
            visitorSwitched(item, at: event.time)
        }
        if case .down = event { usage.touches += 1 }
        if !menu && scene.menu.isPresented { usage.menuOpens += 1 }
        if !card && scene.links.card.isPresented { usage.linkCardsOpened += 1 }
        if let last = lastActivity, last.page == page, config.pages.indices.contains(page) {
            usage.read(config.pages[page].title, from: last.time, to: event.time)
        }
        if scene.currentPage != page, config.pages.indices.contains(scene.currentPage) {
            usage.views[config.pages[scene.currentPage].title, default: 0] += 1
        }
        lastActivity = (scene.currentPage, event.time)
        reportPage()
    }

    /// While something moves, and once more after it stops: the last frame drawn during
    /// an animation is not its final state (a faint overlay stayed after a fade-out once).
    public func needsFrame(at time: Double) -> Bool {
        guard let assembly else { return false }
        return assembly.scene.isAnimating(at: time) || assembly.renderer.isStale(at: time)
    }

    /// Whether the scene moves at `time` (a scroll coasting, a spring, a fade).
    public func isAnimating(at time: Double) -> Bool { assembly?.scene.isAnimating(at: time) ?? false }

    /// The frame for `time` on a screen of `width` × `height` (a new size lays the kiosk
    /// out anew), described for the compositor, as the painter made for it (its `frame`
    /// is the description); nil when no kiosk could be assembled.
    public func frame(at time: Double, width: Int, height: Int) -> ScenePainter? {
        let laidOut = size ?? assemblyFailed
        if laidOut.map({ $0 != (width, height) }) ?? true { resize(width: width, height: height, at: time) }
        guard let assembly else { return nil }
        assembly.scene.advance(to: time)
        let painter = assembly.renderer.frame(at: time)
        // What `check` would report, once per configuration, off the loop (see
        // `ContentProblemsLog`): neither the first frame nor the first touch waits for it.
        logContentProblemsOnce()
        return painter
    }

    private func logContentProblemsOnce() {
        guard contentProblemsDue else { return }
        contentProblemsDue = false
        contentProblems.log(config: config, to: logger)
    }

    /// The whole frame for `time` drawn from scratch into `canvas` (tests, pictures):
    /// the background alone when no kiosk could be assembled.
    public func render(into canvas: Canvas, at time: Double, damage: inout Region) {
        damage.add(canvas.bounds)
        guard let painter = frame(at: time, width: canvas.width, height: canvas.height) else {
            canvas.fill(canvas.bounds, color: config.theme.background)
            return
        }
        painter.drawFromScratch(into: canvas)
    }

    public func nextDeadline() -> Double? {
        // (Asked twice every loop turn: no array.)
        earliest(earliest(assembly?.scene.nextDeadline(), hours.nextChange), scheduleOwed)
    }

    public func deadlineReached(at time: Double) {
        let visit = assembly.map { VisitState($0.scene) }
        let wasHome = assembly?.scene.idle.homeDone ?? true
        assembly?.scene.deadlineReached(at: time)
        if let visit, let scene = assembly?.scene { countVisitorChanges(since: visit, in: scene) }
        if !wasHome, assembly?.scene.idle.homeDone == true { visitorWentHome(at: time) }
        reportPage()
    }

    public var displayPowered: Bool { !(assembly?.scene.idle.isBlanked ?? false) }

    public var currentPageTitle: String? {
        assembly.map { config.pages[$0.scene.currentPage].title }
    }

    /// STATUS= follows the current page (tapping a ring item, idle going home, reload).
    func reportPage() {
        guard let scene = assembly?.scene, scene.currentPage != reportedPage else { return }
        reportedPage = scene.currentPage
        onStatus("showing page \(scene.currentPage + 1) of \(scene.pageCount): \(config.pages[scene.currentPage].title)")
    }
}

