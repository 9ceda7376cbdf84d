import Foundation

/// The one owner of "is the menu visible": the menu is presented or not, and its
/// opacity follows with a 0.25 s ease-in-out fade. Toggling mid-fade reverses from
/// the current opacity (the fade runs back along the same curve).
public struct MenuFade: Sendable {
    public static let duration = 0.25

    /// The state the user asked for. Exactly this flag says whether the menu is visible.
    public private(set) var isPresented = false
    /// Fade progress u in [0, 1] at `anchorTime`; opacity = easeInOut(u).
    private var anchorProgress = 0.0
    private var anchorTime = 0.0

    public init() {}

    public func progress(at time: Double) -> Double {
        let elapsed = max(0, time - anchorTime) / Self.duration
        return isPresented ? min(1, anchorProgress + elapsed) : max(0, anchorProgress - elapsed)
    }

    /// The menu layer's opacity factor in [0, 1] (multiply by overlay_alpha).
    public func opacity(at time: Double) -> Double { Self.easeInOut(progress(at: time)) }

    public func isAnimating(at time: Double) -> Bool {
        let u = progress(at: time)
        return isPresented ? u < 1 : u > 0
    }

    public mutating func setPresented(_ presented: Bool, at time: Double) {
        guard presented != isPresented else { return }
        anchorProgress = progress(at: time)
        anchorTime = time
        isPresented = presented
    }

    public mutating func toggle(at time: Double) { setPresented(!isPresented, at: time) }

    /// Hide at once, without a fade (idle reset).
    public mutating func hideImmediately(at time: Double) {
        isPresented = false
        anchorProgress = 0
        anchorTime = time
    }

    /// Shown at once, without a fade (a reload carrying the menu over to the new kiosk).
    public mutating func showImmediately(at time: Double) {
        isPresented = true
        anchorProgress = 1
        anchorTime = time
    }

    /// Core Animation's ease-in-out timing curve: cubic Bézier (0.42, 0, 0.58, 1).
    public static func easeInOut(_ u: Double) -> Double {
        let x = min(max(u, 0), 1)
        // The curve's ends are exact (Newton stays at s = 0 and s = 1): a hidden or shown
        // menu, asked every frame, needs no iteration.
        if x == 0 || x == 1 { return x }
        // Solve Bx(s) = x for s by Newton, then return By(s).
        func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let a = 1 - s
            return 3 * a * a * s * p1 + 3 * a * s * s * p2 + s * s * s
        }
        func derivative(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let a = 1 - s
            return 3 * a * a * p1 + 6 * a * s * (p2 - p1) + 3 * s * s * (1 - p2)
        }
        var s = x
        for _ in 0..<8 {
            let d = derivative(s, 0.42, 0.58)
            guard abs(d) > 1e-9 else { break }
            let next = min(max(s - (bezier(s, 0.42, 0.58) - x) / d, 0), 1)
            // Converged: every further step would leave s where it is.
            if next == s { break }
            s = next
        }
        return bezier(s, 0, 1)
    }
}
