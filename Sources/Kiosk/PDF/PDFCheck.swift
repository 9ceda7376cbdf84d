import Foundation
import PDFPages

/// `lectern check` for a PDF page: opened by poppler in its sandbox exactly as the
/// kiosk opens it (page count, sizes, text and links), so a PDF that will show a
/// placeholder fails here first.
enum PDFCheck {
    static func report(page: KioskConfig.Page, path: String) -> PageReport {
        var report = PageReport(title: page.title, source: path)
        do {
            let opened = try PDFTools(cacheDirectory: PDFRenderQueue.defaultCacheDirectory()).open(path: path)
            let text = opened.text?.pages ?? []
            let words = text.reduce(0) { $0 + $1.text.split(whereSeparator: \.isWhitespace).count }
            report.notes.append("PDF: \(opened.info.pageCount) page(s), \(words) word(s) of text; renderer sandbox: \(opened.sandbox)")
            if opened.info.pageCount > opened.info.pages.count {
                report.warnings.append("only the first \(opened.info.pages.count) of \(opened.info.pageCount) pages are shown")
            }
            if let problem = opened.textProblem { report.warnings.append("no links or text: \(problem)") }
            if let problem = opened.annotationProblem { report.warnings.append("links on pictures and drawings not read: \(problem)") }
            for sheet in text {
                // One line per address on a page, however many boxes lead there.
                var listed = Set<String>()
                for link in sheet.links {
                    switch link.target {
                    case let .page(n) where n > opened.info.pages.count:
                        report.problems.append("page \(sheet.number): link \"\(link.text)\" to page \(n), which is not shown")
                    case .page:
                        break
                    case let .external(address):
                        switch LinkDestination.resolve(address, from: 0, pages: []) {
                        case .web:
                            guard listed.insert(address).inserted else { continue }
                            let text = link.text.isEmpty ? "on a picture" : "\"\(link.text)\""
                            report.webLinks.append("page \(sheet.number): \(address) (\(text))")
                        default:
                            guard listed.insert(address).inserted else { continue }
                            report.warnings.append("page \(sheet.number): link \(address) leads nowhere on a kiosk")
                        }
                    }
                }
            }
        } catch {
            report.problems.append("\(error)")
            report.contentError = true
        }
        return report
    }
}
