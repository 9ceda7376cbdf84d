import Glibc
import SystemCallRetry

/// The guest's side of the host protocol on a raw serial port: `@@CAPTURE name` asks
/// the host for a QMP screendump, which it answers with `@@ACK name` once the file is
/// written. Without a port (running outside the machine test) captures are only logged.
final class HostLink {
    private let fd: Int32?
    private var pending: [UInt8] = []

    init(path: String?) throws(InjectError) {
        guard let path else { fd = nil; return }
        let fd = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw InjectError("cannot open the host port \(path): \(errnoText())") }
        var tio = termios()
        if tcgetattr(fd, &tio) == 0 {  // raw, no echo: the host reads exactly our lines
            cfmakeraw(&tio)
            _ = tcsetattr(fd, TCSANOW, &tio)
        }
        self.fd = fd
    }

    func log(_ text: String) {
        send("@@LOG \(text)\n")
    }

    /// Asks for a screendump and waits for its ack (at most `timeout` seconds).
    func capture(_ name: String, timeout: Double = 30) throws(InjectError) {
        guard let fd else {
            print("capture \(name) (no host port)")
            return
        }
        send("@@CAPTURE \(name)\n")
        let deadline = monotonicSeconds() + timeout
        while true {
            if let line = takeLine() {
                if line == "@@ACK \(name)" { return }
                continue  // stray bytes (e.g. an earlier ack): skip
            }
            let left = deadline - monotonicSeconds()
            guard left > 0 else { throw InjectError("no ack from the host for capture \(name) in \(Int(timeout)) s") }
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            // The time left is measured again on each try (a retry after a signal waits no longer).
            guard retryingOnInterrupt({ poll(&p, 1, Int32(max(0, deadline - monotonicSeconds()) * 1000) + 1) }) >= 0 else {
                throw InjectError("poll on the host port failed: \(errnoText())")
            }
            var buffer = [UInt8](repeating: 0, count: 256)
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, 256) }
            if n > 0 { pending += buffer[0..<n] }
        }
    }

    private func takeLine() -> String? {
        guard let end = pending.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let line = String(decoding: pending[..<end].filter { $0 != UInt8(ascii: "\r") }, as: UTF8.self)
        pending.removeSubrange(...end)
        return line
    }

    private func send(_ text: String) {
        guard let fd else { return }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = retryingOnInterrupt { bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } }
            guard n > 0 else { return }
            bytes = bytes.dropFirst(n)
        }
    }
}

func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

func sleepSeconds(_ s: Double) {
    guard s > 0 else { return }
    var ts = timespec(tv_sec: Int(s), tv_nsec: Int((s - s.rounded(.down)) * 1e9))
    var left = timespec()
    // After a signal, sleep only what was left.
    _ = retryingOnInterrupt {
        let result = nanosleep(&ts, &left)
        ts = left
        return result
    }
}
