/// The back pull, the mirror of pull-for-menu: pulling the page right past its left edge
/// reveals the same three spring dots at that edge (a `PullAffordance` in
/// `KioskScene.links.back`), the first nearest the page; released with all three in the
/// accent colour, it goes back in the history. With no history there is nothing to go
/// back to: no dots, a plain rubber band.
extension PullAffordance {
    /// Dot `i` mirrored within the affordance box: dot 0 at the box's right side, which
    /// touches the page's left edge.
    public func mirroredDot(_ i: Int, at time: Double) -> Dot {
        var d = dot(i, at: time)
        d.x = width - d.x - d.width
        return d
    }
}

extension KioskScene {
    /// How far the page is pulled right over the back affordance's width: the mirror of
    /// `pullProgress`. Always 0 with an empty history.
    public func backProgress(at time: Double) -> Double {
        guard links.history.canGoBack else { return 0 }
        return max(0, -horizontal.offset(at: time)) / links.back.width
    }
}

/// Where the pulls' dots are drawn, with the affordances (the menu pull's in
/// PullAffordance/AffordanceDots.swift): the renderer only asks which a frame shows.
extension DotDraws {
    /// The dots a frame shows at `pullX` (the page's horizontal offset, rounded): the back
    /// pull's when the page is pulled right, else the menu pull's while it shows.
    static func pulls(_ scene: KioskScene, pullX: Int, at time: Double) -> DotDraws {
        if let back = backPull(scene, pullX: pullX, at: time) { return back }
        guard scene.affordance.isVisible(at: time) || pullX > 0 else { return DotDraws() }
        return menuPull(scene, pullX: pullX, at: time)
    }

    /// The back affordance's dots when the page is pulled right (and there is history
    /// to go back to, or the dots are still collapsing): the box sits just left of the
    /// page's left edge and moves with it.
    static func backPull(_ scene: KioskScene, pullX: Int, at time: Double) -> DotDraws? {
        let back = scene.links.back
        guard pullX < 0, scene.links.history.canGoBack || back.isVisible(at: time) else { return nil }
        let theme = scene.config.theme
        let boxX = Double(-pullX) - back.width
        let boxY = (scene.height - back.height) / 2
        var dots = DotDraws()
        for i in 0..<PullAffordance.dotCount {
            let d = back.mirroredDot(i, at: time)
            dots.append(DotDraw(x: boxX + d.x, y: boxY + d.y, width: d.width, height: d.height, color: theme.color(of: d.tone)))
        }
        return dots
    }
}
