import Typeset

/// What the scene needs to know about the links and headings of laid-out pages, in
/// layout px of page `page` laid out at `width` (the same layout that is drawn): part of
/// `PageContent`. The typesetter answers it (`TypesetContent`); content without text has
/// none (the defaults).
public protocol PageLinks: AnyObject {
    /// The id of the link at (x, y), its boxes grown to at least `minimumSize` px.
    func link(page: Int, width: Double, atX x: Double, y: Double, minimumSize: Double) -> Int?
    func link(page: Int, width: Double, id: Int) -> LaidOutLink?
    /// The top of the heading whose GitHub-style slug is `slug`.
    func anchorTop(page: Int, width: Double, slug: String) -> Double?
}

extension PageLinks {
    public func link(page: Int, width: Double, atX x: Double, y: Double, minimumSize: Double) -> Int? { nil }
    public func link(page: Int, width: Double, id: Int) -> LaidOutLink? { nil }
    public func anchorTop(page: Int, width: Double, slug: String) -> Double? { nil }
}

extension TypesetContent: PageLinks {
    public func link(page: Int, width: Double, atX x: Double, y: Double, minimumSize: Double) -> Int? {
        if let pdf, pdf.isPDF(page) {
            return LaidOutLink.index(in: pdf.links(page: page, width: width), atX: x, y: y, minimumSize: minimumSize)
        }
        return layout(page: page, width: width).link(atX: x, y: y, minimumSize: minimumSize)
    }

    public func link(page: Int, width: Double, id: Int) -> LaidOutLink? {
        let links: [LaidOutLink]
        if let pdf, pdf.isPDF(page) { links = pdf.links(page: page, width: width) } else { links = layout(page: page, width: width).links }
        return links.indices.contains(id) ? links[id] : nil
    }

    public func anchorTop(page: Int, width: Double, slug: String) -> Double? {
        if let pdf, pdf.isPDF(page) { return pdf.anchorTop(page: page, width: width, slug: slug) }
        let layout = layout(page: page, width: width)
        // An anchor written by hand may differ in case from the slug (always lower case).
        return (layout.anchorTop(slug) ?? layout.anchorTop(slug.lowercased())).map(Double.init)
    }
}
