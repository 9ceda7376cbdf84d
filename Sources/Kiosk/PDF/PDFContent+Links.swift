import Raster
import Typeset

/// A PDF page's links (internal ones answered by the sheet tops) and text (for speech).
extension PDFContent {
    /// The links of `page` laid out at `width`: internal ones as `#pdf-page-N` (answered
    /// by `sheetTop`), the others as written in the PDF.
    public func links(page: Int, width: Double) -> [LaidOutLink] {
        guard case let .ready(opened) = state(page), let text = opened.text, let stack = stack(page: page, width: width) else { return [] }
        let frame = sheetFrame(page: page, width: width)
        var result: [LaidOutLink] = []
        for sheet in text.pages where stack.tops.indices.contains(sheet.number - 1) {
            let top = stack.tops[sheet.number - 1], h = Double(stack.heights[sheet.number - 1]), w = Double(frame.width)
            for link in sheet.links {
                let rect = IntRect.enclosing(x: Double(frame.left) + link.box.x * w, y: Double(top) + link.box.y * h,
                                             width: link.box.width * w, height: link.box.height * h)
                switch link.target {
                case let .page(n): result.append(LaidOutLink(target: "#\(Self.anchorPrefix)\(n)", text: link.text, rects: [rect]))
                case let .external(address): result.append(LaidOutLink(target: address, text: link.text, rects: [rect]))
                }
            }
        }
        return result
    }

    static let anchorPrefix = "pdf-page-"

    /// `pdf-page-N` → the top of sheet N.
    public func anchorTop(page: Int, width: Double, slug: String) -> Double? {
        guard slug.hasPrefix(Self.anchorPrefix), let n = Int(slug.dropFirst(Self.anchorPrefix.count)) else { return nil }
        return sheetTop(page: page, width: width, sheet: n)
    }

    /// The text of each sheet in poppler's reading order (for speech), once opened.
    public func text(page: Int) -> [String]? {
        guard case let .ready(opened) = state(page), let text = opened.text else { return nil }
        return text.pages.map(\.text)
    }
}
