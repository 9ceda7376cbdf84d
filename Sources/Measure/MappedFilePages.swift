import CHeapUsage

/// Pages of a library's read-only data the process touched once and will rarely read
/// again (ICU's word dictionaries, read while the search index is built): handed back so
/// that they no longer count in the kiosk's memory. The pages stay in the page cache, and
/// a later read (a visitor searching in Chinese) maps what it needs again.
public enum MappedFilePages {
    /// Drops the resident pages of every read-only mapping of a file whose path contains
    /// `name`. Answers the bytes of address space advised; nil when the process's maps
    /// cannot be read.
    @discardableResult
    public static func release(ofFilesNamed name: String) -> Int? {
        let advised = heapusage_release_file_pages(name)
        return advised < 0 ? nil : advised
    }
}
