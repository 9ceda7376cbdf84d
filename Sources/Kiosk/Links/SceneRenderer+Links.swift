import Raster

/// The renderer's share of links: the pressed link's highlight (the back pull's dots are
/// the back affordance's, BackAffordance/BackAffordance.swift).
extension SceneRenderer {
    /// The pressed link's id on the page shown, -1 when none.
    func pressedLink() -> Int {
        guard let pressed = scene.links.pressed, pressed.page == scene.currentPage else { return -1 }
        return pressed.id
    }

    /// Screen boxes of link `id` on the page drawn in `state` (empty for -1).
    func linkBoxes(_ id: Int, state: FrameState) -> [IntRect] {
        linkBoxes(id, page: state.page, pullX: state.pullX, scrollY: state.scrollY)
    }

    func linkBoxes(_ id: Int, page: Int, pullX: Int, scrollY: Int) -> [IntRect] {
        guard id >= 0, let link = scene.content.link(page: page, width: scene.textWidth, id: id) else { return [] }
        let dx = Int(scene.textLeft.rounded()) - pullX
        let dy = Int((KioskScene.marginTop * scene.scale).rounded()) - scrollY
        let pad = Int((2 * scene.scale).rounded())
        return link.rects.map { $0.offsetBy(dx: dx, dy: dy).insetBy(dx: -pad, dy: 0) }
    }

    /// The pressed state: a soft accent wash under the link's text (drawn before the text).
    func drawPressedLink(_ canvas: Canvas, clip: IntRect, state: FrameState, shiftX: Int = 0) {
        let theme = scene.config.theme
        let wash = theme.accent.mixed(over: theme.background, alpha: 0.18)
        for box in linkBoxes(state.pressedLink, state: state) where box.intersects(clip) {
            canvas.fillRoundedRect(x: Double(box.x - shiftX), y: Double(box.y), width: Double(box.width), height: Double(box.height),
                                   radius: 4 * scene.scale, color: wash)
        }
    }

    /// The box around the pressed link's highlight (a frame's decoration), or zero.
    func pressedBox(_ id: Int, page: Int, pullX: Int, scrollY: Int) -> IntRect {
        var box = IntRect.zero
        for rect in linkBoxes(id, page: page, pullX: pullX, scrollY: scrollY) { box = box.union(rect) }
        return box
    }
}
