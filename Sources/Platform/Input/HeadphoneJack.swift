import CSystemShim
import Glibc
import LoopCore

/// The headphone jack, for speech mode (docs/accessibility.md): plugging headphones in
/// turns it on, as cash machines do. libinput reports only lid and tablet-mode switches,
/// so the kernel's evdev nodes are read directly: every `/dev/input/event*` that has the
/// `SW_HEADPHONE_INSERT` switch (ALSA's HD-audio driver makes one per jack it can
/// sense, "HDA Intel PCH Headphone"). Their fds go into the loop's poll; nothing polls.
/// Jack devices are looked for once, at start: a USB sound card plugged in later is
/// not seen (its jack, if it senses one, would need a restart).
public final class HeadphoneJack: HeadphoneSwitch {
    /// One jack device: its fd and name (for the log).
    public struct Device {
        public let fd: FileDescriptor
        public let path: String
    }

    public private(set) var devices: [Device] = []
    public var devicePaths: [String] { devices.map(\.path) }
    /// Called with true when headphones are plugged in, false when they come out.
    public var onChange: (Bool) -> Void = { _ in }

    /// Opens every evdev node under `directory` that reports the headphone switch.
    /// Nodes that cannot be opened (permissions, gone) are skipped.
    public init(directory: String = "/dev/input") {
        guard let dir = opendir(directory) else { return }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix("event") { names.append(name) }
        }
        for name in names.sorted() {
            let path = directory + "/" + name
            let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else { continue }
            if cshim_evdev_has_headphone_switch(fd) == 1 {
                devices.append(Device(fd: FileDescriptor(fd), path: path))
            } else {
                close(fd)
            }
        }
    }

    /// A jack over given fds (tests: a pipe carrying input_event records).
    public init(fds: [FileDescriptor]) {
        devices = fds.map { Device(fd: $0, path: "fd \($0.rawValue)") }
    }

    deinit { for device in devices { close(device.fd.rawValue) } }

    /// Reads what `device` has to say and reports each change of the headphone switch.
    /// Returns false when the device is gone (its sound card removed: ENODEV, or end of
    /// file): its fd would stay readable (POLLHUP) and spin the loop, so it is dropped.
    @discardableResult
    public func handleReadable(_ device: Device) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 64 * Int(cshim_input_event_size))
        while true {
            let count: Int
            do {
                count = try LinuxSystemCalls.retrying { buffer.withUnsafeMutableBytes { read(device.fd.rawValue, $0.baseAddress, $0.count) } }
            } catch Errno.wouldBlock {
                return true  // all read
            } catch {
                return false
            }
            guard count > 0 else { return false }
            for plugged in Self.switchChanges(Array(buffer[0..<count])) { onChange(plugged) }
        }
    }

    /// The headphone switch's values in a run of `struct input_event` records (bytes as
    /// the kernel writes them); other events and a partial record at the end are skipped.
    public static func switchChanges(_ bytes: [UInt8]) -> [Bool] {
        let size = Int(cshim_input_event_size)
        var changes: [Bool] = []
        var at = 0
        while at + size <= bytes.count {
            func u16(_ offset: Int32) -> Int { Int(bytes[at + Int(offset)]) | Int(bytes[at + Int(offset) + 1]) << 8 }
            let type = u16(cshim_input_event_type_offset), code = u16(cshim_input_event_code_offset)
            let v = at + Int(cshim_input_event_value_offset)
            let value = Int32(bitPattern: UInt32(bytes[v]) | UInt32(bytes[v + 1]) << 8 | UInt32(bytes[v + 2]) << 16 | UInt32(bytes[v + 3]) << 24)
            if type == Int(cshim_ev_sw) && code == Int(cshim_sw_headphone_insert) { changes.append(value != 0) }
            at += size
        }
        return changes
    }

    /// One `struct input_event` as the kernel would write it (tests, and the fake input).
    public static func record(type: Int, code: Int, value: Int32) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: Int(cshim_input_event_size))
        func put16(_ offset: Int32, _ v: Int) { bytes[Int(offset)] = UInt8(v & 0xFF); bytes[Int(offset) + 1] = UInt8(v >> 8 & 0xFF) }
        put16(cshim_input_event_type_offset, type)
        put16(cshim_input_event_code_offset, code)
        let raw = UInt32(bitPattern: value), v = Int(cshim_input_event_value_offset)
        for i in 0..<4 { bytes[v + i] = UInt8(raw >> (8 * UInt32(i)) & 0xFF) }
        return bytes
    }

    public static var switchType: Int { Int(cshim_ev_sw) }
    public static var headphoneCode: Int { Int(cshim_sw_headphone_insert) }

    /// Puts every jack device in the loop's poll; one that goes away leaves it.
    public func attach(to loop: DeviceLoop) {
        for device in devices {
            loop.extraSources.append((device.fd, { [self, unowned loop] in
                guard !handleReadable(device) else { return }
                loop.extraSources.removeAll { $0.fd == device.fd }
                devices.removeAll { $0.fd == device.fd }
                close(device.fd.rawValue)
            }))
        }
    }
}
