import CPDFSandbox
import Foundation
import SystemCallRetry

/// One run of a poppler program in its own process: no network (a new network
/// namespace where the kernel allows it), writes only below its work directory
/// (Landlock where the kernel has it), memory, CPU and file-size limits, a clean
/// environment, no inherited fds, and a wall-clock limit after which it is killed.
/// Lectern never parses PDF itself: poppler does, out here, where a crash or a hang
/// costs one placeholder and never the kiosk.
public struct SandboxedProcess: Sendable {
    public struct Limits: Sendable, Equatable {
        /// The program's address space (RLIMIT_AS).
        public var memoryBytes: UInt64 = 512 << 20
        public var cpuSeconds: UInt64 = 20
        public var fileBytes: UInt64 = 256 << 20
        /// Wall clock per run: a renderer blocked on anything is killed after this.
        public var seconds: Double = 30
        /// The most stdout / stderr read back; more is a failure (the child is killed).
        public var outputBytes: Int = 16 << 20
        public init() {}
    }

    public struct Result: Sendable {
        public var status: Int32?
        public var signal: Int32?
        public var output: [UInt8]
        public var errorText: String
        public var timedOut = false
        public var outputTooLarge = false
        /// What the sandbox applied in the child (`PDF_SANDBOX_*` flags).
        public var sandbox: UInt8 = 0
        public var succeeded: Bool { status == 0 && !timedOut && !outputTooLarge }
        public var hadNoNetwork: Bool { sandbox & UInt8(PDF_SANDBOX_NO_NETWORK) != 0 }
        public var hadLandlock: Bool { sandbox & UInt8(PDF_SANDBOX_LANDLOCK) != 0 }

        /// Why it failed, in words for a log line.
        public var failure: String {
            if timedOut { return "took too long and was stopped" }
            if outputTooLarge { return "answered more than the limit and was stopped" }
            if let signal { return signal == SIGXCPU ? "used too much CPU time" : "crashed (signal \(signal))" }
            let said = errorText.split(separator: "\n").first.map { ": \($0)" } ?? ""
            return "failed (exit status \(status ?? -1))\(said)"
        }
    }

    public enum SpawnError: Error, CustomStringConvertible {
        case missing(String)
        case spawn(String, Int32)
        public var description: String {
            switch self {
            case let .missing(p): return "\(p) is not installed (Debian package poppler-utils)"
            case let .spawn(p, e): return "cannot start \(p): \(String(cString: strerror(e)))"
            }
        }
    }

    public let executable: String
    public let arguments: [String]
    public let workDirectory: String
    public var limits: Limits

    public init(executable: String, arguments: [String], workDirectory: String, limits: Limits = Limits()) {
        self.executable = executable
        self.arguments = arguments
        self.workDirectory = workDirectory
        self.limits = limits
    }

    /// Where poppler's programs are looked for (a fixed list: no PATH from outside).
    public static let searchDirectories = ["/usr/bin", "/bin", "/usr/local/bin"]

    public static func locate(_ program: String) -> String? {
        searchDirectories.map { "\($0)/\(program)" }.first { access($0, X_OK) == 0 }
    }

    /// Runs to the end (or to a limit); `onStart` is told the pid (tests kill it).
    public func run(onStart: (pid_t) -> Void = { _ in }) throws -> Result {
        guard access(executable, X_OK) == 0 else { throw SpawnError.missing(executable) }
        var env = ["PATH=/usr/bin:/bin", "HOME=\(workDirectory)", "LANG=C.UTF-8", "LC_ALL=C.UTF-8",
                   "XDG_CACHE_HOME=\(workDirectory)", "TMPDIR=\(workDirectory)"]
        // Under qemu-user (the arm64 tests on an x86-64 machine) the child is emulated as the
        // same CPU as its parent; on a board the variable is not set and changes nothing.
        if let cpu = ProcessInfo.processInfo.environment["QEMU_CPU"] { env.append("QEMU_CPU=\(cpu)") }
        var cArgs: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        var cEnv: [UnsafeMutablePointer<CChar>?] = env.map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) }; cEnv.forEach { free($0) } }
        var limits = pdf_sandbox_limits(memory_bytes: self.limits.memoryBytes, cpu_seconds: self.limits.cpuSeconds,
                                        file_bytes: self.limits.fileBytes)
        var out: Int32 = -1, err: Int32 = -1, statusFD: Int32 = -1
        let pid = cArgs.withUnsafeMutableBufferPointer { args in
            cEnv.withUnsafeMutableBufferPointer { envp in
                pdf_sandbox_spawn(executable, args.baseAddress, envp.baseAddress, workDirectory, &limits, &out, &err, &statusFD)
            }
        }
        guard pid > 0 else { throw SpawnError.spawn(executable, errno) }
        onStart(pid)
        var result = Result(status: nil, signal: nil, output: [], errorText: "")
        var errorBytes: [UInt8] = []
        var statusBytes: [UInt8] = []
        let deadline = Self.now() + self.limits.seconds
        var open = [out, err, statusFD]
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !open.isEmpty {
            if deadline - Self.now() <= 0 { result.timedOut = true; break }
            var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            // The time left is measured again on each try (a retry after a signal waits no longer).
            let n = retryingOnInterrupt {
                poll(&fds, nfds_t(fds.count), Int32(min(max(0, deadline - Self.now()) * 1000, 60_000).rounded(.up)))
            }
            if n < 0 { break }
            for p in fds where p.revents != 0 {
                let count = retryingOnInterrupt { buffer.withUnsafeMutableBytes { read(p.fd, $0.baseAddress, $0.count) } }
                if count <= 0 {
                    if count < 0, errno == EAGAIN { continue }
                    open.removeAll { $0 == p.fd }
                    continue
                }
                let chunk = buffer[0..<count]
                if p.fd == out { result.output += chunk } else if p.fd == err { if errorBytes.count < 4096 { errorBytes += chunk } } else { statusBytes += chunk }
                if result.output.count > self.limits.outputBytes { result.outputTooLarge = true; open.removeAll() }
            }
        }
        if result.timedOut || result.outputTooLarge { kill(pid, SIGKILL) }
        close(out); close(err); close(statusFD)
        var status: Int32 = 0
        _ = retryingOnInterrupt { waitpid(pid, &status, 0) }
        // WIFEXITED / WEXITSTATUS / WTERMSIG are macros Swift cannot import.
        if status & 0x7f == 0 { result.status = (status >> 8) & 0xff } else { result.signal = status & 0x7f }
        result.errorText = String(decoding: errorBytes, as: UTF8.self)
        result.sandbox = statusBytes.first ?? 0
        return result
    }

    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
