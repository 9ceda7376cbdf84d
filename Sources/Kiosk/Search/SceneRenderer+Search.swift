import Frames
import Raster

/// The search panel in the frame: its `SearchPanelFrame` (the overlay key's panel), and
/// the ring round the block of a page a result opened, as speech mode's focus ring is
/// drawn (a decoration of the page, until the next touch).
extension SceneRenderer {
    func searchPanelFrame() -> SearchPanelFrame? {
        let session = scene.searchSession
        guard session.isPresented, !scene.idle.isBlanked else { return nil }
        let press = session.panel?.press
        return SearchPanelFrame(generation: session.generation, pressedKey: press?.key.frame,
                                alternates: press?.alternateFrames ?? [], chosenAlternate: press?.chosenAlternate,
                                press: session.press)
    }

    /// The highlight's outer box on screen for a frame of `page` at this pull and scroll.
    func searchHighlightBox(page: Int, pullX: Int, scrollY: Int) -> IntRect {
        guard let highlight = scene.searchSession.highlight, highlight.page == page, !scene.isModal else { return .zero }
        let dx = Int(scene.textLeft.rounded()) - pullX
        let dy = Int((KioskScene.marginTop * scene.scale).rounded()) - scrollY
        let pad = Int(((Self.focusStroke + 4) * scene.scale).rounded())
        return highlight.rect.offsetBy(dx: dx, dy: dy).insetBy(dx: -pad, dy: -pad)
    }

    func addSearchHighlight(to decorations: inout Decorations, page: Int, pullX: Int, scrollY: Int) {
        let box = searchHighlightBox(page: page, pullX: pullX, scrollY: scrollY)
        guard !box.isEmpty else { return }
        var h = Hasher()
        h.combine("search"); h.combine(box.x); h.combine(box.y); h.combine(box.width); h.combine(box.height)
        decorations.append(box, tag: h.finalize())
    }

    /// The hit's block: a tint of the accent behind its text, edged in the accent.
    func drawSearchHighlight(_ canvas: Canvas, clip: IntRect, state: FrameState, shiftX: Int) {
        let box = searchHighlightBox(page: state.page, pullX: state.pullX, scrollY: state.scrollY)
        let theme = scene.config.theme
        drawRing(canvas, box: box, clip: clip, shiftX: shiftX, inside: theme.accent.mixed(over: theme.background, alpha: 0.12))
    }
}
