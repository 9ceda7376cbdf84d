import CHeapUsage

/// How many bytes the C heap holds right now (glibc's mallinfo2; cheap). Used to check
/// that per-frame work allocates nothing in steady state (a frame that allocates can
/// stall on the allocator and fragments a long-running kiosk) and that the soak's heap
/// stays flat.
public enum HeapUsage {
    public static func bytesInUse() -> Int { Int(heapusage_bytes_in_use()) }

    /// A kiosk allocates screen-size bitmaps now and then (a pinch, a card): have every
    /// block of 256 KiB or more mapped on its own, so its memory leaves when it is freed.
    public static func returnLargeBlocksToTheSystem() { heapusage_return_large_blocks(256 * 1024) }

    /// Small pages only (transparent huge pages off for the process): with Debian's
    /// `always`, a thread's stack or a malloc arena that used a few kilobytes held a whole
    /// 2 MiB page (two such in the machine test's 1080p kiosk). False where the kernel
    /// has no such switch; nothing else changes then.
    @discardableResult
    public static func useSmallPagesOnly() -> Bool { heapusage_no_huge_pages() == 0 }

    /// A worker thread that finished (the search index built, a dictionary loaded) leaves
    /// what it freed resident in its own malloc arena: give those pages back (a few
    /// hundred microseconds; call it when such work is collected, not per frame).
    public static func releaseFreePages() { heapusage_release_free_pages() }
}
