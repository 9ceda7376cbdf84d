/// One HDMI-CEC adapter of the kernel's CEC framework (`/dev/cecN`), as the kiosk's TV
/// switch uses it: the hardware edge only (`LinuxCECAdapter` in Platform is the real one;
/// tests pass a fake). What to send and when is the caller's (KioskDevice's `TVSwitch`).
public protocol CECAdapter: AnyObject {
    /// The device node, for the log.
    var path: String { get }
    /// The adapter's physical address on the HDMI tree (`0x1000` is 1.0.0.0), nil when
    /// it has none (f.f.f.f: no HDMI sink connected, or the sink's EDID unread).
    func physicalAddress() throws -> UInt16?
    /// Becomes the bus's initiator and holds a playback logical address (claiming one
    /// when the adapter has none configured); answers it (4, 8, 9 or 11), nil when the
    /// adapter holds none yet (no physical address to claim with).
    func claimPlaybackAddress(osdName: String) throws -> UInt8?
    /// Sends one message (header byte, opcode, operands) and waits for the bus's answer.
    func transmit(_ bytes: [UInt8]) throws -> CECTransmitStatus
}

/// What the bus answered a transmitted message.
public enum CECTransmitStatus: Equatable, Sendable {
    /// Sent; a directed message was acknowledged by its follower.
    case sent
    /// Nobody acknowledged a directed message (the TV is not on the bus, or unplugged).
    case notAcknowledged
    /// Lost arbitration, a low drive, or another error the adapter reports.
    case failed
}
