import Kiosk
import Platform
import Touch

/// The one wiring between the pure kiosk and the hardware edge: the device loop drives
/// the kiosk runtime directly (time from the loop's clock). Its own module, so the
/// executable and the tests that run the runtime under the loop share one conformance.
extension KioskRuntime: FrameSource {}

extension KioskRuntime {
    /// What a reload asks of the display owner, in the device session's terms.
    public func deviceReload(at time: Double) -> DeviceSession.ReloadEffect {
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
