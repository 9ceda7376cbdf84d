import Frames
import Raster

/// Speech mode's focus ring: an accent outline round the focused block or link, so
/// that a sighted companion sees what is being read. One of the frame's decorations
/// (its box; the tag changes with the box), drawn with the page under the text.
extension SceneRenderer {
    /// The ring's stroke in logical px (3 px at scale 1; accent on background ≥ 3:1).
    static let focusStroke = 3.0

    /// The ring's outer box on screen for a frame at this pull and scroll (zero: none).
    func focusBox(pullX: Int, scrollY: Int) -> IntRect {
        guard let rect = scene.speech?.focusRect, !rect.isEmpty, !scene.isModal else { return .zero }
        let dx = Int(scene.textLeft.rounded()) - pullX
        let dy = Int((KioskScene.marginTop * scene.scale).rounded()) - scrollY
        // Outside the text: the stroke plus a gap so the ring never touches a glyph.
        let pad = Int(((Self.focusStroke + 4) * scene.scale).rounded())
        return rect.offsetBy(dx: dx, dy: dy).insetBy(dx: -pad, dy: -pad)
    }

    func addFocusDecoration(to decorations: inout Decorations, pullX: Int, scrollY: Int) {
        let box = focusBox(pullX: pullX, scrollY: scrollY)
        guard !box.isEmpty else { return }
        var h = Hasher()
        h.combine(box.x); h.combine(box.y); h.combine(box.width); h.combine(box.height)
        decorations.append(box, tag: h.finalize())
    }

    /// The ring as an accent rounded rectangle with the background inside it; drawn
    /// before the text, which goes over it.
    func drawFocusRing(_ canvas: Canvas, clip: IntRect, state: FrameState, shiftX: Int) {
        let box = focusBox(pullX: state.pullX, scrollY: state.scrollY)
        drawRing(canvas, box: box, clip: clip, shiftX: shiftX, inside: scene.config.theme.background)
    }

    /// An accent rounded rectangle `box` (screen coordinates) filled with `inside` within
    /// its stroke: speech's focus ring and the search hit's block.
    func drawRing(_ canvas: Canvas, box: IntRect, clip: IntRect, shiftX: Int, inside: Color) {
        guard !box.isEmpty, box.intersects(clip) else { return }
        let stroke = (Self.focusStroke * scene.scale).rounded()
        let radius = 6 * scene.scale
        let x = Double(box.x - shiftX), y = Double(box.y), w = Double(box.width), h = Double(box.height)
        canvas.fillRoundedRect(x: x, y: y, width: w, height: h, radius: radius, color: scene.config.theme.accent)
        canvas.fillRoundedRect(x: x + stroke, y: y + stroke, width: w - 2 * stroke, height: h - 2 * stroke,
                               radius: max(0, radius - stroke), color: inside)
    }
}
