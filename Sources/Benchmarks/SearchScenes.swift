import Foundation
import Kiosk
import PDFPages

/// The search figures on a 100-page site that includes PDFs (docs/performance.md):
/// 96 Markdown pages of the dense scenes' prose (some 6 KB each, each with names of its
/// own) written to files, and four PDF pages (Debian's shared-mime-info specification
/// and libtasn1 manual, 17 and 36 pages, each shown twice), their text read from the
/// PDF cache's pdftohtml answers as the kiosk reads it.
/// - `search.index`: the whole index built as the kiosk builds it after the first frame
///   (every page read, its text extracted, the FTS5 table filled), in memory;
/// - `search.keystroke`: one key more of a query being typed, to the ranked results
///   with their snippets (the panel's answer; drawing them is not measured: the panel
///   is not built yet).
public enum SearchScene {
    static let documents = ["/usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf", "/usr/share/doc/libtasn1-doc/libtasn1.pdf"]
    /// What the keystroke case types, one character more per iteration, round and round.
    static let typed = ["müller", "reading room", "interoperability", "closed stacks", "図書館", "opening hours"]

    public static var benchCases: [BenchCase] {
        [
            BenchCase(name: "search.index") { _, _ in
                let site = try Site()
                return { site.build() }
            },
            BenchCase(name: "search.keystroke") { _, _ in
                let site = try Site()
                site.build()
                let prefixes = typed.flatMap { word in (1...word.count).map { String(word.prefix($0)) } }
                var next = 0
                return {
                    let query = prefixes[next % prefixes.count]
                    next += 1
                    guard case let .results(results) = site.search.search(query) else { preconditionFailure("search.keystroke: no index") }
                    precondition(query.count < 3 || !results.isEmpty || query.hasPrefix("図"), "search.keystroke: \(query) found nothing")
                }
            },
        ]
    }

    /// The site's files in a directory of their own (removed with the value).
    final class Site {
        let directory: String
        let config: KioskConfig
        let pdfCache: String
        let search = SiteSearch()

        init() throws {
            for document in SearchScene.documents where !FileManager.default.isReadableFile(atPath: document) {
                throw BenchSetupError("search.* need \(document) (packages shared-mime-info, libtasn1-doc)")
            }
            guard SandboxedProcess.locate("pdftohtml") != nil else { throw BenchSetupError("search.* need poppler-utils (pdftohtml)") }
            directory = NSTemporaryDirectory() + "lectern-bench-search-\(getpid())-\(UUID().uuidString)"
            pdfCache = directory + "/pdf"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            var config = FrameScene.config(pages: [])
            let people = ["Anna Müller", "José Álvarez", "Zoë Brontë", "Søren Kierkegaard", "François Dupont", "Ōta Hiroshi"]
            for n in 0..<96 {
                let path = "\(directory)/page\(n).md"
                let own = "# Room \(n)\n\nAsk \(people[n % people.count]) in room \(100 + n) about collection \(n * 7).\n\n"
                try Data((own + BenchPages.denseMarkdown(sections: 3, images: [])).utf8).write(to: URL(fileURLWithPath: path))
                config.pages.append(.init(title: "Room \(n)", source: .file(path: path)))
            }
            for (n, document) in (SearchScene.documents + SearchScene.documents).enumerated() {
                config.pages.append(.init(title: "Document \(n + 1)", source: .file(path: document)))
            }
            self.config = config
            // The PDF cache warm (as on every start after the first): pdftohtml runs here once.
            _ = SiteSearchText.documents(config: config, pdfTools: PDFTools(cacheDirectory: pdfCache))
        }

        deinit { try? FileManager.default.removeItem(atPath: directory) }

        func build() {
            let report = search.buildNow(config: config, configPath: nil, cacheDirectory: nil, pdfCache: pdfCache)
            precondition(report.pages == 100 && report.problems.isEmpty, "search.index: \(report.pages) pages, \(report.problems)")
        }
    }
}
