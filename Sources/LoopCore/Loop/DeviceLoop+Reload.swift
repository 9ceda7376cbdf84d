import Geometry
import Logging

/// A reload's effect on the loop (SIGHUP, or the content watcher through `apply`): what
/// the display is asked to become, the touch input made anew for what it became, and the
/// full redraw owed. The reload itself (checking and assembling the site) is the
/// delegate's.
extension DeviceLoop {
    /// Applies what a reload asks, as SIGHUP does (the content watcher's reloads).
    public func apply(_ effect: ReloadEffect) { reload(effect) }

    /// Applies what a reload asks: a rejected file changes nothing at all, not a pixel.
    func reload(_ effect: ReloadEffect) {
        sourceMayHaveChanged()
        switch effect {
        case .nothing:
            break
        case .redraw:
            requestFullRedraw()
        case let .reconfigure(rotation, mode):
            showOnDisplay(rotation: rotation, mode: mode)
            requestFullRedraw()
        case let .display(rotation, mode):
            if showOnDisplay(rotation: rotation, mode: mode) { requestFullRedraw() }
        }
    }

    /// Brings the sink to `rotation` and `mode`. The display compares with what it has:
    /// the same file after a failed reconfigure asks again; a display that has them
    /// already does nothing (false). True when it changed or failed (it made its buffers
    /// anew either way).
    @discardableResult
    private func showOnDisplay(rotation: Rotation, mode: (width: Int, height: Int)?) -> Bool {
        let changed: Bool
        do {
            changed = try sink.reconfigure(rotation: rotation, mode: mode)
        } catch {
            log.info("reload: cannot apply rotation \(rotation.rawValue) / mode: \(error)")
            changed = true
        }
        // Touches follow the display's rotation and mode, whatever a failed reconfigure
        // left it in: the display owns the rotation, input is made from it.
        if changed { attachInput() }
        return changed
    }
}
