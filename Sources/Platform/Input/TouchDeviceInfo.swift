#if canImport(Glibc)
import Glibc
#endif

/// A touch device as libinput describes it.
public struct TouchDeviceInfo: Sendable, Equatable {
    /// The kernel's device name, e.g. "ILITEK ILITEK-TP".
    public var name: String
    /// The event node's name, e.g. "event5".
    public var sysname: String
    /// Physical size of the touch area in millimetres, nil when the device does not say.
    public var sizeMillimetres: (width: Double, height: Double)?
    /// libinput's current calibration matrix (first two rows of 3×3, row-major), from
    /// udev's LIBINPUT_CALIBRATION_MATRIX unless changed; identity when none is set.
    public var calibration: [Float]
    /// True when a non-identity calibration is in effect.
    public var isCalibrated: Bool

    public init(name: String, sysname: String, sizeMillimetres: (width: Double, height: Double)?, calibration: [Float], isCalibrated: Bool) {
        self.name = name
        self.sysname = sysname
        self.sizeMillimetres = sizeMillimetres
        self.calibration = calibration
        self.isCalibrated = isCalibrated
    }

    public static func == (a: TouchDeviceInfo, b: TouchDeviceInfo) -> Bool {
        a.name == b.name && a.sysname == b.sysname && a.calibration == b.calibration
            && a.isCalibrated == b.isCalibrated
            && a.sizeMillimetres?.width == b.sizeMillimetres?.width
            && a.sizeMillimetres?.height == b.sizeMillimetres?.height
    }

    /// Panel density for `GestureConfig.forPanel`, given the panel's native width in
    /// pixels (the touch area is assumed to cover the panel, as on a touchscreen).
    public func pixelsPerMillimetre(nativeWidth: Double) -> Double? {
        guard let size = sizeMillimetres, size.width > 0 else { return nil }
        return nativeWidth / size.width
    }

    /// One line for logs and `lectern input-debug`.
    public var summary: String {
        let size = sizeMillimetres.map { "\(Self.format($0.width)) × \(Self.format($0.height)) mm" } ?? "size unknown"
        let matrix = calibration.map { Self.format(Double($0)) }.joined(separator: " ")
        return "\(name) (\(sysname)): \(size), calibration \(isCalibrated ? "[\(matrix)]" : "none (identity)")"
    }

    static func format(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}

/// The one log line for a device node libinput could not open.
public enum InputOpenFailure {
    public static func message(path: String, errno code: Int32, description: String) -> String {
        switch code {
        case EACCES, EPERM:
            return "cannot open \(path): permission denied; add the user to group 'input' (or run from a logind seat)"
        default:
            return "cannot open \(path): \(description)"
        }
    }
}
