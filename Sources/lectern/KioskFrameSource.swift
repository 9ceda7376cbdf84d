import Foundation
import Kiosk
import Platform
import Raster
import Touch

/// The kiosk as the device loop sees it: builds the scene when the display's size is
/// known, forwards touches and frames, and reloads the configuration on SIGHUP
/// (keeping the running kiosk when the new configuration is bad).
final class KioskFrameSource: FrameSource {
    private(set) var config: KioskConfig
    private let configPath: String?
    private let clock = SystemClock()
    private let log: PlatformLog
    private var assembly: KioskAssembly?
    private var size: (width: Int, height: Int)?
    /// The panel's density, once the input device reports its size.
    var pixelsPerMillimetre: Double?
    /// Called with a one-line status whenever the page on screen changes (systemd STATUS=).
    var onStatus: (String) -> Void = { _ in }
    private var reportedPage: Int?

    init(config: KioskConfig, configPath: String?, log: PlatformLog) {
        self.config = config
        self.configPath = configPath
        self.log = log
    }

    var currentPageTitle: String? {
        assembly.map { config.pages[$0.scene.currentPage].title }
    }

    func resize(width: Int, height: Int) {
        size = (width, height)
        rebuild(at: clock.now())
    }

    private func rebuild(at time: Double) {
        guard let size else { return }
        do {
            let previousPage = assembly?.scene.currentPage
            let next = try KioskAssembly(config: config, width: size.width, height: size.height,
                                         pixelsPerMillimetre: pixelsPerMillimetre, time: time)
            if let previousPage { next.scene.show(page: min(previousPage, config.pages.count - 1), at: time) }
            assembly = next
            reportedPage = nil
            reportPage()
            let density = pixelsPerMillimetre.map { String(format: "%.2f px/mm from the touchscreen", $0) } ?? "dpi \(Int(config.display.dpi)) from the configuration"
            log.info("kiosk: \(size.width)x\(size.height), \(config.pages.count) pages, scale \(next.scene.scale) (\(density))")
        } catch {
            log.info("error: cannot set up the kiosk: \(error)")
        }
    }

    /// SIGHUP: read the configuration again; a bad one is reported and the old one kept.
    func reload() {
        guard let configPath else {
            log.info("reload: no configuration file (built-in pages); nothing to re-read")
            assembly.map { _ in rebuild(at: clock.now()) }
            return
        }
        do {
            config = try ConfigLoader.load(path: configPath)
            rebuild(at: clock.now())
            log.info("reload: \(configPath) loaded, \(config.pages.count) pages")
        } catch {
            for problem in error.errors { log.info("reload: \(problem)") }
            log.info("reload: \(error.errors.count) error(s) in \(configPath); keeping the previous configuration")
        }
    }

    func handle(_ event: TouchEvent) {
        assembly?.scene.handle(event)
        reportPage()
    }

    /// STATUS= follows the current page (tapping a ring item, idle going home).
    private func reportPage() {
        guard let scene = assembly?.scene, scene.currentPage != reportedPage else { return }
        reportedPage = scene.currentPage
        onStatus("showing page \(scene.currentPage + 1) of \(scene.pageCount): \(config.pages[scene.currentPage].title)")
    }

    /// While something moves, and once more after it stops: the last frame drawn during
    /// an animation is not its final state (found by the machine test: a faint overlay
    /// stayed after the menu's fade-out).
    func needsFrame(at time: Double) -> Bool {
        guard let assembly else { return false }
        return assembly.scene.isAnimating(at: time) || assembly.renderer.isStale(at: time)
    }

    func render(into canvas: Canvas, at time: Double, damage: inout Region) {
        guard let assembly else {
            canvas.fill(canvas.bounds, color: config.theme.background)
            damage.add(canvas.bounds)
            return
        }
        assembly.scene.advance(to: time)
        if canvas.width != Int(assembly.scene.width) || canvas.height != Int(assembly.scene.height) {
            assembly.scene.resize(width: canvas.width, height: canvas.height, at: time)
            assembly.renderer.invalidate()
        }
        assembly.renderer.render(into: canvas, at: time, damage: &damage)
    }

    func nextDeadline() -> Double? { assembly?.scene.nextDeadline() }

    func deadlineReached(at time: Double) {
        assembly?.scene.deadlineReached(at: time)
        reportPage()
    }

    var displayPowered: Bool { !(assembly?.scene.isBlanked ?? false) }
}

extension LibinputTouchSource: InputSource {
    public var pollDescriptor: FileDescriptor { FileDescriptor(fd) }
    public func readEvents() throws -> [TouchEvent] {
        var events: [TouchEvent] = []
        dispatch(into: &events)
        return events
    }
}
