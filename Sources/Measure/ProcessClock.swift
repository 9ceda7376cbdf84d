import Glibc

/// Process start time and peak memory from the kernel.
public enum ProcessClock {
    /// Seconds since this process started: /proc/self/stat's starttime (clock ticks
    /// since boot) against CLOCK_BOOTTIME; counts dynamic loading too.
    public static func secondsSinceStart() -> Double? {
        guard let stat = readFile("/proc/self/stat"), let close = stat.lastIndex(of: ")") else { return nil }
        // Fields after the command name; starttime is field 22 overall, 20th after ")".
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
        var ts = timespec()
        clock_gettime(CLOCK_BOOTTIME, &ts)
        let now = Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
        return now - ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Peak resident set size in KiB (getrusage's ru_maxrss).
    public static func peakRSSKiB() -> Int {
        var usage = rusage()
        getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
        return Int(usage.ru_maxrss)
    }

    static func readFile(_ path: String) -> String? {
        guard let f = fopen(path, "r") else { return nil }
        defer { fclose(f) }
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = fread(&buffer, 1, buffer.count - 1, f)
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
