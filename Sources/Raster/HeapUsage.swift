import CRasterKernels

/// How many bytes the C heap holds right now (glibc's mallinfo2; cheap). Used to check
/// that per-frame kernels allocate nothing in steady state: a frame that allocates can
/// stall on the allocator and fragments a long-running kiosk.
public enum HeapUsage {
    public static func bytesInUse() -> Int { Int(cshim_raster_heap_bytes_in_use()) }
}
