import Glibc
import Synchronization

/// A font file mapped into memory once, however many faces read it.
///
/// FreeType's `FT_New_Face` maps the whole file for every face it opens, and Lectern
/// opens one face per file, size and synthesised style (body text, each heading size,
/// bold, italic, the ring's labels): the CJK fallback font (4 MB) ended up mapped 14
/// times on a CJK page, and resident memory counts each mapping's touched pages
/// separately (9.3 MiB for that one file at 1920×1080). Faces are opened from this
/// shared mapping instead (`FT_New_Memory_Face`), so each page of a font file is
/// resident once.
final class FontFile: @unchecked Sendable {
    let path: String
    /// The whole file, read-only. FreeType reads through it while any face opened from
    /// it exists: every `FontFace` keeps its `FontFile`, and closes its face first.
    let bytes: UnsafeRawBufferPointer

    private init(path: String, bytes: UnsafeRawBufferPointer) {
        self.path = path
        self.bytes = bytes
    }

    deinit {
        munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
    }

    /// Files mapped now, by path; an entry goes when its last face does.
    private static let open = Mutex<[String: WeakFile]>([:])
    private struct WeakFile { weak var file: FontFile? }

    /// The mapping of `path`, shared with every face already open on it, or the errno
    /// that stopped `open`, `fstat` or `mmap`.
    static func shared(path: String) -> Result<FontFile, Errno> {
        open.withLock { files in
            if let file = files[path]?.file { return .success(file) }
            switch map(path) {
            case let .success(bytes):
                let file = FontFile(path: path, bytes: bytes)
                files = files.filter { $0.value.file != nil }
                files[path] = WeakFile(file: file)
                return .success(file)
            case let .failure(error):
                return .failure(error)
            }
        }
    }

    struct Errno: Error { let code: Int32 }

    private static func map(_ path: String) -> Result<UnsafeRawBufferPointer, Errno> {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(Errno(code: errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(Errno(code: errno)) }
        // An empty file cannot be mapped; FreeType reports it as not a font.
        guard info.st_size > 0 else { return .failure(Errno(code: EINVAL)) }
        let size = Int(info.st_size)
        guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), base != MAP_FAILED else {
            return .failure(Errno(code: errno))
        }
        return .success(UnsafeRawBufferPointer(start: base, count: size))
    }
}
