import Logging
import PDFPages

/// The search index's life beside the kiosk: built off the loop once the first frame is
/// on screen (so it never delays it), again after a reload swaps in new content, and
/// taken up by the loop when the worker says it finished. The log names where the index
/// came from and how long it took, never a word searched.
extension KioskRuntime {
    /// Starts building the index of the configuration on screen, in `directory` (nil: in
    /// memory). A build already running is left to finish; its index is replaced by the
    /// newer one when that arrives.
    public func buildSearchIndex(directory: String?) {
        search.build(config: config, configPath: configPath, cacheDirectory: directory,
                     pdfCache: PDFRenderQueue.defaultCacheDirectory())
    }

    /// The worker finished (its wake-up pipe became readable): take the index.
    public func searchIndexArrived(at time: Double) {
        guard let report = search.collect() else { return }
        for problem in report.problems { logger.warning("search: \(problem); that page is not searched") }
        let seconds = (report.seconds * 1000).rounded() / 1000
        switch report.origin {
        case let .reused(path): logger.info("search: index of \(report.pages) page(s) reused from \(path)")
        case let .built(path): logger.info("search: index of \(report.pages) page(s) built in \(seconds) s into \(path)")
        case let .rebuilt(path, reason):
            logger.warning("search: the index in \(path) was damaged (\(reason)); rebuilt \(report.pages) page(s) in \(seconds) s")
        case let .memory(reason?):
            logger.warning("search: cannot keep the index on disk (\(reason)); \(report.pages) page(s) indexed in memory in \(seconds) s")
        case .memory(nil): logger.info("search: index of \(report.pages) page(s) built in memory in \(seconds) s")
        }
    }
}
