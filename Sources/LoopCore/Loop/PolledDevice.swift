/// A device of the outside world the loop polls beside the display and touch input (the
/// headphone jack's switches, the wall clock being set): it puts its descriptors into the
/// loop's `extraSources` and handles them there. The Linux ones are in Platform; the
/// kiosk's composition root (KioskDevice) is handed them and attaches them to its loop.
public protocol PolledDevice: AnyObject {
    func attach(to loop: DeviceLoop)
}

/// The headphone jack (evdev `SW_HEADPHONE_INSERT` on the device): plugging headphones in
/// turns speech mode on.
public protocol HeadphoneSwitch: PolledDevice {
    /// The devices found that report the switch, for the log; empty: none.
    var devicePaths: [String] { get }
    /// Called with true when headphones are plugged in, false when they come out.
    var onChange: (Bool) -> Void { get set }
}
