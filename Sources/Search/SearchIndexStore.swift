import Foundation

/// Where the index lives and when it is built: a file `search-<version>.sqlite` in the
/// cache directory (beside the PDF cache), keyed by the content version, so a kiosk that
/// starts again on the same site builds nothing. A file made for this version and
/// complete is reused; a damaged one, or one cut short, is deleted and rebuilt; one that
/// cannot be written (read-only or full disk, no directory) leaves the index in memory.
/// Files of other versions are removed once the new one is there.
public enum SearchIndexStore {
    /// How the index was come by, for the log (it never names a word searched).
    public enum Origin: Sendable, Equatable {
        /// Opened from the file, built before for this version.
        case reused(path: String)
        /// Built now into the file.
        case built(path: String)
        /// Built now in memory: no directory given, or the file could not be written.
        case memory(reason: String?)
        /// The file was damaged or incomplete, and was built again.
        case rebuilt(path: String, reason: String)
    }

    public static func fileName(version: String) -> String { "search-\(version).sqlite" }

    /// The index for `version`, from `directory` if one was built there, else built from
    /// `documents()` (called only when a build is needed).
    public static func open(directory: String?, version: String,
                            documents: () -> [SearchDocument]) -> (index: SearchIndex?, origin: Origin) {
        guard let directory else { return (memoryIndex(documents(), version: version), .memory(reason: nil)) }
        let path = directory + "/" + fileName(version: version)
        var damage: String?
        if FileManager.default.fileExists(atPath: path) {
            switch reuse(path: path, version: version) {
            case let .success(index): return (index, .reused(path: path))
            case let .failure(failure): damage = failure.description
            }
            removeFile(path)
        }
        let built = documents()
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            let database = try SQLiteDatabase(path: path)
            let index = SearchIndex(database: database, path: path)
            try index.createTables()
            try index.fill(with: built, version: version)
            removeOtherVersions(in: directory, keeping: fileName(version: version))
            return (index, damage.map { .rebuilt(path: path, reason: $0) } ?? .built(path: path))
        } catch {
            removeFile(path)
            return (memoryIndex(built, version: version), .memory(reason: "\(path): \(error)"))
        }
    }

    private static func reuse(path: String, version: String) -> Result<SearchIndex, SQLiteDatabase.Failure> {
        do {
            let index = SearchIndex(database: try SQLiteDatabase(path: path, create: false), path: path)
            let recorded = try index.recorded()
            guard recorded.complete, recorded.version == version, recorded.schema == SearchIndex.schema else {
                return .failure(.init(code: 0, message: "the index was not completed for this version"))
            }
            try index.verify()
            return .success(index)
        } catch {
            return .failure(error)
        }
    }

    /// SQLite in memory fails only when memory runs out: then there is no index (nil),
    /// and a search says it cannot search rather than the kiosk stopping.
    private static func memoryIndex(_ documents: [SearchDocument], version: String) -> SearchIndex? {
        guard let index = try? SearchIndex.inMemory(), (try? index.fill(with: documents, version: version)) != nil else { return nil }
        return index
    }

    private static func removeFile(_ path: String) {
        for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    private static func removeOtherVersions(in directory: String, keeping name: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for other in names where other.hasPrefix("search-") && other.hasSuffix(".sqlite") && other != name {
            removeFile(directory + "/" + other)
        }
    }
}
