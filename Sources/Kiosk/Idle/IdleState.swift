/// The scene's idle side: when the visitor last touched, whether the display is dark and
/// why, whether the visit was reset, whether the attract page is up. The scene changes
/// it as touches come and deadlines pass (`KioskScene.nextDeadline`, `deadlineReached`);
/// the mode router reads `isBlanked` and `attracting` (Scene/InteractionMode.swift).
public struct IdleState: Sendable, Equatable {
    /// The display is dark (idle blanking, the opening hours): a touch wakes it (Idle/).
    public internal(set) var isBlanked = false
    /// The attract page is on screen (Idle/KioskScene+Attract.swift): the next touch goes home.
    public internal(set) var attracting = false
    /// The opening hours have the display off (`[display] on / off`): the runtime says so
    /// from its wall clock; a touch may wake the display for `config.outOfHoursWake`.
    public internal(set) var isScheduledOff = false
    /// The last touch's time: the idle reset and blanking count from it.
    private(set) var lastTouchTime: Double
    /// When the display last came on by a touch or the opening hours: it goes dark again
    /// a blank period after the later of this and the last touch.
    var poweredOnAt: Double
    /// The visit was reset (or none began): no idle reset is due.
    public internal(set) var homeDone = true
    /// The spoken warning before the idle reset was given (cleared by a touch).
    var warned = false

    init(time: Double) {
        lastTouchTime = time
        poweredOnAt = time
    }

    /// A finger touched at `time`: the visit goes on, the idle clock restarts.
    mutating func touched(at time: Double) {
        lastTouchTime = time
        homeDone = false
        warned = false
    }

    /// When the display goes dark after `period` seconds without a touch.
    func blankDeadline(period: Double) -> Double { max(lastTouchTime, poweredOnAt) + period }

    /// Takes over the timers of the scene this one replaces (a reload, a visitor's switch):
    /// a fresh scene counts as gone home, and would never reset the visit. Whether the
    /// display is dark and the attract page stay the new scene's.
    mutating func carryTimers(from old: IdleState) {
        lastTouchTime = old.lastTouchTime
        homeDone = old.homeDone
        warned = old.warned
        poweredOnAt = old.poweredOnAt
    }
}
