import CRasterKernels
import Raster

/// Frames written straight into a scan-out buffer (write-combined memory: written once
/// with streaming stores, never read), so the page and layers stay in the cache.
enum DirectCompose {
    /// Streaming stores are weakly ordered: finish them before the frame is presented.
    static func finish() { cshim_raster_stream_fence() }
}
