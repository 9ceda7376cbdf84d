import Touch

/// The calibration as udev hands it to libinput (`LIBINPUT_CALIBRATION_MATRIX`): the device
/// files belong here, at the edge; the fit itself is pure and stays in Touch.
extension CalibrationMatrix {
    /// The six numbers as udev wants them: shortest round-trip decimals, spaces between.
    public var udevValue: String {
        [a, b, c, d, e, f].map { v in
            let r = (v * 1_000_000).rounded() / 1_000_000
            return r == r.rounded() ? String(Int(r)) : String(r)
        }.joined(separator: " ")
    }

    /// A udev rule that sets the matrix for the touchscreen named `deviceName`
    /// (install as /etc/udev/rules.d/99-lectern-calibration.rules).
    public func udevRule(deviceName: String) -> String {
        // A quote would end the rule's string: each becomes "?" (udev's one-character glob).
        let name = String(deviceName.map { $0 == "\"" ? "?" : $0 })
        return """
        # Written by `lectern calibrate`: the touch calibration for "\(name)".
        ACTION=="add|change", KERNEL=="event[0-9]*", ENV{ID_INPUT_TOUCHSCREEN}=="1", ATTRS{name}=="\(name)", ENV{LIBINPUT_CALIBRATION_MATRIX}="\(udevValue)"

        """
    }
}
