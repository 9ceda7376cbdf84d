import Foundation
import Typeset

/// A whole site (a configuration and every file it uses) judged as `lectern check`
/// judges it, for the content watcher: a site that is not fit to show is never swapped
/// in. Also lists the files to watch and hashes them (the content version).
public struct SiteVerdict: Sendable {
    /// The configuration, when it loaded.
    public let config: KioskConfig?
    /// The configuration file, the pages, their images and the icons, resolved.
    public let files: [String]
    /// One line per problem, `file:line: what`; empty when the site is fit to show.
    public let problems: [String]
    public var isFit: Bool { config != nil && problems.isEmpty }
}

/// A site as it is on disk now, before any page is checked: its configuration (or why it
/// does not load), the files it shows and their content version. Cheap next to the check
/// (no page is laid out, no picture decoded): what tells whether anything changed.
public struct SiteFiles: Sendable {
    public let configPath: String
    public let config: KioskConfig?
    /// The configuration's errors, each file:line:column: key: what to do (empty when it loaded).
    public let configErrors: [String]
    /// The configuration file, the pages, their images and the icons; just the
    /// configuration file when it does not load.
    public let files: [String]
    /// `SiteCheck.version(of: files)`.
    public let version: String
}

public enum SiteCheck {
    /// Loads `configPath` and lists the files of the site it describes, with their version.
    public static func files(configPath: String) -> SiteFiles {
        do {
            let config = try ConfigLoader.load(path: configPath)
            let files = files(of: config, configPath: configPath)
            return SiteFiles(configPath: configPath, config: config, configErrors: [], files: files, version: version(of: files))
        } catch {
            let errors = error.errors.map(\.description)
            return SiteFiles(configPath: configPath, config: nil, configErrors: errors, files: [configPath], version: version(of: [configPath]))
        }
    }

    /// Loads `configPath` and checks every page, image and icon exactly as `lectern
    /// check --config` does (a page with characters no font covers fails too).
    public static func check(configPath: String) -> SiteVerdict { check(files(configPath: configPath)) }

    /// Checks the site `site` lists (see `check(configPath:)`).
    public static func check(_ site: SiteFiles) -> SiteVerdict {
        let configPath = site.configPath
        guard let config = site.config else { return SiteVerdict(config: nil, files: site.files, problems: site.configErrors) }
        var problems: [String] = []
        do {
            for report in try ContentCheck.check(config: config) where !report.isFine {
                problems += report.problems.map { locate($0, in: report.source) }
                if !report.missing.isEmpty {
                    problems.append("\(report.source): \(report.missing.count) character(s) no font covers (run lectern check --config \(configPath))")
                }
            }
        } catch {
            problems.append("\(configPath): \(error)")
        }
        return SiteVerdict(config: config, files: site.files, problems: problems)
    }

    /// "line 12: image: …" from a page's report becomes "page.md:12: image: …".
    static func locate(_ problem: String, in source: String) -> String {
        if problem.hasPrefix("line "), let colon = problem.firstIndex(of: ":"),
           let line = Int(problem[problem.index(problem.startIndex, offsetBy: 5)..<colon]) {
            return "\(source):\(line):\(problem[problem.index(after: colon)...])"
        }
        return problem.hasPrefix(source) ? problem : "\(source): \(problem)"
    }

    /// Every file `config` shows: the configuration itself, each page's content file,
    /// the images it links and the icons. Pages that cannot be read add only themselves.
    public static func files(of config: KioskConfig, configPath: String?) -> [String] {
        var files: [String] = configPath.map { [$0] } ?? []
        for page in config.pages {
            if case let .file(path) = page.source {
                files.append(path)
                if let document = try? Document.load(path: path) { files += ImageLoader.files(in: document) }
            }
            files += [page.icon, page.iconSelected].compactMap { $0 }
        }
        var seen = Set<String>()
        return files.filter { seen.insert($0).inserted }
    }

    /// The content version: a hash over the files' names and bytes (FNV-1a, 64 bits;
    /// it identifies a version, it does not protect one), "missing" for a file that is
    /// not there. The same site gives the same version on every kiosk.
    public static func version(of files: [String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ bytes: some Sequence<UInt8>) {
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        }
        for file in files.sorted() {
            mix(file.utf8)
            mix([0])
            if let data = FileManager.default.contents(atPath: file) { mix(data) } else { mix("missing".utf8) }
            mix([0])
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The newest modification time (seconds since the epoch) among `files` that exist:
    /// a file younger than the settle time may still be arriving.
    public static func newestModification(of files: [String]) -> Double? {
        files.compactMap { file -> Double? in
            var info = stat()
            guard stat(file, &info) == 0 else { return nil }
            return Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        }.max()
    }
}
