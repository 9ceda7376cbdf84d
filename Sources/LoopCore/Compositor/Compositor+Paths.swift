/// How the compositor made each frame: the path of the last one (tests) and counts by
/// path (the log's per-minute line). Bookkeeping only; the choice is `compose` and the
/// path functions it dispatches to.
extension Compositor {
    /// How the last frame was made (tests, the log's counts).
    public enum Path: String, Sendable, CaseIterable {
        case unchanged, whole, blank, drawn, panned, moved, decorations, pullDirect, overlaysDirect, overlaysInShadow, pullPanned

        /// Its place in `allCases`.
        var index: Int {
            switch self {
            case .unchanged: 0
            case .whole: 1
            case .blank: 2
            case .drawn: 3
            case .panned: 4
            case .moved: 5
            case .decorations: 6
            case .pullDirect: 7
            case .overlaysDirect: 8
            case .overlaysInShadow: 9
            case .pullPanned: 10
            }
        }
    }

    /// Frames made by each path so far.
    public var counts: [Path: Int] {
        var counts: [Path: Int] = [:]
        for (path, n) in zip(Path.allCases, pathCounts) where n > 0 { counts[path] = n }
        return counts
    }

    func count(_ path: Path) {
        lastPath = path
        pathCounts[path.index] += 1
    }
}
