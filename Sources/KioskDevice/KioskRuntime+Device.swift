import Frames
import Kiosk
import LoopCore
import Raster

/// The one wiring between the pure kiosk and the hardware edge: the device loop drives
/// the kiosk runtime directly (time from the loop's clock). Its own module, so the
/// executable, the headless player and the tests share one conformance.
extension KioskRuntime: FrameSource {
    /// One turn of the loop at `time`: the timed actions that are due, then the frame
    /// when the loop asks for one (none while the display is blanked), then what the
    /// loop needs to sleep: whether anything moves, the next deadline, the power state.
    public func frame(at time: Double, for request: FrameRequest?) -> FrameReport {
        followSchedule(at: time)
        let due = nextDeadline()
        let reached = due.map { $0 <= time } ?? false
        if reached { deadlineReached(at: time) }
        if config.display.schedule != nil, let follow = onHoursDark { follow(hoursHaveDisplayDark) }
        var painter: FramePainter?
        var described = false
        if let request, displayPowered {
            if let scene = frame(at: time, width: request.width, height: request.height) {
                painter = scene
                described = true
            } else {
                painter = BackgroundPainter(width: request.width, height: request.height, color: config.theme.background)
            }
        }
        // A frame described for `time` just now is what the scene looks like at `time`:
        // only an animation still owes the next one (asking the renderer whether it is
        // stale would describe the same frame a second time, every frame of a drag).
        let moving = described ? isAnimating(at: time) : needsFrame(at: time)
        // A turn that ran nothing and drew nothing (most turns while something moves: the
        // flip's event, the pacing wake-up) changed no deadline: the one asked above stands.
        let next = reached || request != nil ? nextDeadline() : due
        return FrameReport(painter: painter, moving: moving, nextDeadline: next, displayOn: displayPowered)
    }

    /// What an outcome asks of the display owner (SIGHUP and the content watcher alike):
    /// an applied file, the display as it asks. Whether that changes the display is the
    /// display's to say (it compares with what it has), not the configurations': a
    /// rotation a reconfigure failed to apply is asked again by the same file.
    public func effect(of outcome: ReloadOutcome) -> ReloadEffect {
        switch outcome {
        case .rejected, .noFile:
            return .nothing
        case .applied:
            return .reconfigure(rotation: config.display.rotation,
                                mode: config.display.mode.map { ($0.width, $0.height) })
        }
    }

    /// The display as the configuration on screen asks, nothing else redrawn: what a
    /// SIGHUP for a site already handled asks (`SiteReload`), so a rotation a failed
    /// reconfigure left unapplied is tried again by reloading the same file.
    public var displayAsConfigured: ReloadEffect {
        .display(rotation: config.display.rotation, mode: config.display.mode.map { ($0.width, $0.height) })
    }
}

/// The screen when no kiosk could be assembled (a configuration whose every page failed):
/// the theme's background, drawn whole once and then left as it is.
private struct BackgroundPainter: FramePainter {
    let frame: FrameDescription
    let color: Color

    init(width: Int, height: Int, color: Color) {
        frame = FrameDescription(content: .whole(key: 0), page: .init(generation: 0, page: -1, width: width, height: height),
                                 scrollY: 0, shiftX: 0, decorations: Decorations(), overlays: .init(key: .init(), direct: true))
        self.color = color
    }

    func drawPage(clip: IntRect, into canvas: Canvas, shiftX: Int) { canvas.fill(clip.offsetBy(dx: -shiftX, dy: 0), color: color) }
    func drawWhole(into canvas: Canvas) { canvas.fill(canvas.bounds, color: color) }
    func composeOverlays(over page: Canvas, into destination: PixelDestination, region: Region) {
        for rect in region.rects { destination.copy(from: page, rect: rect) }
    }
}
