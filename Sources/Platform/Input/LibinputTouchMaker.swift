import Logging
import LoopCore
import Geometry
import Touch

/// Touch input on the device: a libinput reader on a udev seat, mapping the panel's
/// native coordinates through the display's rotation.
public struct LibinputTouchMaker: TouchInputMaker {
    public let seat: String
    public let log: Logger

    public init(seat: String, log: Logger) {
        self.seat = seat
        self.log = log
    }

    public func makeInput(for geometry: DisplayGeometry) throws -> InputSource {
        let source = try LibinputTouchSource(seat: seat, geometry: geometry, log: log)
        // Devices arrive as events: read them now so the panel's size is known before
        // the kiosk picks its scale and touch slop (no touches yet).
        var arrived: [TouchEvent] = []
        source.dispatch(into: &arrived)
        return source
    }
}

extension LibinputTouchSource {
    /// The first touch device's density that reports its physical size.
    public var pixelsPerMillimetre: Double? {
        devices.lazy.compactMap { [mapper] in $0.pixelsPerMillimetre(nativeWidth: Double(mapper.geometry.nativeWidth)) }.first
    }
}
