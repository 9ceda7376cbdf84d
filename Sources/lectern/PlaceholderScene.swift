import Foundation
import Platform
import Raster
import Touch

/// A stand-in `FrameSource` so the DRM path can run before the kiosk is wired in:
/// a solid background and a vertical bar that glides to where the screen is
/// touched (and then rests: no frames, no wake-ups). At start it glides in from the
/// left edge to the middle, so even without touch the page-flip path runs. The lead replaces it with the
/// kiosk scene in RunCommand.
final class PlaceholderScene: FrameSource {
    private var width = 0
    private var height = 0
    private var barX = 0.0
    private var targetX = 0.0
    private var lastTime: Double?
    private var drawnBar: IntRect?
    static let background: UInt32 = 0xFF20_3040
    static let bar: UInt32 = 0xFFE0_6030
    static let barWidth = 24

    func resize(width: Int, height: Int) {
        self.width = width
        self.height = height
        // Glide in from the left edge: a short animation that runs on page flips.
        barX = 0
        targetX = Double(width) / 2
        drawnBar = nil
    }

    func handle(_ event: TouchEvent) {
        switch event {
        case let .down(_, x, _, _), let .move(_, x, _, _): targetX = min(max(x, 0), Double(width))
        case .up, .cancel: break
        }
    }

    func needsFrame(at time: Double) -> Bool { abs(barX - targetX) > 0.5 }

    func render(into canvas: Canvas, at time: Double, damage: inout Region) {
        // Exponential glide towards the touch: about 90 % of the way in 0.25 s.
        let dt = lastTime.map { min(max(time - $0, 0), 0.1) } ?? 0
        lastTime = time
        barX += (targetX - barX) * (1 - pow(0.0001, dt))
        if abs(barX - targetX) <= 0.5 { barX = targetX }
        let bar = IntRect(x: Int(barX) - Self.barWidth / 2, y: 0, width: Self.barWidth, height: height)
            .intersection(canvas.bounds)
        if drawnBar == nil {
            fill(canvas, canvas.bounds, Self.background)
            damage.add(canvas.bounds)
        } else if let old = drawnBar, old != bar {
            fill(canvas, old, Self.background)
            damage.add(old)
        }
        if drawnBar != bar || damage.intersects(bar) {
            fill(canvas, bar, Self.bar)
            damage.add(bar)
        }
        drawnBar = bar
        if !needsFrame(at: time) { lastTime = nil }
    }

    func nextDeadline() -> Double? { nil }
    func deadlineReached(at time: Double) {}

    private func fill(_ canvas: Canvas, _ rect: IntRect, _ color: UInt32) {
        let r = rect.intersection(canvas.bounds)
        guard !r.isEmpty else { return }
        for y in r.minY..<r.maxY { (canvas.row(y) + r.x).update(repeating: color, count: r.width) }
    }
}
