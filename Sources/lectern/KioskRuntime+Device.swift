import Kiosk
import Platform
import Touch

/// Wiring: the device loop drives the kiosk runtime directly (time from the loop's clock).
extension KioskRuntime: FrameSource {}

extension KioskRuntime {
    /// What a reload asks of the display owner, in the device session's terms.
    func deviceReload(at time: Double) -> DeviceSession.ReloadEffect {
        switch reload(at: time) {
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
