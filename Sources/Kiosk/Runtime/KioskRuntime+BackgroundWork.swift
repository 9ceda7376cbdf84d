import Typeset

/// Work that finishes off the loop and changes what a page shows: the PDF renderers'
/// sheets, a hyphenation dictionary that loaded after the first frame, pictures decoded
/// by `DecodedPictures`' worker. The loop wakes for each through a pipe (KioskDevice)
/// and calls these on its own thread.
extension KioskRuntime {
    /// Work finished off the loop (the PDF renderers' pipe became readable): take it, and
    /// if a page shown may have changed, lay out again and redraw at the next turn.
    public func backgroundWorkFinished(at time: Double) {
        guard let assembly, let pdf = assembly.content.pdf else { return }
        let change = pdf.collect()
        if change.heights { assembly.scene.contentDidChange(at: time) }
        if change.pixels || change.heights { assembly.renderer.invalidate() }
    }

    /// A hyphenation dictionary that layout went without has loaded (the device does not
    /// wait for one before its first frame): the pages are laid out again with it.
    public func hyphenationArrived(at time: Double) {
        guard let assembly else { return }
        assembly.content.dropLayouts()
        assembly.scene.contentDidChange(at: time)
        assembly.renderer.invalidate()
    }

    /// `DecodedPictures`' worker finished a decode: the rows of pictures a frame left
    /// unpainted (not decoded yet) that arrived are drawn at the next turn, those rows
    /// only (the rest of the page is in the shadow already). A picture decoded ahead of
    /// the scroll owes no frame: it is drawn when it comes in.
    public func picturesArrived(at time: Double) {
        let rows = DecodedPictures.shared.takeArrivedRows()
        guard !rows.isEmpty, let assembly else { return }
        let scene = assembly.scene
        assembly.renderer.repaint(assembly.content.rects(showing: rows, page: scene.currentPage, width: scene.textWidth))
    }
}
