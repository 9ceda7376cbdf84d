import CSystemShim
import Glibc
import LoopCore

/// An HDMI-CEC adapter of the kernel's CEC framework (`/dev/cecN`, `linux/cec.h`): the
/// physical address, a playback logical address claimed as the bus's initiator, and
/// blocking transmits (a message takes some 30–100 ms on the wire; the kiosk sends two
/// or three a day). Every ioctl goes through `SystemCalls` (EINTR retried).
public final class LinuxCECAdapter: CECAdapter {
    public let path: String
    private let fd: FileDescriptor
    private let system: SystemCalls
    private var initiator = false

    /// Opens `path` (blocking: a transmit returns once the bus has answered).
    public init(path: String, system: SystemCalls) throws {
        self.path = path
        self.system = system
        fd = try system.open(path, flags: O_RDWR)
    }

    deinit { system.close(fd) }

    /// The adapter `lectern run` uses when `[display] cec = true`: the first `/dev/cecN`
    /// that opens and is not a TV's own (physical address 0.0.0.0 is the root of the
    /// HDMI tree, the display itself). Nil when there is none.
    public static func automatic(system: SystemCalls, directory: String = "/dev") -> LinuxCECAdapter? {
        for index in 0..<16 {
            let path = "\(directory)/cec\(index)"
            guard let adapter = try? LinuxCECAdapter(path: path, system: system) else { continue }
            if (try? adapter.physicalAddress()) == 0 { continue }
            return adapter
        }
        return nil
    }

    public func physicalAddress() throws -> UInt16? {
        var address: UInt16 = 0xFFFF
        try system.ioctl(fd, cshim_CEC_ADAP_G_PHYS_ADDR, &address)
        return address == 0xFFFF ? nil : address
    }

    public func claimPlaybackAddress(osdName: String) throws -> UInt8? {
        if !initiator {
            // Initiator, no follower: the kernel answers the core messages (Give Physical
            // Address, Give OSD Name) itself.
            var mode = UInt32(CEC_MODE_INITIATOR) | UInt32(CEC_MODE_NO_FOLLOWER)
            try system.ioctl(fd, cshim_CEC_S_MODE, &mode)
            initiator = true
        }
        var addresses = cec_log_addrs()
        try system.ioctl(fd, cshim_CEC_ADAP_G_LOG_ADDRS, &addresses)
        if addresses.num_log_addrs > 0 {
            // Configured already (by the driver, or cec-ctl): use what it holds.
            let first = cshim_cec_first_log_addr(&addresses)
            return first < 0 ? nil : UInt8(first)
        }
        var caps = cec_caps()
        try system.ioctl(fd, cshim_CEC_ADAP_G_CAPS, &caps)
        guard caps.capabilities & UInt32(CEC_CAP_LOG_ADDRS) != 0 else { return nil }
        cshim_cec_playback_log_addrs(&addresses, osdName)
        // Blocking: returns once the address is claimed (or at once, unclaimed, while the
        // adapter has no physical address; the kernel claims it when one comes).
        try system.ioctl(fd, cshim_CEC_ADAP_S_LOG_ADDRS, &addresses)
        let first = cshim_cec_first_log_addr(&addresses)
        return first < 0 ? nil : UInt8(first)
    }

    public func transmit(_ bytes: [UInt8]) throws -> CECTransmitStatus {
        var message = cec_msg()
        bytes.withUnsafeBufferPointer { cshim_cec_msg_init(&message, $0.baseAddress, UInt32($0.count)) }
        try system.ioctl(fd, cshim_CEC_TRANSMIT, &message)
        let status = UInt32(message.tx_status)
        if status & UInt32(CEC_TX_STATUS_OK) != 0 { return .sent }
        if status & UInt32(CEC_TX_STATUS_NACK) != 0 { return .notAcknowledged }
        return .failed
    }
}
