import Foundation
import Measure

/// The opening hours as the runtime last read them (`[display] on / off`): whether they
/// have the display off, their next change as a time on the loop's clock, and when they
/// were asked. The wall clock is read at every turn, so a clock set by NTP (or by hand)
/// is followed at the next wake-up.
struct OpeningHoursState {
    private(set) var off = false
    private(set) var nextChange: Double?
    /// When the hours were last asked (loop time).
    private(set) var asked = 0.0

    /// Asks `schedule` at loop time `time` from the wall clock read now. Answers whether
    /// the display's state changed.
    mutating func follow(_ schedule: DisplaySchedule, wallClock: WallClock, at time: Double) -> Bool {
        let wall = wallClock.now()
        let answer = schedule.state(at: wall, in: wallClock.timeZone)
        let changed = off != !answer.on
        off = !answer.on
        nextChange = answer.nextChange.map { time + max(0, $0 - wall) }
        asked = time
        return changed
    }

    /// No hours apply (none configured, or no wall clock).
    mutating func clear() {
        off = false
        nextChange = nil
    }
}

extension KioskRuntime {
    /// The hours' last answer: whether they have the display off.
    public var scheduledOff: Bool { hours.off }

    /// The hours say off but the scene is still lit because no frame was drawn yet: the
    /// kiosk shows one frame (the boot handover, the service's readiness), then goes dark
    /// at the next turn, which this deadline asks for. Nothing owed while nothing can be
    /// drawn (no canvas), so no spinning.
    var scheduleOwed: Double? {
        guard hours.off, let assembly, assembly.renderer.hasDrawn, !assembly.scene.idle.isScheduledOff else { return nil }
        return hours.asked
    }

    /// Asks the opening hours at loop time `time`, from the wall clock read now. Called
    /// every turn; the next change becomes a loop deadline, converted anew each time.
    public func followSchedule(at time: Double) {
        guard let schedule = config.display.schedule, let wallClock else {
            hours.clear()
            assembly?.scene.setScheduledOff(false, at: time)
            return
        }
        if hours.follow(schedule, wallClock: wallClock, at: time) { log("opening hours: display \(hours.off ? "off" : "on")") }
        guard let assembly, assembly.renderer.hasDrawn || !hours.off else { return }
        assembly.scene.setScheduledOff(hours.off, at: time)
    }

    /// Whether the opening hours have the panel dark now: closed, and not lit by a touch
    /// out of hours (`wake_on_touch`); false without hours. Before the first frame the
    /// scene is still lit for it, but the hours' answer is what counts.
    public var hoursHaveDisplayDark: Bool {
        guard hours.off, let idle = assembly?.scene.idle, idle.isScheduledOff else { return hours.off }
        return idle.isBlanked
    }
}
