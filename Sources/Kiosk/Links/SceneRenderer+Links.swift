import Raster

/// The renderer's share of links: the pressed link's highlight and the back pull's dots.
extension SceneRenderer {
    /// The pressed link's id on the page shown, -1 when none.
    func pressedLink() -> Int {
        guard let pressed = scene.links.pressed, pressed.page == scene.currentPage else { return -1 }
        return pressed.id
    }

    /// Screen boxes of link `id` on the page drawn in `state` (empty for -1).
    func linkBoxes(_ id: Int, state: FrameState) -> [IntRect] {
        guard id >= 0, let link = scene.links.content?.link(page: state.page, width: scene.textWidth, id: id) else { return [] }
        let dx = Int(scene.textLeft.rounded()) - state.pullX
        let dy = Int((KioskScene.marginTop * scene.scale).rounded()) - state.scrollY
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

    /// Where the pressed state changed between two frames (current screen positions: a
    /// moved page carried the old highlight along with its pixels).
    func pressedChange(from last: FrameState, to now: FrameState) -> IntRect {
        guard last.pressedLink != now.pressedLink else { return .zero }
        var box = IntRect.zero
        for rect in linkBoxes(last.pressedLink, state: now) + linkBoxes(now.pressedLink, state: now) { box = box.union(rect) }
        return box.insetBy(dx: -1, dy: -1)
    }

    /// The back affordance's dots when the page is pulled right (and there is history
    /// to go back to, or the dots are still collapsing): the box sits just left of the
    /// page's left edge and moves with it.
    func backDots(pullX: Int, at time: Double) -> DotDraws? {
        let back = scene.links.back
        guard pullX < 0, scene.links.history.canGoBack || back.isVisible(at: time) else { return nil }
        let theme = scene.config.theme
        let boxX = Double(-pullX) - back.width
        let boxY = (scene.height - back.height) / 2
        var dots = DotDraws()
        for i in 0..<PullAffordance.dotCount {
            let d = back.mirroredDot(i, at: time)
            let color: Color = switch d.tone {
            case .accent: theme.accent
            case .foreground: theme.foreground
            case .muted: theme.muted
            }
            dots.append(DotDraw(x: boxX + d.x, y: boxY + d.y, width: d.width, height: d.height, color: color))
        }
        return dots
    }
}
