import Foundation
import PDFPages
import Search
import Typeset

/// The site's pages as the search index reads them: a Markdown or text page's
/// `Document.searchText` (headings, paragraphs, tables, HTML blocks, alt text), a PDF
/// page's text layer as pdftohtml reads it (the answers the PDF cache keeps, so a
/// second start runs no poppler program), under the title the menu gives the page.
/// Only the site's configured pages: nothing else is searched.
public enum SiteSearchText {
    public struct Extracted: Sendable {
        public var documents: [SearchDocument]
        /// One line per page that could not be read (`page title: why`); such a page is
        /// left out of the index, the others are searched.
        public var problems: [String]
    }

    public static func documents(config: KioskConfig, pdfTools: PDFTools) -> Extracted {
        var documents: [SearchDocument] = []
        var problems: [String] = []
        for (index, page) in config.pages.enumerated() {
            switch page.source {
            case let .builtIn(markdown):
                documents.append(SearchDocument(page: index, title: page.title, text: Document.markdown(markdown).searchText))
            case let .file(path) where page.isPDF:
                do {
                    let opened = try pdfTools.open(path: path)
                    let text = opened.text?.pages.map(\.text).joined(separator: "\n") ?? ""
                    if let why = opened.textProblem { problems.append("\(page.title): \(path): no text layer (\(why))") }
                    documents.append(SearchDocument(page: index, title: page.title, text: text))
                } catch {
                    problems.append("\(page.title): \(path): \(error)")
                }
            case let .file(path):
                do {
                    documents.append(SearchDocument(page: index, title: page.title, text: try Document.load(path: path).searchText))
                } catch {
                    problems.append("\(page.title): \(error)")
                }
            }
        }
        return Extracted(documents: documents, problems: problems)
    }

    /// The content version the index is kept under: `SiteCheck`'s hash of the site's
    /// files (the configuration, each page, PDFs included, its images and icons), with
    /// the built-in pages' text and the titles mixed in.
    public static func version(config: KioskConfig, configPath: String?) -> String {
        let files = SiteCheck.version(of: SiteCheck.files(of: config, configPath: configPath))
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for page in config.pages {
            var words = page.title + "\u{0}"
            if case let .builtIn(markdown) = page.source { words += markdown }
            for byte in (words + "\u{0}").utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        }
        let hex = String(hash, radix: 16)
        return files + "-" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Where the index is kept: beside the PDF cache (`…/lectern/pdf` → `…/lectern/pdf-search`),
    /// in a directory of its own so the sandboxed PDF renderers, which may write only in
    /// theirs, never reach it.
    /// The PDF cache (`PDFRenderQueue.defaultCacheDirectory`), whose pdftohtml answers
    /// the index reads.
    public static func pdfCacheDirectory() -> String { PDFRenderQueue.defaultCacheDirectory() }

    public static func defaultCacheDirectory() -> String {
        cacheDirectory(pdfCache: PDFRenderQueue.defaultCacheDirectory())
    }

    public static func cacheDirectory(pdfCache: String) -> String {
        var base = pdfCache
        while base.count > 1, base.hasSuffix("/") { base.removeLast() }
        return base + "-search"
    }
}
