import LecternLog
import Logging
import LoopCore
/// Another program holds DRM master (a splash screen, a second kiosk, a debugging
/// session): Lectern cannot set a mode until it lets go, and the kernel sends no event
/// when it does. So Lectern says so once (log and systemd STATUS=) and asks again twice
/// a second, while still answering SIGTERM at once. This is the one timed wake-up
/// outside an animation, and it ends as soon as the display is Lectern's.
public enum MasterWait {
    public static let retryInterval: Int32 = 500  // ms

    /// True once `device` is master; false when SIGTERM / SIGINT arrived first.
    public static func acquire(_ device: KMSDevice, system: SystemCalls, signalFD: FileDescriptor,
                               log: Logger, status: (String) -> Void) throws -> Bool {
        var waiting = false
        while true {
            do {
                try device.setMaster()
                if waiting { log.info("DRM master on \(device.path) is free: taking the display") }
                return true
            } catch {
                if !waiting {
                    log.info("another program holds DRM master on \(device.path) (\(error)); waiting for it to let go")
                    status("waiting for the display: another program holds DRM master on \(device.path)")
                    waiting = true
                }
            }
            var requests = [PollRequest(fd: signalFD)]
            _ = try system.poll(&requests, timeout: retryInterval)
            if !requests[0].returned.isEmpty, try terminationRequested(system: system, signalFD: signalFD) { return false }
        }
    }

    /// Reads what is queued on the signalfd; SIGTERM / SIGINT end the wait (others,
    /// such as SIGHUP, mean nothing before there is a kiosk on screen).
    private static func terminationRequested(system: SystemCalls, signalFD: FileDescriptor) throws -> Bool {
        while let signal = try SignalFD.next(signalFD, system: system) {
            if SignalFD.isTermination(signal) { return true }
        }
        return false
    }
}
