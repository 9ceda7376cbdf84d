import CInput
import LoopCore

/// A udev monitor on subsystem "drm": a connector plugged or unplugged arrives as a
/// "change" event with HOTPLUG=1. Needs AF_NETLINK (see systemd/lectern.service).
public final class HotplugMonitor {
    private let udev: OpaquePointer
    private let monitor: OpaquePointer
    public let fd: FileDescriptor

    public init?() {
        guard let udev = udev_new() else { return nil }
        guard let monitor = udev_monitor_new_from_netlink(udev, "udev") else { udev_unref(udev); return nil }
        udev_monitor_filter_add_match_subsystem_devtype(monitor, "drm", nil)
        guard udev_monitor_enable_receiving(monitor) == 0 else {
            udev_monitor_unref(monitor); udev_unref(udev); return nil
        }
        self.udev = udev
        self.monitor = monitor
        fd = FileDescriptor(udev_monitor_get_fd(monitor))
    }

    deinit {
        udev_monitor_unref(monitor)
        udev_unref(udev)
    }

    /// Drains pending events; true when one of them was a hotplug.
    public func readHotplug() -> Bool {
        var hotplug = false
        while let device = udev_monitor_receive_device(monitor) {
            if let value = udev_device_get_property_value(device, "HOTPLUG"), String(cString: value) == "1" { hotplug = true }
            udev_device_unref(device)
        }
        return hotplug
    }
}
