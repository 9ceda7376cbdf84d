import CSystemd
import LoopCore

/// sd_notify through libsystemd. Off systemd (no NOTIFY_SOCKET) every call is a no-op.
public final class SystemdNotifier: ServiceNotifier {
    public let watchdogInterval: Double?

    public init() {
        var usec: UInt64 = 0
        // Ping at half the watchdog period, as sd_watchdog_enabled(3) advises.
        watchdogInterval = sd_watchdog_enabled(0, &usec) > 0 && usec > 0 ? Double(usec) / 2e6 : nil
    }

    public func ready() { send("READY=1") }
    public func watchdog() { send("WATCHDOG=1") }
    public func stopping() { send("STOPPING=1") }
    public func status(_ text: String) { send("STATUS=\(text)") }

    private func send(_ state: String) { _ = sd_notify(0, state) }
}
