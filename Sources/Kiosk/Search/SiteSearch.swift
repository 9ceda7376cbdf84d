import Foundation
import PDFPages
import Search

/// The site's search index, built off the loop: `build` starts a thread that reads the
/// pages and opens or builds the index (`SearchIndexStore`), then calls `onFinished`
/// (on the device: the loop's wake-up pipe); the loop takes the index with `collect`.
/// Until then, and when no index could be made, a search answers `.unavailable`.
/// Nothing a visitor types is logged or kept here: only counts leave it.
public final class SiteSearch: @unchecked Sendable {
    public enum Answer: Sendable, Equatable {
        case results([SearchResult])
        /// The index is still being built, or could not be made at all.
        case unavailable
    }

    /// What the last build did, for the log (no words searched in it).
    public struct BuildReport: Sendable {
        public var origin: SearchIndexStore.Origin
        public var pages: Int
        public var problems: [String]
        public var seconds: Double
    }

    /// Said (from the worker thread) when a build finished.
    public var onFinished: @Sendable () -> Void = {}

    private let lock = NSLock()
    /// The index the loop searches; only the loop's thread reads or replaces it.
    private var index: SearchIndex?
    /// A finished build waiting for the loop (`collect`), guarded by `lock`.
    private var finished: (SearchIndex?, BuildReport)?
    private var building = 0
    /// Where the last build was asked to keep its index (nil: none asked yet; `.some(nil)`:
    /// in memory): a reload builds there again.
    public private(set) var lastDirectory: String??

    public init() {}

    /// Builds the index of `config` (from the cache directory when this version was built
    /// before; PDFs' text from the PDF cache `pdfCache`) on a thread of its own.
    public func build(config: KioskConfig, configPath: String?, cacheDirectory: String?, pdfCache: String) {
        lock.lock(); building += 1; lock.unlock()
        lastDirectory = .some(cacheDirectory)
        let thread = Thread { [self] in
            let made = Self.make(config: config, configPath: configPath, cacheDirectory: cacheDirectory, pdfTools: PDFTools(cacheDirectory: pdfCache))
            lock.lock()
            finished = made
            building -= 1
            lock.unlock()
            onFinished()
        }
        thread.name = "lectern-search-index"
        thread.start()
    }

    /// The same, on the calling thread (`lectern search`, tests): the index is ready after.
    @discardableResult
    public func buildNow(config: KioskConfig, configPath: String?, cacheDirectory: String?, pdfCache: String) -> BuildReport {
        let (made, report) = Self.make(config: config, configPath: configPath, cacheDirectory: cacheDirectory, pdfTools: PDFTools(cacheDirectory: pdfCache))
        index = made
        return report
    }

    /// Takes a build that finished (on the loop's thread): its report, or nil when none did.
    public func collect() -> BuildReport? {
        lock.lock()
        defer { lock.unlock() }
        guard let (made, report) = finished else { return nil }
        finished = nil
        index = made
        return report
    }

    /// A build is running or finished and not yet collected.
    public var isBuilding: Bool {
        lock.lock()
        defer { lock.unlock() }
        return building > 0 || finished != nil
    }

    public var isReady: Bool { index != nil }

    /// The pages matching what the visitor typed, best first.
    public func search(_ typed: String, limit: Int = SearchIndex.maximumResults) -> Answer {
        guard let index else { return .unavailable }
        guard let results = try? index.search(typed, limit: limit) else { return .unavailable }
        return .results(results)
    }

    static func make(config: KioskConfig, configPath: String?, cacheDirectory: String?, pdfTools: PDFTools) -> (SearchIndex?, BuildReport) {
        let start = Date()
        let version = SiteSearchText.version(config: config, configPath: configPath)
        var problems: [String] = []
        var pages = 0
        let (index, origin) = SearchIndexStore.open(directory: cacheDirectory, version: version) {
            let extracted = SiteSearchText.documents(config: config, pdfTools: pdfTools)
            problems = extracted.problems
            return extracted.documents
        }
        pages = (try? index?.pageCount()) ?? 0
        return (index, BuildReport(origin: origin, pages: pages, problems: problems, seconds: Date().timeIntervalSince(start)))
    }
}
