/// Tells the service manager how Lectern is doing (sd_notify; a no-op off systemd).
public protocol ServiceNotifier: AnyObject {
    /// Seconds between watchdog pings (WATCHDOG_USEC / 2), or nil when not asked.
    var watchdogInterval: Double? { get }
    func ready()
    func watchdog()
    func stopping()
    func status(_ text: String)
}
