import Foundation
import Raster

/// The renderers, off the frame loop: one worker thread runs the sandboxed poppler
/// programs and decodes what they write; the loop learns that something finished through
/// `onFinished` (on the device: its wake-up pipe, one byte per finished job), and collects
/// the results with `collect()` without ever waiting. Nothing pending: the worker sleeps
/// on a condition, nothing wakes the loop, no CPU at all.
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
    private let lock = NSCondition()
    private var pending: [Job] = []
    private var running: Job?
    private var finished: [(Job, Outcome)] = []
    private var finishing: (@Sendable () -> Void)?
    /// Tests: told each renderer's pid as it starts (to kill one mid-page).
    public var onRendererStart: (@Sendable (pid_t) -> Void)?

    public init(tools: PDFTools) {
        self.tools = tools
        // The worker holds the queue for the life of the process (the queue is shared: one per kiosk).
        let thread = Thread { self.work() }
        thread.name = "lectern-pdf"
        thread.start()
    }

    /// Called on the worker's thread each time a job finishes: `collect()` has something
    /// (the device hands the loop's wake-up here, `WakePipe.wake`). Set while results
    /// wait uncollected (the kiosk asks for its PDFs as it is assembled, before the loop
    /// is wired), it is called at once, so no finished job goes unannounced.
    public var onFinished: (@Sendable () -> Void)? {
        get { lock.withLock { finishing } }
        set {
            let owed = lock.withLock {
                finishing = newValue
                return !finished.isEmpty
            }
            if owed { newValue?() }
        }
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

    /// What finished since the last call (never waits).
    public func collect() -> [(Job, Outcome)] {
        lock.lock()
        defer { lock.unlock() }
        let done = finished
        finished = []
        return done
    }

    /// Nothing pending, running, or finished and not yet collected: whoever collects has
    /// everything asked for so far (the headless player waits for this before a capture).
    public var isIdle: Bool {
        lock.withLock { running == nil && pending.isEmpty && finished.isEmpty }
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
            let told = finishing
            lock.broadcast()
            lock.unlock()
            told?()
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

    /// The one queue of the process (one worker), made on first use.
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
