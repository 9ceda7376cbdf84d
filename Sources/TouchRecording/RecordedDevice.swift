/// Linux evdev codes a touchscreen recording uses (linux/input-event-codes.h). Only the
/// ones the readers act on; everything else in a recording is read and ignored.
public enum EvdevCode {
    public static let evSyn: UInt16 = 0x00
    public static let evKey: UInt16 = 0x01
    public static let evAbs: UInt16 = 0x03

    public static let synReport: UInt16 = 0
    public static let synMTReport: UInt16 = 2
    public static let synDropped: UInt16 = 3

    public static let btnTouch: UInt16 = 0x14a

    public static let absX: UInt16 = 0x00
    public static let absY: UInt16 = 0x01
    public static let absMTSlot: UInt16 = 0x2f
    public static let absMTPositionX: UInt16 = 0x35
    public static let absMTPositionY: UInt16 = 0x36
    public static let absMTTrackingID: UInt16 = 0x39
}

/// One absolute axis as the kernel describes it (struct input_absinfo).
public struct AbsAxis: Sendable, Equatable {
    public var minimum: Int
    public var maximum: Int
    public var fuzz: Int
    public var flat: Int
    /// Units per millimetre; 0 when the kernel was not told the panel's size.
    public var resolution: Int

    public init(minimum: Int, maximum: Int, fuzz: Int = 0, flat: Int = 0, resolution: Int = 0) {
        self.minimum = minimum
        self.maximum = maximum
        self.fuzz = fuzz
        self.flat = flat
        self.resolution = resolution
    }

    /// The number of distinct values, as libinput counts it (max - min + 1).
    public var range: Double { Double(maximum - minimum + 1) }
}

/// The recorded device: its name and absolute axes, keyed by ABS_* code.
public struct RecordedDevice: Sendable, Equatable {
    public var name: String
    public var axes: [UInt16: AbsAxis]

    public init(name: String = "", axes: [UInt16: AbsAxis] = [:]) {
        self.name = name
        self.axes = axes
    }

    /// The X/Y axes positions are read from: the multitouch ones when the device has
    /// them (libinput does the same), else the single-touch ABS_X/ABS_Y.
    public var positionAxes: (x: AbsAxis, y: AbsAxis)? {
        if let x = axes[EvdevCode.absMTPositionX], let y = axes[EvdevCode.absMTPositionY] { return (x, y) }
        if let x = axes[EvdevCode.absX], let y = axes[EvdevCode.absY] { return (x, y) }
        return nil
    }

    public var isMultitouch: Bool { axes[EvdevCode.absMTPositionX] != nil }
}

/// One input_event as recorded, with the line it came from (for messages).
public struct RecordedEvent: Sendable, Equatable {
    public var time: Double
    public var type: UInt16
    public var code: UInt16
    public var value: Int32
    public var line: Int

    public init(time: Double, type: UInt16, code: UInt16, value: Int32, line: Int = 0) {
        self.time = time
        self.type = type
        self.code = code
        self.value = value
        self.line = line
    }
}

/// A whole recording of one touch device.
public struct Recording: Sendable {
    public enum Format: String, Sendable { case evemu, libinputRecord = "libinput record" }

    public var path: String
    public var format: Format
    public var device: RecordedDevice
    public var events: [RecordedEvent]

    public init(path: String, format: Format, device: RecordedDevice, events: [RecordedEvent]) {
        self.path = path
        self.format = format
        self.device = device
        self.events = events
    }
}

/// A recording that cannot be read: names the file, the line when there is one, and
/// what to do.
public struct RecordingError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var line: Int?
    public var message: String

    public init(path: String, line: Int?, message: String) {
        self.path = path
        self.line = line
        self.message = message
    }

    public var description: String {
        if let line { return "\(path):\(line): \(message)" }
        return "\(path): \(message)"
    }
}
