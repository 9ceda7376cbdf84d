import Foundation
import Kiosk
import PDFPages
import Raster

/// The search figures on a 100-page site that includes PDFs (docs/performance.md):
/// 96 Markdown pages of the dense scenes' prose (some 6 KB each, each with names of its
/// own) written to files, and four PDF pages (Debian's shared-mime-info specification
/// and libtasn1 manual, 17 and 36 pages, each shown twice), their text read from the
/// PDF cache's pdftohtml answers as the kiosk reads it.
/// - `search.index`: the whole index built as the kiosk builds it after the first frame
///   (every page read, its text extracted, the FTS5 table filled), in memory;
/// - `search.keystroke`: a key of the search panel's keyboard tapped where it is drawn
///   (touch down and up through the scene), the query asked again, and the panel with its
///   results drawn into the frame (what the compositor copies to the screen);
/// - `search.query`: the index's part of that alone: a query to ranked results with
///   their snippets.
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
            BenchCase(name: "search.keystroke") { width, height in
                let site = try Site()
                site.build()
                return try Panel(site: site, width: width, height: height).keystroke
            },
            BenchCase(name: "search.query") { _, _ in
                let site = try Site()
                site.build()
                let prefixes = typed.flatMap { word in (1...word.count).map { String(word.prefix($0)) } }
                var next = 0
                return {
                    let query = prefixes[next % prefixes.count]
                    next += 1
                    guard case let .results(results) = site.search.search(query) else { preconditionFailure("search.query: no index") }
                    precondition(query.count < 3 || !results.isEmpty || query.hasPrefix("図"), "search.query: \(query) found nothing")
                }
            },
        ]
    }

    /// Words typed on the Latin keyboard, each followed by the clear key.
    static let typedOnKeys = ["muller", "reading room", "interoperability", "closed stacks", "opening hours", "alvarez"]

    /// The search panel open on the site's kiosk, and a keystroke on it.
    final class Panel {
        let site: Site
        let assembly: KioskAssembly
        let canvas: Bitmap
        let taps: [(x: Double, y: Double)]
        var next = 0
        var time = 1.0

        init(site: Site, width: Int, height: Int) throws {
            self.site = site
            assembly = try KioskAssembly(config: site.config, width: width, height: height)
            let scene = assembly.scene
            scene.siteSearch = site.search
            scene.handle(.down(slot: 0, x: 10, y: 10, time: 0.1))  // leaves the attract page
            scene.handle(.up(slot: 0, time: 0.15))
            scene.openSearch(at: 0.5)
            guard let geometry = scene.searchSession.panel?.geometry else {
                throw BenchSetupError("search.keystroke: \(scene.searchSession.problem ?? "no keyboard")")
            }
            var taps: [(x: Double, y: Double)] = []
            for word in SearchScene.typedOnKeys {
                for character in word {
                    let key = character == " " ? geometry.keys.first { $0.action == .space } : geometry.key(typing: String(character))
                    guard let key else { throw BenchSetupError("search.keystroke: no key for \(character)") }
                    taps.append((key.frame.midX, key.frame.midY))
                }
                guard let clear = geometry.keys.first(where: { $0.action == .clear }) else { throw BenchSetupError("search.keystroke: no clear key") }
                taps.append((clear.frame.midX, clear.frame.midY))
            }
            self.taps = taps
            canvas = try Bitmap(width: width, height: height)
        }

        func keystroke() {
            let tap = taps[next % taps.count]
            next += 1
            time += 0.25
            let scene = assembly.scene
            scene.handle(.down(slot: 0, x: tap.x, y: tap.y, time: time))
            scene.handle(.up(slot: 0, time: time + 0.05))
            let painter = assembly.renderer.frame(at: time + 0.05)
            precondition(painter.frame.overlays.key.panel != 0, "search.keystroke: the panel is not shown")
            painter.composeOverlays(over: canvas.canvas, into: .cached(canvas.canvas), region: Region(canvas.canvas.bounds))
        }
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
