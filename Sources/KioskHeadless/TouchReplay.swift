import Kiosk
import Raster
import Touch

/// Plays recorded touch events through the headless kiosk, one by one, and notes every
/// gesture the scene's own recogniser reported with the menu's state after it: the
/// answer to "why didn't my tap register?" for `lectern replay` and the corpus tests.
public final class TouchReplay {
    public struct Entry: Sendable, Equatable {
        public var gesture: Gesture
        /// The menu was presented once the scene had handled the gesture's event.
        public var menuPresented: Bool
    }

    public let player: HeadlessPlayer
    public private(set) var entries: [Entry] = []

    public init(player: HeadlessPlayer) {
        self.player = player
        // Every gesture the scene applies, from touches and from time moving on (a pinch
        // frame only one finger reported is judged when the next thing happens).
        player.runtime.onGesture = { [unowned self] gesture in
            entries.append(Entry(gesture: gesture, menuPresented: self.player.scene.menu.isPresented))
        }
    }

    /// Times at which the menu changed from hidden to shown or back.
    public var menuToggleTimes: [Double] {
        var was = false
        var times: [Double] = []
        for entry in entries where entry.menuPresented != was {
            was = entry.menuPresented
            times.append(entry.gesture.time)
        }
        return times
    }

    /// Feed `events` (sorted by time), drawing no frames.
    public func play(_ events: [TouchEvent]) {
        play(events, frameInterval: nil) { _, _, _ in }
    }

    /// Feed `events` (sorted by time) through the loop. With `frameInterval`, `onFrame`
    /// gets the screen at every multiple of it up to the last event, as `lectern demo` does.
    public func play(_ events: [TouchEvent], frameInterval: Double?,
                     onFrame: (Int, Double, Canvas) throws -> Void) rethrows {
        player.feed(events)
        guard let interval = frameInterval else {
            player.step(to: events.last?.time ?? player.time)
            return
        }
        let end = (events.last?.time ?? 0) + interval / 2 + MenuFade.duration
        var frame = 0
        while Double(frame) * interval < end {
            let t = Double(frame) * interval
            player.step(to: t)
            try onFrame(frame, t, player.canvas)
            frame += 1
        }
    }
}
