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
