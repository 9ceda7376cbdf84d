import Dispatch
import Foundation
import Logging

/// What `lectern check` would log about the pages, logged while the kiosk runs: once per
/// configuration, off the loop. Checking every page reads them all again and decodes every
/// picture (seconds under emulation): before the first frame it delayed the start, inline
/// after it it held the loop on the visitor's first touch. So it runs on its own thread at
/// the lowest priority (nice 19: on a single core the loop still gets nearly all of it),
/// with its own typesetter (own FreeType library; font files are shared read-only).
final class ContentProblemsLog {
    /// The hyphenation lines logged so far (each check's thread adds to it): a missing
    /// dictionary is the machine's, not the content's, so it is said once, not at every reload.
    private let hyphenationSaid = LinesSaid()
    /// Entered while a check runs (tests wait for its lines).
    private let running = DispatchGroup()

    func log(config: KioskConfig, to logger: Logger) {
        let done = running, hyphenationSaid = self.hyphenationSaid
        done.enter()
        Thread.detachNewThread {
            defer { done.leave() }
            // Linux keeps the nice value per thread: this lowers this thread only.
            setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
            let reports: [PageReport]
            do { reports = try ContentCheck.check(config: config) } catch {
                logger.warning("\(error)")
                return
            }
            for report in reports {
                for line in report.logLines(includingUnreadable: false, includingHyphenation: false) { logger.warning("\(line)") }
                for line in report.hyphenationLogLines where hyphenationSaid.isFirst(line) {
                    logger.warning("\(line)")
                }
            }
        }
    }

    /// Waits until the checks started so far have logged their lines.
    func wait() { running.wait() }
}

/// Lines already logged, shared with the threads that log them.
final class LinesSaid: @unchecked Sendable {
    private let lock = NSLock()
    private var said: Set<String> = []

    /// True the first time `line` is offered (and remembers it).
    func isFirst(_ line: String) -> Bool { lock.withLock { said.insert(line).inserted } }
}
