import Raster

extension PDFContent {
    /// The parts of `clip` the page's sheets cover whole when drawn at (originX, originY):
    /// every visible sheet's rectangle is written entirely (poppler's pixels, scaled ones
    /// on a white ground, or a placeholder), so the background need not be filled under
    /// it. On a PDF page that is nearly the whole screen; only the gaps between sheets
    /// and the margins beside them are filled.
    func opaqueCover(page: Int, width: Double, originX: Int, originY: Int, clip: IntRect) -> [IntRect] {
        let frame = sheetFrame(page: page, width: width)
        let left = originX + frame.left
        switch state(page) {
        case .loading, .failed:
            let rect = IntRect(x: left, y: originY, width: frame.width, height: placeholderHeight(page: page, width: width))
            let shown = rect.intersection(clip)
            return shown.isEmpty ? [] : [shown]
        case .ready:
            guard let stack = stack(page: page, width: width) else { return [] }
            return stack.pages(overlapping: clip.minY - originY, clip.maxY - originY).compactMap { index in
                let rect = IntRect(x: left, y: originY + stack.tops[index], width: frame.width, height: stack.heights[index])
                let shown = rect.intersection(clip)
                return shown.isEmpty ? nil : shown
            }
        }
    }
}
