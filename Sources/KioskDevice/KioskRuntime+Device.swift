import Frames
import Kiosk
import LoopCore
import Raster

/// The one wiring between the pure kiosk and the hardware edge: the device loop drives
/// the kiosk runtime directly (time from the loop's clock). Its own module, so the
/// executable, the headless player and the tests share one conformance.
extension KioskRuntime: FrameSource {
    /// One turn of the loop at `time`: the timed actions that are due, then the frame
    /// when the loop offers a canvas (none while the display is blanked), then what the
    /// loop needs to sleep: whether anything moves, the next deadline, the power state.
    public func frame(at time: Double, into target: FrameTarget?) -> FrameReport {
        followSchedule(at: time)
        let due = nextDeadline()
        let reached = due.map { $0 <= time } ?? false
        if reached { deadlineReached(at: time) }
        var damage = Region()
        var described = false
        if let target, displayPowered {
            if let (description, painter) = frame(at: time, width: target.canvas.width, height: target.canvas.height) {
                damage = target.draw(description, painter: painter)
                described = true
            } else {
                target.canvas.fill(target.canvas.bounds, color: config.theme.background)
                damage.add(target.canvas.bounds)
            }
        }
        // A frame described for `time` just now is what the scene looks like at `time`:
        // only an animation still owes the next one (asking the renderer whether it is
        // stale would describe the same frame a second time, every frame of a drag).
        let moving = described ? isAnimating(at: time) : needsFrame(at: time)
        // A turn that ran nothing and drew nothing (most turns while something moves: the
        // flip's event, the pacing wake-up) changed no deadline: the one asked above stands.
        let next = reached || target != nil ? nextDeadline() : due
        return FrameReport(damage: damage, moving: moving, nextDeadline: next, displayOn: displayPowered)
    }

    /// What an outcome asks of the display owner (SIGHUP and the content watcher alike).
    public func effect(of outcome: ReloadOutcome) -> ReloadEffect {
        switch outcome {
        case .rejected, .noFile:
            return .nothing
        case .applied(_, displayChanged: false):
            return .redraw
        case .applied(_, displayChanged: true):
            return .reconfigure(rotation: config.display.rotation,
                                mode: config.display.mode.map { ($0.width, $0.height) })
        }
    }
}
