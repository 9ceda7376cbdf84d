import Typeset

/// `lectern check` for links: a page link that points nowhere (no such page, file not
/// configured, no such heading, a scheme a kiosk cannot open) is a content error with
/// its file and line; the web and contact links are listed, as they are what visitors
/// take away.
enum LinkCheck {
    /// `reports` (one per page of `config`, in order) with their links checked.
    static func annotate(_ reports: [PageReport], config: KioskConfig) -> [PageReport] {
        var anchors: [Int: Set<String>] = [:]
        func slugs(of page: Int) -> Set<String>? {
            if let known = anchors[page] { return known }
            guard let document = document(config.pages[page]) else { return nil }
            anchors[page] = Set(document.headingSlugs)
            return anchors[page]
        }
        var reports = reports
        for (index, page) in config.pages.enumerated() where index < reports.count {
            let (name, links) = sourceLinks(page)
            for link in links {
                let place = "\(name):\(link.line)"
                switch LinkDestination.resolve(link.target, from: index, pages: config.pages) {
                case let .nowhere(reason):
                    reports[index].problems.append("\(place): link \"\(link.target)\" points nowhere: \(reason)")
                    reports[index].contentError = true
                case let .page(target, anchor?):
                    guard let known = slugs(of: target) else { continue }  // its own report says why
                    if !known.contains(anchor), !known.contains(anchor.lowercased()) {
                        let title = config.pages[target].title
                        reports[index].problems.append("\(place): link \"\(link.target)\" points nowhere: page \(target + 1) (\(title)) has no heading #\(anchor)"
                            + (known.isEmpty ? "" : "; its headings are #" + known.sorted().prefix(8).joined(separator: ", #")))
                        reports[index].contentError = true
                    }
                case .page:
                    break
                case let .web(address):
                    reports[index].webLinks.append("\(address) (\(place))")
                }
            }
        }
        return reports
    }

    private static func sourceLinks(_ page: KioskConfig.Page) -> (String, [SourceLink]) {
        switch page.source {
        case let .builtIn(markdown): return ("built-in", Document.links(inMarkdown: markdown))
        case let .file(path): return (path, (try? Document.links(path: path)) ?? [])
        }
    }

    private static func document(_ page: KioskConfig.Page) -> Document? {
        switch page.source {
        case let .builtIn(markdown): return .markdown(markdown)
        case let .file(path): return try? Document.load(path: path)
        }
    }
}
