import Typeset

/// The video clips of laid-out pages, in layout px of page `page` laid out at `width`
/// (the same layout that is drawn, posters included): part of `PageContent`. The
/// typesetter answers it; content without clips (PDF sheets, test fakes) has none.
public protocol PageClips: AnyObject {
    func clips(page: Int, width: Double) -> [PlacedClip]
}

extension PageClips {
    public func clips(page: Int, width: Double) -> [PlacedClip] { [] }
}

extension TypesetContent: PageClips {
    public func clips(page: Int, width: Double) -> [PlacedClip] {
        if let pdf, pdf.isPDF(page) { return [] }
        return layout(page: page, width: width).clips
    }
}
