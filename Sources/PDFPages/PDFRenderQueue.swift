import CPDFSandbox
import Foundation
import Raster

/// The renderers, off the frame loop: one worker thread runs the sandboxed poppler
/// programs and decodes what they write; the loop learns that something finished by a
/// pipe it polls (`readyDescriptor` becomes readable: one byte per finished job), and
/// collects the results with `collect()` without ever waiting. Nothing pending: the
/// worker sleeps on a condition, the pipe is quiet, no CPU at all.
public final class PDFRenderQueue: @unchecked Sendable {
    public enum Job: Hashable, Sendable {
        case open(path: String)
        case render(path: String, hash: String, page: Int, width: Int)
    }

    public enum Outcome: @unchecked Sendable {
        case opened(PDFTools.Opened)
        case rendered(Image)
        case failed(String)
    }

    public let tools: PDFTools
    /// The loop polls this; readable means `collect()` has something.
    public let readyDescriptor: Int32
    private let writeEnd: Int32
    private let lock = NSCondition()
    private var pending: [Job] = []
    private var running: Job?
    private var finished: [(Job, Outcome)] = []
    /// Tests: told each renderer's pid as it starts (to kill one mid-page).
    public var onRendererStart: (@Sendable (pid_t) -> Void)?

    public init(tools: PDFTools) {
        self.tools = tools
        var fds: [Int32] = [-1, -1]
        if pdf_sandbox_wake_pipe(&fds) != 0 { fds = [-1, -1] }
        readyDescriptor = fds[0]
        writeEnd = fds[1]
        // The worker holds the queue for the life of the process (the queue is shared: one per kiosk).
        let thread = Thread { self.work() }
        thread.name = "lectern-pdf"
        thread.start()
    }

    /// Asks for `job` unless it is pending, running or finished and not yet collected.
    /// The newest request is done first (the page the visitor looks at now).
    public func request(_ job: Job) {
        lock.lock()
        defer { lock.unlock() }
        guard running != job, !finished.contains(where: { $0.0 == job }) else { return }
        pending.removeAll { $0 == job }
        pending.append(job)
        lock.signal()
    }

    /// Drops pending renders that `keep` rejects (pages scrolled far away).
    public func cancel(where drop: (Job) -> Bool) {
        lock.lock()
        pending.removeAll(where: drop)
        lock.unlock()
    }

    public func isQueued(_ job: Job) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return running == job || pending.contains(job)
    }

    /// What finished since the last call (never waits); drains the pipe.
    public func collect() -> [(Job, Outcome)] {
        var scratch = [UInt8](repeating: 0, count: 256)
        while scratch.withUnsafeMutableBytes({ read(readyDescriptor, $0.baseAddress, $0.count) }) > 0 {}
        lock.lock()
        defer { lock.unlock() }
        let done = finished
        finished = []
        return done
    }

    /// Tests, `check` and the bench: waits until nothing is pending or running.
    public func waitUntilIdle() {
        lock.lock()
        while running != nil || !pending.isEmpty { lock.wait() }
        lock.unlock()
    }

    private func work() {
        while true {
            lock.lock()
            while pending.isEmpty { lock.wait() }
            let job = pending.removeLast()
            running = job
            lock.unlock()
            let outcome = perform(job)
            lock.lock()
            finished.append((job, outcome))
            running = nil
            lock.broadcast()
            lock.unlock()
            var byte: UInt8 = 1
            _ = write(writeEnd, &byte, 1)
        }
    }

    private func perform(_ job: Job) -> Outcome {
        switch job {
        case let .open(path):
            do { return .opened(try tools.open(path: path)) } catch { return .failed(error.description) }
        case let .render(path, hash, page, width):
            do {
                let png = try tools.renderPage(path: path, hash: hash, page: page, width: width,
                                               onStart: { pid in self.onRendererStart?(pid) })
                // Decoded to its own size, under Raster's pixel cap; a cached file that
                // does not decode is removed so the next request renders it again.
                do {
                    return .rendered(try Image(contentsOfFile: png))
                } catch {
                    unlink(png)
                    return .failed("the rendered page does not decode: \(error)")
                }
            } catch {
                return .failed(error.description)
            }
        }
    }
}

extension PDFRenderQueue {
    /// The cache directory: systemd's `CacheDirectory=` ($CACHE_DIRECTORY), else
    /// $XDG_CACHE_HOME or ~/.cache, under lectern/pdf; `LECTERN_PDF_CACHE` overrides.
    public static func defaultCacheDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let explicit = environment["LECTERN_PDF_CACHE"], !explicit.isEmpty { return explicit }
        if let systemd = environment["CACHE_DIRECTORY"]?.split(separator: ":").first { return "\(systemd)/pdf" }
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return "\(xdg)/lectern/pdf" }
        if let home = environment["HOME"], home.hasPrefix("/"), home != "/" { return "\(home)/.cache/lectern/pdf" }
        return "/tmp/lectern-pdf-\(getuid())"
    }

    /// The one queue of the process (one worker, one wake-up pipe), made on first use.
    public static var shared: PDFRenderQueue {
        sharedLock.lock()
        defer { sharedLock.unlock() }
        if let queue = sharedQueue { return queue }
        let queue = PDFRenderQueue(tools: PDFTools(cacheDirectory: defaultCacheDirectory()))
        sharedQueue = queue
        return queue
    }

    /// The shared queue if one was made (the loop polls its pipe only then).
    public static var existing: PDFRenderQueue? {
        sharedLock.lock()
        defer { sharedLock.unlock() }
        return sharedQueue
    }

    nonisolated(unsafe) private static var sharedQueue: PDFRenderQueue?
    private static let sharedLock = NSLock()
}
