import Typeset

/// The video clips of laid-out pages, in layout px of page `page` laid out at `width`
/// (the same layout that is drawn, posters included): part of `PageContent`. The
/// typesetter answers it; content without clips (PDF sheets, test fakes) has none.
public protocol PageClips: AnyObject {
    func clips(page: Int, width: Double) -> [PlacedClip]
    /// Whether page `page` has any clip, answered without a layout: the scene asks it
    /// every frame, and most pages have none.
    func hasClips(page: Int) -> Bool
    /// The animated pictures of page `page` laid out at `width` (those the scene plays).
    func animations(page: Int, width: Double) -> [PlacedAnimation]
}

extension PageClips {
    public func clips(page: Int, width: Double) -> [PlacedClip] { [] }
    public func hasClips(page: Int) -> Bool { false }
    public func animations(page: Int, width: Double) -> [PlacedAnimation] { [] }
}

extension TypesetContent: PageClips {
    public func clips(page: Int, width: Double) -> [PlacedClip] {
        if let pdf, pdf.isPDF(page) { return [] }
        return layout(page: page, width: width).clips
    }

    public func animations(page: Int, width: Double) -> [PlacedAnimation] {
        if let pdf, pdf.isPDF(page) { return [] }
        return layout(page: page, width: width).animations
    }

    public func hasClips(page: Int) -> Bool {
        if let known = clipPages[page] { return known }
        let has = !(pdf?.isPDF(page) ?? false) && document(page).hasClips
        clipPages[page] = has
        return has
    }
}
