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
    /// Whether page `page` has an animated picture at any width (a table that pans keeps
    /// one still at some widths): asked every frame; the answer is kept per page.
    func hasAnimations(page: Int, width: Double) -> Bool
}

extension PageClips {
    public func clips(page: Int, width: Double) -> [PlacedClip] { [] }
    public func hasClips(page: Int) -> Bool { false }
    public func animations(page: Int, width: Double) -> [PlacedAnimation] { [] }
    public func hasAnimations(page: Int, width: Double) -> Bool { !animations(page: page, width: width).isEmpty }
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

    public func hasAnimations(page: Int, width: Double) -> Bool {
        if let known = animatedPages[page] { return known }
        let has = !(pdf?.isPDF(page) ?? false) && layout(page: page, width: width).hasAnimatedPictures
        animatedPages[page] = has
        return has
    }

    public func hasClips(page: Int) -> Bool {
        if let known = clipPages[page] { return known }
        let has = !(pdf?.isPDF(page) ?? false) && document(page).hasClips
        clipPages[page] = has
        return has
    }
}
