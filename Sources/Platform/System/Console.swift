import LecternLog
import Logging
import CSystemShim
import Glibc
import LoopCore

/// The virtual terminal Lectern shows on. While Lectern owns the display the VT is
/// in graphics mode (no console text or cursor drawn over the kiosk) and in
/// VT_PROCESS mode, so a VT switch asks first: the release signal (SIGUSR2) drops
/// DRM master and stops drawing, the acquire signal (SIGRTMIN) takes it back.
///
/// KDSETMODE needs the tty to be the process' controlling terminal (or
/// CAP_SYS_TTY_CONFIG): under systemd that is `TTYPath=/dev/tty1` with
/// `StandardInput=tty`, which makes it stdin.
public final class Console {
    let system: SystemCalls
    let log: Logger
    public let fd: FileDescriptor
    let ownsFD: Bool
    public private(set) var graphics = false
    public private(set) var processMode = false

    public static var releaseSignal: Int32 { DeviceSignal.user2.rawValue }
    public static var acquireSignal: Int32 { cshim_sigrtmin() }

    /// Uses stdin when it is a VT, else `path` (default /dev/tty0, the active VT,
    /// which normally needs root). Nil, after one log line, when there is no VT to
    /// manage (a serial console, a container): Lectern still runs.
    public init?(system: SystemCalls, log: Logger, path: String? = nil) {
        self.system = system
        self.log = log
        var mode: Int32 = 0
        if path == nil, isatty(0) == 1, (try? system.ioctl(FileDescriptor(0), 0x4B3B /* KDGETMODE */, &mode)) != nil {
            fd = FileDescriptor(0)
            ownsFD = false
        } else if let opened = try? system.open(path ?? "/dev/tty0", flags: O_RDWR | O_NOCTTY) {
            fd = opened
            ownsFD = true
        } else {
            log.info("no virtual terminal to manage (stdin is not a VT and \(path ?? "/dev/tty0") cannot be opened); console text may show through")
            return nil
        }
    }

    /// Graphics mode plus VT_PROCESS switching. Failures are logged, not fatal.
    public func take() {
        do {
            try system.ioctl(fd, cshim_KDSETMODE, UnsafeMutableRawPointer(bitPattern: UInt(cshim_KD_GRAPHICS)))
            graphics = true
        } catch {
            log.info("cannot switch the console to graphics mode (\(error)): run with the console as controlling tty (TTYPath=, StandardInput=tty)")
        }
        var mode = cshim_vt_mode(mode: cshim_VT_PROCESS, waitv: 0, relsig: Int16(Self.releaseSignal),
                                 acqsig: Int16(Self.acquireSignal), frsig: 0)
        do {
            try system.ioctl(fd, cshim_VT_SETMODE, &mode)
            processMode = true
        } catch {
            log.info("cannot take VT switching (\(error)); a VT switch will not release the display")
        }
    }

    /// Answers the kernel's release request (after dropping master).
    public func allowRelease() { _ = try? system.ioctl(fd, cshim_VT_RELDISP, UnsafeMutableRawPointer(bitPattern: 1)) }

    /// Acknowledges getting the VT back (before taking master again).
    public func acknowledgeAcquire() {
        _ = try? system.ioctl(fd, cshim_VT_RELDISP, UnsafeMutableRawPointer(bitPattern: cshim_VT_ACKACQ))
    }

    /// Text mode and automatic switching again, as it was.
    public func restore() {
        if processMode {
            var mode = cshim_vt_mode(mode: cshim_VT_AUTO, waitv: 0, relsig: 0, acqsig: 0, frsig: 0)
            _ = try? system.ioctl(fd, cshim_VT_SETMODE, &mode)
            processMode = false
        }
        if graphics {
            _ = try? system.ioctl(fd, cshim_KDSETMODE, UnsafeMutableRawPointer(bitPattern: UInt(cshim_KD_TEXT)))
            graphics = false
        }
    }

    deinit { if ownsFD { system.close(fd) } }
}
