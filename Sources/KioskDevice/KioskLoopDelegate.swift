import Geometry
import Kiosk
import Logging
import LoopCore

/// The kiosk's side of the loop, wired once for `lectern run`, the headless player and
/// the tests: SIGHUP reloads the site through the reload it shares with the content
/// watch (`SiteReload`; and tells the metrics file), touch input is made for the display's geometry by `touch` (libinput on the
/// device, scripted touches headless), and the panel's density reaches the runtime from
/// the touchscreen, else from the display.
public final class KioskLoopDelegate: DeviceLoopDelegate {
    public let runtime: KioskRuntime
    /// Where touches come from; nil: the loop gets no input from the delegate.
    public let touch: TouchInputMaker?
    /// The reload SIGHUP shares with the content watch (one per kiosk).
    public let siteReload: SiteReload
    /// Told about SIGHUP reloads, so it watches the files of the site on screen.
    public var watch: ContentWatch?
    /// Counts reloads and writes itself at once after one.
    public var metrics: MetricsFile?
    /// Tools that time start-up (`lectern first-frame`) hear of the first frame here.
    public var onFirstFrame: () -> Void = {}
    /// Starts the search index's build after the first frame (the runtime builds it again
    /// after each reload applied).
    var onFirstFrameForSearch: () -> Void = {}
    var log: Logger { runtime.logger }

    public init(runtime: KioskRuntime, touch: TouchInputMaker?) {
        self.runtime = runtime
        self.touch = touch
        siteReload = SiteReload(runtime: runtime, log: runtime.logger)
        siteReload.onHandled.append { [unowned self] trigger, outcome in
            if trigger == .signal { signalHandled(outcome) }
        }
    }

    public func reload(at time: Double) -> ReloadEffect {
        let effect = siteReload.signalled(at: time)
        watch?.siteReloaded()
        return effect
    }

    /// A change SIGHUP handled, for the metrics file.
    func signalHandled(_ outcome: KioskRuntime.ReloadOutcome) {
        if let metrics {
            switch outcome {
            case .applied:
                metrics.reloaded(.init(wallTime: metrics.wallClock.now(), ok: true, reason: "applied"), refusedBy: false)
            case let .rejected(reason):
                let first = reason.split(separator: "\n").first.map(String.init) ?? reason
                metrics.reloaded(.init(wallTime: metrics.wallClock.now(), ok: false, reason: first), refusedBy: false)
            case .noFile:
                break
            }
        }
    }

    public func makeInput(for geometry: DisplayGeometry) -> InputSource? {
        guard let touch else { return nil }
        var input: InputSource?
        do { input = try touch.makeInput(for: geometry) } catch { log.info("touch input unavailable: \(error)") }
        // The first density known wins (a later input, after a rotation, is the same
        // panel); the touchscreen's before the connector's, whose EDID size is often
        // rounded or missing.
        if runtime.pixelsPerMillimetre == nil {
            if let density = input?.pixelsPerMillimetre {
                runtime.pixelsPerMillimetre = density
            } else if let density = geometry.pixelsPerMillimetre {
                runtime.pixelsPerMillimetre = density
                runtime.densitySource = "the display connector"
            }
        }
        return input
    }

    public func firstFrameShown() {
        onFirstFrameForSearch()
        onFirstFrame()
    }
}
