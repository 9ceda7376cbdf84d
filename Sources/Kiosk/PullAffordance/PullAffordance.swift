import Spring

/// The pull-for-menu affordance: three dots beyond the page's right edge that stretch
/// from circles into pills as the pull progresses (after Unread).
///
/// Geometry is in logical px relative to the affordance's box (width × height,
/// 60 × 96 by default); the renderer scales and places it. Each dot has its own spring
/// (UIKit duration 0.5 s, damping 0.4, initial velocity 0.5 from rest) whose value is
/// 0 when collapsed and 1 when expanded; it may overshoot either way.
public struct PullAffordance: Sendable {
    public static let dotCount = 3
    public static let dotSpring = SpringParameters(uikitDuration: 0.5, dampingRatio: 0.4, relativeVelocity: 0.5)
    public static let dotRelativeVelocity = 0.5

    public let width: Double
    public let height: Double
    /// Dot width w: the collapsed circle's diameter (the article's 4 pt at 2×).
    public let dotWidth: Double

    public private(set) var progress: Double = 0
    private var dots: [SpringAnimation]
    /// Per dot, the time from which on its spring rests for good: asked every frame whether
    /// it moves, a settled dot answers without evaluating its spring (the same answer).
    private var settled: [Double]

    public enum Tone: Sendable, Equatable { case muted, foreground, accent }

    public struct Dot: Sendable, Equatable {
        public var x: Double, y: Double, width: Double, height: Double
        public var cornerRadius: Double { min(width, height) / 2 }
        public var tone: Tone
    }

    public init(width: Double = 60, height: Double = 96, dotWidth: Double = 8) {
        self.width = width
        self.height = height
        self.dotWidth = dotWidth
        dots = Array(repeating: SpringAnimation(parameters: Self.dotSpring, value: 0), count: Self.dotCount)
        settled = Array(repeating: -.infinity, count: Self.dotCount)
    }

    /// Whether dot `i` is expanded at `progress`: i/n + 1/n < progress.
    public static func isExpanded(_ i: Int, progress: Double) -> Bool {
        let n = Double(dotCount)
        return Double(i) / n + 1 / n < progress
    }

    /// Releasing now opens the menu.
    public var isArmed: Bool { progress >= 1 }

    /// Set the pull progress at `time`; dots whose expanded state changes retarget
    /// their springs (continuing from their current motion).
    public mutating func setProgress(_ newValue: Double, at time: Double) {
        progress = max(0, newValue)
        for i in dots.indices {
            let target: Double = Self.isExpanded(i, progress: progress) ? 1 : 0
            if dots[i].target != target {
                dots[i].retarget(to: target, at: time, relativeVelocityFromRest: Self.dotRelativeVelocity)
                settled[i] = dots[i].restsForGood(positionTolerance: Self.rest.position, velocityTolerance: Self.rest.velocity)
            }
        }
    }

    /// Spring value of dot `i` (0 collapsed, 1 expanded).
    public func expansion(of i: Int, at time: Double) -> Double { dots[i].value(at: time) }

    public func isAnimating(at time: Double) -> Bool {
        for i in dots.indices where time < settled[i] && !Self.isAtRest(dots[i], at: time) { return true }
        return false
    }

    /// A dot whose spring is this close to its target and this slow is drawn at its
    /// target: a frame drawn later then looks the same as the last one of the animation
    /// (the closed form keeps moving by tiny amounts forever, which would make a wake-up
    /// for anything else redraw the dots).
    private static func isAtRest(_ spring: SpringAnimation, at time: Double) -> Bool {
        spring.isAtRest(at: time, positionTolerance: rest.position, velocityTolerance: rest.velocity)
    }
    private static let rest = (position: 0.002, velocity: 0.02)

    /// Where dot `i`'s spring is drawn at `time`: its target once at rest, else its value
    /// (one evaluation of the spring for both).
    private func drawnExpansion(of i: Int, at time: Double) -> Double {
        if time >= settled[i] { return dots[i].target }
        let state = dots[i].state(at: time, positionTolerance: Self.rest.position, velocityTolerance: Self.rest.velocity)
        return state.atRest ? dots[i].target : state.value
    }

    /// Whether anything of the affordance would be drawn (a pull in progress or a dot still moving).
    public func isVisible(at time: Double) -> Bool { progress > 0 || isAnimating(at: time) }

    /// The dots' rectangles within the affordance box, and their tone, at `time`.
    public func dots(at time: Double) -> [Dot] {
        (0..<Self.dotCount).map { dot($0, at: time) }
    }

    /// Dot `i`'s rectangle within the affordance box, and its tone, at `time`.
    public func dot(_ i: Int, at time: Double) -> Dot {
        let spacing = width / Double(Self.dotCount)
        let w = dotWidth
        let e = drawnExpansion(of: i, at: time)
        // Interpolate (and extrapolate on overshoot) between the collapsed circle
        // (w × w) and the expanded pill (w/2 × full height).
        let dotWidth = max(0.5, w + (w / 2 - w) * e)
        let dotHeight = max(0.5, w + (height - w) * e)
        let boxX = spacing * Double(i)
        let tone: Tone = isArmed ? .accent : (Self.isExpanded(i, progress: progress) ? .foreground : .muted)
        return Dot(x: boxX + (w - dotWidth) / 2, y: (height - dotHeight) / 2, width: dotWidth, height: dotHeight, tone: tone)
    }
}
