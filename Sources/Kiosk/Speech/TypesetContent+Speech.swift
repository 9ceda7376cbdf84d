import Typeset

extension TypesetContent: PageSpeechContent {
    /// A text page's blocks and links as laid out for drawing; a PDF page has no text
    /// blocks here (poppler draws it), only its links.
    public func speechPage(_ page: Int, width: Double) -> SpeechPage {
        if let pdf, pdf.isPDF(page) { return SpeechPage(language: nil, blocks: [], links: pdf.links(page: page, width: width)) }
        let document = document(page)
        let layout = layout(page: page, width: width)
        return SpeechPage(language: document.language, blocks: layout.pageBlocks(of: document), links: layout.links)
    }
}
