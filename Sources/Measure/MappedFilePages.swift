import CHeapUsage
import Glibc

/// Pages of a library's read-only data the process touched once and will rarely read
/// again (ICU's word dictionaries, read while the search index is built): handed back so
/// that they no longer count in the kiosk's memory. The pages stay in the page cache, and
/// a later read (a visitor searching in Chinese) maps what it needs again.
public enum MappedFilePages {
    /// Drops the resident pages of every read-only mapping, holding no page of its own,
    /// of a file whose path contains one of `names` (the process's maps read once for all).
    /// Answers the bytes of address space advised; nil when the process's maps cannot be
    /// read.
    @discardableResult
    public static func release(ofFilesNamed names: [String]) -> Int? {
        let copies = names.map { UnsafePointer(strdup($0)) }
        defer { for copy in copies { free(UnsafeMutablePointer(mutating: copy)) } }
        let advised = copies.withUnsafeBufferPointer { heapusage_release_file_pages($0.baseAddress, $0.count) }
        return advised < 0 ? nil : advised
    }
}
