import Raster
import Touch

/// Plays a gesture script through a scene exactly as touches from libinput would arrive,
/// rendering frames into an offscreen bitmap: the headless kiosk, for `lectern demo`,
/// `lectern snapshot` and the tests.
public final class HeadlessPlayer {
    public let scene: KioskScene
    public let renderer: SceneRenderer
    public let frame: Bitmap
    private var damage = Region()
    public private(set) var time = 0.0
    /// Frames actually drawn (damage was not empty), for the "zero redraws at rest" checks.
    public private(set) var redrawCount = 0

    public init(scene: KioskScene, renderer: SceneRenderer) throws {
        self.scene = scene
        self.renderer = renderer
        frame = try Bitmap(width: Int(scene.width), height: Int(scene.height))
    }

    public var canvas: Canvas { frame.canvas }

    /// Feed script events up to and including `time`, then render the frame for `time`.
    /// `onCapture` is called at each capture line with the frame at that moment.
    public func play(_ events: [ScriptEvent], from index: inout Int, until end: Double,
                     onCapture: (String, Canvas) throws -> Void) rethrows {
        while index < events.count, events[index].time <= end {
            let event = events[index]
            index += 1
            step(to: event.time)
            switch event {
            case let .touch(touch): scene.handle(touch)
            case let .capture(name, t):
                render(at: t)
                try onCapture(name, frame.canvas)
            case .wait: break
            }
        }
        step(to: end)
        render(at: end)
    }

    /// Feed script events up to `end` and render the frame for `end`, ignoring captures.
    public func play(_ events: [ScriptEvent], from index: inout Int, until end: Double) {
        play(events, from: &index, until: end) { _, _ in }
    }

    /// Advance time without touches: fire due deadlines (gesture timeouts, idle actions).
    public func step(to t: Double) {
        while let deadline = scene.nextDeadline(), deadline <= t {
            scene.deadlineReached(at: max(deadline, time))
            if let again = scene.nextDeadline(), again <= deadline { break }
        }
        scene.advance(to: t)
        time = max(time, t)
    }

    /// Draw the frame for `t` (damage-tracked against the previous one).
    @discardableResult
    public func render(at t: Double) -> Region {
        step(to: t)
        damage.removeAll()
        renderer.render(into: frame.canvas, at: t, damage: &damage)
        if !damage.isEmpty { redrawCount += 1 }
        return damage
    }
}
