import Kiosk
import Logging
import LoopCore

/// The TV behind HDMI switched with the opening hours over HDMI-CEC: Standby when they
/// darken the panel, Image View On and Active Source (our physical address, so the TV
/// shows this input) when they light it. DPMS still blanks the panel as without CEC;
/// this only tells the TV. The adapter is opened when the hours first ask (never for a
/// kiosk without hours or with `[display] cec = false`). A missing adapter, one with no
/// physical address, and a message nobody acknowledged are each logged once (again only
/// after a message went through) and change nothing else: no retries, no timer.
public final class TVSwitch {
    /// Opens the adapter the configuration names (nil: the first one that is not a TV's
    /// own); nil when there is none.
    public typealias Open = (_ path: String?) throws -> CECAdapter?

    /// What the kiosk calls itself on the bus (CEC's OSD name, 14 bytes at most).
    static let osdName = "Lectern"

    private let open: Open
    private let log: Logger
    private var adapter: CECAdapter?
    private var opened = false
    /// The state last followed: nil before the first turn (the state at start is sent).
    private var lastDark: Bool?
    /// Problems already logged since the last message that went through.
    private var reported: Set<Problem> = []

    enum Problem: Hashable { case noDevice, cannotOpen, noPhysicalAddress, noLogicalAddress, notAcknowledged, failed }

    public init(open: @escaping Open, log: Logger) {
        self.open = open
        self.log = log
    }

    /// A turn of the loop while opening hours apply: whether they have the panel dark,
    /// and the configuration's `[display] cec`. Sends only when `dark` changed.
    public func follow(dark: Bool, choice: KioskConfig.CECChoice) {
        guard dark != lastDark else { return }
        lastDark = dark
        guard let adapter = adapter(for: choice) else { return }
        send(dark: dark, through: adapter)
    }

    private func adapter(for choice: KioskConfig.CECChoice) -> CECAdapter? {
        let path: String?
        switch choice {
        case .off: return nil
        case .automatic: path = nil
        case let .device(named): path = named
        }
        if opened { return adapter }
        opened = true
        do {
            adapter = try open(path)
            if let adapter { log.info("cec: \(adapter.path): the TV follows the opening hours") }
            else { once(.noDevice, "cec: no HDMI-CEC adapter (/dev/cec*): the opening hours switch the panel by DPMS only") }
        } catch {
            once(.cannotOpen, "cec: cannot open \(path ?? "/dev/cec*") (\(error)): the opening hours switch the panel by DPMS only; set [display] cec = false if the display has no CEC")
        }
        return adapter
    }

    private func send(dark: Bool, through adapter: CECAdapter) {
        do {
            guard let physical = try adapter.physicalAddress() else {
                once(.noPhysicalAddress, "cec: \(adapter.path) has no physical address (no HDMI sink seen, or its EDID unread): the TV is not switched")
                return
            }
            guard let logical = try adapter.claimPlaybackAddress(osdName: Self.osdName) else {
                once(.noLogicalAddress, "cec: \(adapter.path) holds no logical address: the TV is not switched")
                return
            }
            let messages = dark ? [CECMessage.standby(from: logical)]
                                : [CECMessage.imageViewOn(from: logical), CECMessage.activeSource(from: logical, physicalAddress: physical)]
            for message in messages {
                switch try adapter.transmit(message.bytes) {
                case .sent: continue
                case .notAcknowledged:
                    once(.notAcknowledged, "cec: \(adapter.path): the TV did not acknowledge \(message.name) (not on the bus, or unplugged): the panel is switched by DPMS only")
                    return
                case .failed:
                    once(.failed, "cec: \(adapter.path): \(message.name) could not be sent (the bus is busy or faulty)")
                    return
                }
            }
            reported.removeAll()
            log.info("cec: \(messages.map(\.name).joined(separator: " and ")) sent (\(CECMessage.dotted(physical)))")
        } catch {
            once(.failed, "cec: \(adapter.path): \(error): the panel is switched by DPMS only")
        }
    }

    /// Logs `message` unless `problem` was logged since the last message went through.
    /// A kiosk without CEC is no fault: info. The rest the operator may want to look at.
    private func once(_ problem: Problem, _ message: String) {
        guard reported.insert(problem).inserted else { return }
        log.log(level: problem == .noDevice ? .info : .warning, "\(message)")
    }
}

/// The three CEC messages the TV switch sends (HDMI 1.4b CEC, "One Touch Play" and
/// "System Standby"): the header byte is the initiator's logical address over the
/// destination's (0: the TV; 15: everyone).
struct CECMessage: Equatable {
    let name: String
    let bytes: [UInt8]

    static let tv: UInt8 = 0
    static let broadcast: UInt8 = 15

    static func standby(from logical: UInt8) -> CECMessage {
        CECMessage(name: "Standby", bytes: [logical << 4 | tv, 0x36])
    }

    static func imageViewOn(from logical: UInt8) -> CECMessage {
        CECMessage(name: "Image View On", bytes: [logical << 4 | tv, 0x04])
    }

    static func activeSource(from logical: UInt8, physicalAddress: UInt16) -> CECMessage {
        CECMessage(name: "Active Source", bytes: [logical << 4 | broadcast, 0x82, UInt8(physicalAddress >> 8), UInt8(physicalAddress & 0xFF)])
    }

    /// 0x1000 as 1.0.0.0, as HDMI writes physical addresses.
    static func dotted(_ address: UInt16) -> String {
        (0..<4).map { String(address >> (12 - 4 * UInt16($0)) & 0xF, radix: 16) }.joined(separator: ".")
    }
}
