import ArgumentParser
import Foundation
import Kiosk
import Search

/// `lectern search`: what a visitor would find for a query, so a site can be checked
/// before it ships. The same index the kiosk builds (the same pages' text, PDFs' text
/// layers included, the same matching and ranking) and the same results its search
/// panel shows: rank, page title, snippet with the hits in brackets.
struct SearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Print what a visitor searching for QUERY would find: rank, page title and snippet, one result a line.",
        discussion: """
            Results are tab-separated: rank, page number (from 1), page title, and a snippet with the matched \
            words in [brackets]. Case and accents are ignored, every word is a prefix and all are required; \
            only the first \(SearchQuery.maximumLength) characters are searched. Exits 1 when nothing is found.
            """
    )

    @Option(help: "Configuration file (TOML). Without one, the built-in demo pages are searched.")
    var config: String?
    @Option(help: "Most results printed.") var limit: Int = SearchIndex.maximumResults
    @Argument(help: "What the visitor types (several words: all must be found).") var query: [String]

    func validate() throws {
        guard (1...1000).contains(limit) else { throw ValidationError("--limit: \(limit) is not 1…1000") }
        guard !query.joined().isEmpty else { throw ValidationError("give the words to search for") }
    }

    func run() throws {
        let kioskConfig: KioskConfig = try config.map { try ConfigLoader.load(path: $0) } ?? .builtIn
        let typed = query.joined(separator: " ")
        if typed.count > SearchQuery.maximumLength {
            FileHandle.standardError.write(Data("lectern: only the first \(SearchQuery.maximumLength) characters are searched, as on the kiosk\n".utf8))
        }
        let search = SiteSearch()
        // In memory: checking a site writes nothing; the kiosk keeps its index on disk.
        let report = search.buildNow(config: kioskConfig, configPath: config, cacheDirectory: nil,
                                     pdfCache: SiteSearchText.pdfCacheDirectory())
        for problem in report.problems {
            FileHandle.standardError.write(Data("lectern: warning: \(problem); that page is not searched\n".utf8))
        }
        guard case let .results(results) = search.search(typed, limit: limit) else {
            throw DataError("the search index could not be made (out of memory)")
        }
        guard !results.isEmpty else {
            print("nothing found")
            throw ExitCode(1)
        }
        for result in results {
            print("\(result.rank)\t\(result.page + 1)\t\(result.title)\t\(result.snippet.marked())")
        }
    }
}
