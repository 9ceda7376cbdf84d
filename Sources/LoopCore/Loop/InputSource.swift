import Geometry
import Touch

/// A source of touch events with a pollable fd: the libinput reader on the device,
/// scripted touches in the embedded loop.
public protocol InputSource: AnyObject {
    var pollDescriptor: FileDescriptor { get }
    /// Everything readable now, already calibrated and rotated into logical pixels.
    func readEvents() throws -> [TouchEvent]
    /// The panel's pixels per millimetre as the touch device reports its size, nil when
    /// it does not (the kiosk then takes the display's, `DisplayGeometry`).
    var pixelsPerMillimetre: Double? { get }
}

extension InputSource {
    public var pixelsPerMillimetre: Double? { nil }
}

/// Makes the touch input for a display geometry: libinput on the device, scripted
/// touches headless. What differs between them, so the kiosk's delegate is one.
public protocol TouchInputMaker {
    func makeInput(for geometry: DisplayGeometry) throws -> InputSource
}
